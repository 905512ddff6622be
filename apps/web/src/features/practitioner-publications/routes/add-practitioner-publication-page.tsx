import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { pages } from '@pca/contracts/pages.ts';
import { practitionerPublicationMessages as messages } from '@pca/contracts/practitioner-publications-paths.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { SelectField } from '@pca/ui/input-fields/text-field.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import {
  useAddPublication,
  useAvailablePartners,
  usePractitionerPublications,
} from '../api/practitioner-publications.ts';
import { PublicationFormLayout } from '../components/publication-form-layout.tsx';
import { SharingFields } from '../components/sharing-fields.tsx';
import { StatementAcceptance } from '../components/statement-acceptance.tsx';
import type { PublicationOutcome } from '../components/outcome.ts';

/**
 * Add a partner service (`practitioner/publish/add`): choose the partner and whether it receives the practitioner
 * details. A partner just added has not asked for personal contact details, so their sharing stays off here.
 * Publishing shows the partner's latest information use statement and needs it accepted; the request names the
 * statement shown (docs/decisions/081-practitioner-publication-acceptance.md).
 */
export function AddPractitionerPublicationPage() {
  const navigate = useNavigate();
  const partners = useAvailablePartners();
  const list = usePractitionerPublications();
  const add = useAddPublication();
  const [partnerServiceId, setPartnerServiceId] = useState('');
  const [publish, setPublish] = useState(true);
  const [share, setShare] = useState(false);
  const [missing, setMissing] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [acceptMissing, setAcceptMissing] = useState(false);

  // The h1 is above every state, loading, failed or the form (docs/product/shell.md#layout).
  const page = (content: ReactNode) => (
    <Stack gap={2}>
      <H1>{messages.addTitle}</H1>
      {content}
    </Stack>
  );
  if (partners.isError)
    return page(
      <ApiErrorAlert
        error={partners.error}
        thing="the partner services"
        onRetry={() => void partners.refetch()}
        logMessage="Available partners failed to load"
      />,
    );
  if (partners.isPending || list.isPending) return page(<Loading message={messages.loading} />);

  const options = partners.data.items.map((p) => ({ value: p.id, label: p.name }));
  const chosen = partners.data.items.find((p) => p.id === partnerServiceId);
  const managing = list.data?.managing
    ? `${list.data.practitioner.givenName} ${list.data.practitioner.familyName}`
    : null;
  const submit = () => {
    const partner = chosen;
    if (!partner) {
      setMissing(true);
      return;
    }
    const statement = partner.latestStatement;
    if (publish && (!statement || !accepted)) {
      setAcceptMissing(true);
      return;
    }
    add.mutate(
      {
        partnerServiceId,
        publish,
        sharePersonalContact: share,
        ...(publish && statement ? { acceptInformationUseStatementId: statement.id } : {}),
      },
      {
        onSuccess: () =>
          void navigate(pages.publishing.practitioner.href(), {
            state: { outcome: 'added', partnerName: partner.name } satisfies PublicationOutcome,
          }),
      },
    );
  };

  return page(
    <PublicationFormLayout onSubmit={submit} saving={add.isPending} error={add.error}>
      {options.length === 0 ? (
        <Text as="p">{messages.noPartnersLeft}</Text>
      ) : (
        <SelectField
          label={messages.partnerLabel}
          required
          options={options}
          value={partnerServiceId}
          onValueChange={(value) => {
            setPartnerServiceId(value);
            setMissing(false);
            // Acceptance is of one partner's statement: choosing another asks again.
            setAccepted(false);
            setAcceptMissing(false);
          }}
          message={missing ? messages.partnerRequired : undefined}
        />
      )}
      <SharingFields
        publish={publish}
        onPublishChange={setPublish}
        sharePersonalContact={share}
        onShareChange={setShare}
        requested={false}
        mayChangeSharing={list.data?.mayChangePersonalContactSharing ?? true}
        onBehalfOf={managing}
      />
      {chosen && publish ? (
        <StatementAcceptance
          partnerName={chosen.name}
          statement={chosen.latestStatement}
          accepted={accepted}
          onAcceptedChange={(value) => {
            setAccepted(value);
            setAcceptMissing(false);
          }}
          missing={acceptMissing}
          onBehalfOf={managing}
        />
      ) : null}
    </PublicationFormLayout>,
  );
}

export { AddPractitionerPublicationPage as Component };
