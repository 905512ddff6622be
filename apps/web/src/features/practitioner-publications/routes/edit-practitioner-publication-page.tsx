import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { pages } from '@pca/contracts/pages.ts';
import { practitionerPublicationMessages as messages } from '@pca/contracts/practitioner-publications-paths.ts';
import type { PractitionerPublication } from '@pca/contracts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { PageAlert } from '@pca/ui/primitives/page-alert.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { formatDate } from '#lib/dates.ts';
import { QueryView } from '#lib/query-view.tsx';
import {
  usePractitionerPublications,
  useRemovePublication,
  useUpdatePublication,
} from '../api/practitioner-publications.ts';
import { PublicationFormLayout } from '../components/publication-form-layout.tsx';
import { ConfirmDialog } from '#lib/confirm-dialog.tsx';
import { SharingFields } from '../components/sharing-fields.tsx';
import { StatementAcceptance } from '../components/statement-acceptance.tsx';
import type { PublicationOutcome } from '../components/outcome.ts';

/**
 * Edit one partner service (`practitioner/publish/edit?partnerServiceId=`): its two choices, or remove it.
 * Publishing on anything but the partner's latest statement accepted by a person asks for it to be accepted here
 * (docs/decisions/081-practitioner-publication-acceptance.md).
 */
export function EditPractitionerPublicationPage() {
  const [query] = useSearchParams();
  const partnerServiceId = query.get('partnerServiceId') ?? '';
  const list = usePractitionerPublications();

  return (
    // The h1 is above every state, loading, failed, not found or the form (docs/product/shell.md#layout).
    <Stack gap={2}>
      <H1>{messages.editTitle}</H1>
      <QueryView
        query={list}
        loading={<Loading message={messages.loading} />}
        thing="your publishing settings"
        logMessage="Practitioner publications failed to load"
      >
        {({ items, mayChangePersonalContactSharing, managing, practitioner }) => {
          const item = items.find((i) => i.partner.id === partnerServiceId);
          if (!item)
            return (
              <PageAlert tone="warning" title={messages.notFoundTitle}>
                <Text as="p">{messages.notFound}</Text>
              </PageAlert>
            );
          return (
            <EditForm
              key={item.partner.id}
              item={item}
              mayChangeSharing={mayChangePersonalContactSharing}
              onBehalfOf={managing ? `${practitioner.givenName} ${practitioner.familyName}` : null}
            />
          );
        }}
      </QueryView>
    </Stack>
  );
}

/** Whether the row's acceptance names the partner's latest statement and the person who accepted it. */
const acceptanceCurrent = (item: PractitionerPublication) =>
  item.acceptance !== null &&
  item.acceptance.acceptedBy !== null &&
  item.partner.latestStatement !== null &&
  item.acceptance.version === item.partner.latestStatement.version;

function EditForm({
  item,
  mayChangeSharing,
  onBehalfOf,
}: {
  item: PractitionerPublication;
  mayChangeSharing: boolean;
  onBehalfOf: string | null;
}) {
  const navigate = useNavigate();
  const update = useUpdatePublication();
  const remove = useRemovePublication();
  // A row the partner's request made has no choice yet: publishing is then a choice to make here.
  const [publish, setPublish] = useState(item.publish ?? false);
  const [share, setShare] = useState(item.sharePersonalContact);
  const [accepted, setAccepted] = useState(false);
  const [acceptMissing, setAcceptMissing] = useState(false);
  // Removing forgets the partner's request for personal contact details too: asked before it is done.
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const current = acceptanceCurrent(item);
  const statement = item.partner.latestStatement;
  const asksAcceptance = publish && !current;
  const back = (outcome: PublicationOutcome['outcome']) =>
    void navigate(pages.publishing.practitioner.href(), {
      state: { outcome, partnerName: item.partner.name } satisfies PublicationOutcome,
    });

  return (
    <PublicationFormLayout
      onSubmit={() => {
        if (asksAcceptance && (!statement || !accepted)) {
          setAcceptMissing(true);
          return;
        }
        update.mutate(
          {
            partnerServiceId: item.partner.id,
            body: {
              publish,
              sharePersonalContact: share,
              ...(asksAcceptance && statement
                ? { acceptInformationUseStatementId: statement.id }
                : {}),
            },
          },
          { onSuccess: () => back('updated') },
        );
      }}
      saving={update.isPending}
      error={update.error}
      extra={
        <>
          <Button
            variant="text"
            onClick={() => {
              remove.reset();
              setConfirmingRemove(true);
            }}
          >
            {messages.remove}
          </Button>
          <ConfirmDialog
            isOpen={confirmingRemove}
            title={messages.removeTitle(item.partner.name)}
            warning={messages.removeWarning(item.partner.name)}
            confirmLabel={messages.removeConfirm}
            onClose={() => setConfirmingRemove(false)}
            onConfirm={() =>
              remove.mutate(
                { partnerServiceId: item.partner.id },
                { onSuccess: () => back('removed') },
              )
            }
            saving={remove.isPending}
            serverError={remove.error}
            thing="the partner service"
            action="remove"
            askWhom={onBehalfOf ? onBehalfOf : 'an administrator of the business'}
          />
        </>
      }
    >
      <Stack gap={0.5}>
        <Text fontWeight="bold">{messages.partnerLabel}</Text>
        <Text>{item.partner.name}</Text>
      </Stack>
      {item.needsAcceptance && statement ? (
        <PageAlert tone="warning" title={messages.needsAcceptance}>
          <Text as="p">{messages.pausedEditText(item.partner.name, statement.version)}</Text>
        </PageAlert>
      ) : null}
      {item.publish === null ? (
        <Text as="p" color="muted">
          {messages.notChosenHint(item.partner.name)}
        </Text>
      ) : null}
      <SharingFields
        publish={publish}
        onPublishChange={setPublish}
        sharePersonalContact={share}
        onShareChange={setShare}
        requested={item.personalContactRequested}
        mayChangeSharing={mayChangeSharing}
        onBehalfOf={onBehalfOf}
      />
      {item.acceptance && current ? (
        <Text as="p" color="muted">
          {messages.acceptedOn(
            item.acceptance.version,
            item.acceptance.acceptedBy,
            formatDate(item.acceptance.acceptedAt),
            item.acceptance.byDelegate,
          )}
        </Text>
      ) : null}
      {asksAcceptance ? (
        <StatementAcceptance
          partnerName={item.partner.name}
          statement={statement}
          accepted={accepted}
          onAcceptedChange={(value) => {
            setAccepted(value);
            setAcceptMissing(false);
          }}
          missing={acceptMissing}
          onBehalfOf={onBehalfOf}
        />
      ) : null}
    </PublicationFormLayout>
  );
}

export { EditPractitionerPublicationPage as Component };
