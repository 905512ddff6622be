import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@ag.ds-next/react/stack';
import {
  SummaryList,
  SummaryListItem,
  SummaryListItemDescription,
  SummaryListItemTerm,
} from '@ag.ds-next/react/summary-list';
import { Button, ButtonGroup } from '@ag.ds-next/react/button';
import { H2 } from '@ag.ds-next/react/heading';
import { Alert } from '@pca/ui';
import { OrganisationUpdate, type OrganisationDetail } from '@pca/contracts';
import { formatDate } from '#lib/dates.ts';
import { useUpdateOrganisation } from '../api/update-organisation.ts';
import { ErrorSummary, FormTextField, useFieldId } from '#lib/forms/form-kit.tsx';

const none = (value: string | null) => value || 'Not provided';
/** "73947541005" → "73 947 541 005", as ABNs are printed. */
const formatAbn = (abn: string | null) =>
  abn && /^\d{11}$/.test(abn) ? abn.replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4') : abn;

/** Props of OrganisationDetails. */
export type OrganisationDetailsProps = {
  /** The organisation. */
  organisation: OrganisationDetail;
};

/** The details tab: a summary, and for managers an edit form (name, alias, business name, fax, website). */
export function OrganisationDetails({ organisation: o }: OrganisationDetailsProps) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  if (editing)
    return (
      <EditDetails
        organisation={o}
        onDone={(didSave) => {
          setEditing(false);
          setSaved(didSave);
        }}
      />
    );
  return (
    <Stack gap={1.5}>
      {saved ? (
        <Alert tone="success" title="Organisation details saved" onClose={() => setSaved(false)} />
      ) : null}
      <SummaryList>
        <Item term="Name" value={o.name} />
        <Item term="Alias" value={none(o.alias)} />
        <Item term="Business name" value={none(o.businessName)} />
        <Item
          term="Type"
          value={o.type === 'HiOrganisation' ? 'HI organisation' : 'Participating organisation'}
        />
        {o.type === 'ParticipatingOrganisation' ? (
          <Item term="ABN" value={none(formatAbn(o.abn))} />
        ) : null}
        {o.type === 'HiOrganisation' ? <Item term="HPI-O" value={none(o.hpio)} /> : null}
        {o.parent ? <Item term="Parent organisation" value={o.parent.name} /> : null}
        {o.phone ? <Item term="Phone" value={o.phone} /> : null}
        {o.email ? <Item term="Email" value={o.email} /> : null}
        <Item term="Fax" value={none(o.fax)} />
        <Item term="Website" value={none(o.website)} />
        <Item term="Date created" value={formatDate(o.dateCreated)} />
      </SummaryList>
      {o.canEdit ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            Edit details
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}

function Item({ term, value }: { term: string; value: string }) {
  return (
    <SummaryListItem>
      <SummaryListItemTerm>{term}</SummaryListItemTerm>
      <SummaryListItemDescription>{value}</SummaryListItemDescription>
    </SummaryListItem>
  );
}

function EditDetails({
  organisation: o,
  onDone,
}: {
  organisation: OrganisationDetail;
  onDone: (saved: boolean) => void;
}) {
  const fieldId = useFieldId();
  const mutation = useUpdateOrganisation(o.id);
  const form = useForm<OrganisationUpdate>({
    resolver: zodResolver(OrganisationUpdate),
    // The error summary takes focus, not the first invalid field.
    shouldFocusError: false,
    defaultValues: {
      name: o.name,
      alias: o.alias ?? '',
      businessName: o.businessName ?? '',
      fax: o.fax ?? '',
      website: o.website ?? '',
    },
  });
  const submit = form.handleSubmit((body) =>
    mutation.mutate(body, { onSuccess: () => onDone(true) }),
  );
  const c = form.control;
  return (
    <form noValidate onSubmit={submit} aria-labelledby={fieldId('heading')}>
      <Stack gap={1.5}>
        <H2 id={fieldId('heading')}>Edit organisation details</H2>
        <ErrorSummary
          errors={form.formState.errors}
          fieldId={fieldId}
          submitCount={form.formState.submitCount}
          serverError={mutation.error}
        />
        <FormTextField control={c} name="name" fieldId={fieldId} label="Name" required />
        <FormTextField control={c} name="alias" fieldId={fieldId} label="Alias" />
        <FormTextField control={c} name="businessName" fieldId={fieldId} label="Business name" />
        <FormTextField
          control={c}
          name="fax"
          fieldId={fieldId}
          label="Fax"
          type="tel"
          maxWidth="md"
        />
        <FormTextField
          control={c}
          name="website"
          fieldId={fieldId}
          label="Website"
          hint="Starting with https://"
        />
        <ButtonGroup>
          <Button type="submit" loading={mutation.isPending} loadingLabel="Saving">
            Save
          </Button>
          <Button variant="tertiary" onClick={() => onDone(false)}>
            Cancel
          </Button>
        </ButtonGroup>
      </Stack>
    </form>
  );
}
