import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { pages } from '@pca/contracts/pages.ts';
import { practitionerPublicationMessages as messages } from '@pca/contracts/practitioner-publications-paths.ts';
import type { PractitionerPublication } from '@pca/contracts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { PageAlert } from '@pca/ui/primitives/page-alert.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { QueryView } from '#lib/query-view.tsx';
import {
  usePractitionerPublications,
  useRemovePublication,
  useUpdatePublication,
} from '../api/practitioner-publications.ts';
import { PublicationFormLayout } from '../components/publication-form-layout.tsx';
import { SharingFields } from '../components/sharing-fields.tsx';
import type { PublicationOutcome } from '../components/outcome.ts';

/** Edit one partner service (`practitioner/publish/edit?partnerServiceId=`): its two choices, or remove it. */
export function EditPractitionerPublicationPage() {
  const [query] = useSearchParams();
  const partnerServiceId = query.get('partnerServiceId') ?? '';
  const list = usePractitionerPublications();

  return (
    <QueryView
      query={list}
      loading={<Loading message={messages.loading} />}
      thing="your publishing settings"
      logMessage="Practitioner publications failed to load"
    >
      {({ items, mayChangePersonalContactSharing }) => {
        const item = items.find((i) => i.partner.id === partnerServiceId);
        if (!item)
          return (
            <PageAlert tone="warning" title={messages.editTitle}>
              <Text as="p">{messages.notFound}</Text>
            </PageAlert>
          );
        return (
          <EditForm
            key={item.partner.id}
            item={item}
            mayChangeSharing={mayChangePersonalContactSharing}
          />
        );
      }}
    </QueryView>
  );
}

function EditForm({
  item,
  mayChangeSharing,
}: {
  item: PractitionerPublication;
  mayChangeSharing: boolean;
}) {
  const navigate = useNavigate();
  const update = useUpdatePublication();
  const remove = useRemovePublication();
  const [publish, setPublish] = useState(item.publish);
  const [share, setShare] = useState(item.sharePersonalContact);
  const back = (outcome: PublicationOutcome['outcome']) =>
    void navigate(pages.publishing.practitioner.href(), {
      state: { outcome, partnerName: item.partner.name } satisfies PublicationOutcome,
    });

  return (
    <PublicationFormLayout
      title={messages.editTitle}
      onSubmit={() =>
        update.mutate(
          {
            partnerServiceId: item.partner.id,
            body: { publish, sharePersonalContact: share },
          },
          { onSuccess: () => back('updated') },
        )
      }
      saving={update.isPending}
      error={update.error ?? remove.error}
      extra={
        <Button
          variant="text"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(
              { partnerServiceId: item.partner.id },
              { onSuccess: () => back('removed') },
            )
          }
        >
          {messages.remove}
        </Button>
      }
    >
      <Stack gap={0.5}>
        <Text fontWeight="bold">{messages.partnerLabel}</Text>
        <Text>{item.partner.name}</Text>
      </Stack>
      <SharingFields
        publish={publish}
        onPublishChange={setPublish}
        sharePersonalContact={share}
        onShareChange={setShare}
        requested={item.personalContactRequested}
        mayChangeSharing={mayChangeSharing}
      />
    </PublicationFormLayout>
  );
}

export { EditPractitionerPublicationPage as Component };
