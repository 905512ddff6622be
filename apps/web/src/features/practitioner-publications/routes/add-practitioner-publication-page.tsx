import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pages } from '@pca/contracts/pages.ts';
import { practitionerPublicationMessages as messages } from '@pca/contracts/practitioner-publications-paths.ts';
import { Text } from '@pca/ui/primitives/text.ts';
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
import type { PublicationOutcome } from '../components/outcome.ts';

/**
 * Add a partner service (`practitioner/publish/add`): choose the partner and whether it receives the practitioner
 * details. A partner just added has not asked for personal contact details, so their sharing stays off here.
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

  if (partners.isError)
    return (
      <ApiErrorAlert
        error={partners.error}
        thing="the partner services"
        onRetry={() => void partners.refetch()}
        logMessage="Available partners failed to load"
      />
    );
  if (partners.isPending || list.isPending) return <Loading message={messages.loading} />;

  const options = partners.data.items.map((p) => ({ value: p.id, label: p.name }));
  const submit = () => {
    const partner = partners.data.items.find((p) => p.id === partnerServiceId);
    if (!partner) {
      setMissing(true);
      return;
    }
    add.mutate(
      { partnerServiceId, publish, sharePersonalContact: share },
      {
        onSuccess: () =>
          void navigate(pages.publishing.practitioner.href(), {
            state: { outcome: 'added', partnerName: partner.name } satisfies PublicationOutcome,
          }),
      },
    );
  };

  return (
    <PublicationFormLayout
      title={messages.addTitle}
      onSubmit={submit}
      saving={add.isPending}
      error={add.error}
    >
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
      />
    </PublicationFormLayout>
  );
}

export { AddPractitionerPublicationPage as Component };
