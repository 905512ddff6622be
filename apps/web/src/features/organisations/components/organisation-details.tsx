import type { UseFormReturn } from 'react-hook-form';
import { SummaryList } from '@pca/ui/primitives/summary-list.ts';
import { Fieldset } from '@pca/ui/primitives/fieldset.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { OrganisationUpdate, type OrganisationDetail } from '@pca/contracts';
import { formatDate } from '#lib/dates.ts';
import { EditableDetails, type EntityFormState } from '#lib/business/entity-page.tsx';
import { FaxAndWebsiteFields } from '#lib/business/contact-fields.tsx';
import { AddressFields, type AddressValues } from '#lib/business/address-fields.tsx';
import { formatAbn, notProvided, SummaryItem } from '#lib/business/summary.tsx';
import { useUpdateOrganisation } from '../api/update-organisation.ts';
import { FormTextField, useFieldId } from '#lib/forms/form-kit.tsx';
import { EntityForm } from '#lib/business/entity-form.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';

/** Props of OrganisationDetails. */
export type OrganisationDetailsProps = {
  /** The organisation. */
  organisation: OrganisationDetail;
};

/** An address on one line, as a person would write it. */
const addressText = (a: OrganisationDetail['address']) =>
  a ? `${a.addressLine}, ${a.locality} ${a.state} ${a.postcode}` : null;

/**
 * The details tab: a summary, and for managers an edit form (name, alias, business name, fax, website and the
 * business address, docs/decisions/084-organisation-address.md).
 */
export function OrganisationDetails({ organisation: o }: OrganisationDetailsProps) {
  return (
    <EditableDetails
      canEdit={o.canEdit}
      editLabel="Edit details"
      savedTitle="Organisation details saved"
      mutation={useUpdateOrganisation(o.id)}
      renderForm={(state) => <EditDetails organisation={o} {...state} />}
      summary={
        <SummaryList>
          <SummaryItem term="Name">{o.name}</SummaryItem>
          <SummaryItem term="Alias">{notProvided(o.alias)}</SummaryItem>
          <SummaryItem term="Business name">{notProvided(o.businessName)}</SummaryItem>
          <SummaryItem term="Type">
            {o.type === 'HiOrganisation' ? 'HI organisation' : 'Participating organisation'}
          </SummaryItem>
          {/* An HI organisation may carry its group's ABN (docs/decisions/084-organisation-address.md). */}
          {o.type === 'ParticipatingOrganisation' || o.abn ? (
            <SummaryItem term="ABN">{notProvided(formatAbn(o.abn))}</SummaryItem>
          ) : null}
          {o.type === 'HiOrganisation' ? (
            <SummaryItem term="HPI-O">{notProvided(o.hpio)}</SummaryItem>
          ) : null}
          {o.parent ? <SummaryItem term="Parent organisation">{o.parent.name}</SummaryItem> : null}
          <SummaryItem term="Phone">{notProvided(o.phone)}</SummaryItem>
          <SummaryItem term="Email">{notProvided(o.email)}</SummaryItem>
          <SummaryItem term="Fax">{notProvided(o.fax)}</SummaryItem>
          <SummaryItem term="Website">{notProvided(o.website)}</SummaryItem>
          <SummaryItem term="Business address">{notProvided(addressText(o.address))}</SummaryItem>
          <SummaryItem term="Date created">{formatDate(o.dateCreated)}</SummaryItem>
        </SummaryList>
      }
    />
  );
}

function EditDetails({
  organisation: o,
  ...state
}: {
  organisation: OrganisationDetail;
} & EntityFormState<OrganisationUpdate>) {
  const fieldId = useFieldId();
  const form = useSchemaForm(OrganisationUpdate, {
    defaultValues: {
      name: o.name,
      alias: o.alias ?? '',
      businessName: o.businessName ?? '',
      fax: o.fax ?? '',
      website: o.website ?? '',
      addressLine: o.address?.addressLine ?? '',
      locality: o.address?.locality ?? '',
      postcode: o.address?.postcode ?? '',
      state: (o.address?.state ?? '') as OrganisationUpdate['state'],
    },
  });
  const c = form.control;
  return (
    <EntityForm
      form={form}
      fieldId={fieldId}
      heading="Edit organisation details"
      gap={1.5}
      {...state}
    >
      <FormTextField control={c} name="name" fieldId={fieldId} label="Name" required />
      <FormTextField control={c} name="alias" fieldId={fieldId} label="Alias" />
      <FormTextField control={c} name="businessName" fieldId={fieldId} label="Business name" />
      <FaxAndWebsiteFields control={c} fieldId={fieldId} />
      <Fieldset
        legend="Business address (optional)"
        hint="Where the organisation is registered, such as the address on its HPI-O record. Leave it empty to keep none."
      >
        <Stack gap={1.5}>
          <AddressFields
            // The address fields are optional in the body, so the form's type names them possibly undefined.
            form={form as unknown as UseFormReturn<AddressValues, unknown, AddressValues>}
            fieldId={fieldId}
            required={false}
          />
        </Stack>
      </Fieldset>
    </EntityForm>
  );
}
