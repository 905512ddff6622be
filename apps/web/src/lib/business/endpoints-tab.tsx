import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endpointApiPaths,
  endpointConnectionTypes,
  EndpointInput,
  endpointPayloadMimeTypes,
  endpointPayloadTypes,
  endpointStatuses,
  endpointStatusLabel,
  type EndpointList,
  type EndpointView,
} from '@pca/contracts';
import type { TabItem } from '@pca/ui';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import type { DataTableColumn } from '@pca/ui/table/data-table.tsx';
import { ResponsiveTable } from '@pca/ui/table/table-or-cards.tsx';
import { http } from '#lib/http.ts';
import { httpQuery } from '#lib/http-query.ts';
import { QueryView } from '#lib/query-view.tsx';
import { useOutcomeAlert } from '#lib/outcome-alert.tsx';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import {
  FormSelectField,
  FormTextField,
  useFieldId,
  FormCheckboxGroupField,
} from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';
import { EntityForm } from './entity-form.tsx';
import { PageLoading } from './entity-page.tsx';

// The Endpoints tab of an organisation, a healthcare service or a location
// (docs/decisions/072-endpoint-and-provenance.md, 085-location-endpoints.md): where partners' systems reach it,
// served to them as FHIR Endpoint resources. Its managers add, change and remove them; others read them.

type Owner = 'organisation' | 'service' | 'location';
const ownerPaths: Record<Owner, string> = {
  organisation: endpointApiPaths.organisation,
  service: endpointApiPaths.healthcareService,
  location: endpointApiPaths.location,
};
const ownerNouns: Record<Owner, string> = {
  organisation: 'organisation',
  service: 'healthcare service',
  location: 'location',
};
const listUrl = (owner: Owner, id: string) => ownerPaths[owner].replace(':id', id);
const oneUrl = (id: string) => endpointApiPaths.endpoint.replace(':id', id);
const labelOf = (list: ReadonlyArray<{ code: string; display: string }>, code: string) =>
  list.find((c) => c.code === code)?.display ?? code;

const blank: EndpointInput = {
  name: '',
  connectionType: '',
  payloadType: '',
  payloadMimeTypes: [],
  address: '',
  status: 'active',
};

function EndpointForm({
  heading,
  defaultValues,
  onSubmit,
  onCancel,
  saving,
  serverError,
}: {
  heading: string;
  defaultValues: EndpointInput;
  onSubmit: (values: EndpointInput) => void;
  onCancel: () => void;
  saving: boolean;
  serverError: unknown;
}) {
  const fieldId = useFieldId();
  const form = useSchemaForm(EndpointInput, { defaultValues });
  const c = form.control;
  return (
    <EntityForm
      form={form}
      fieldId={fieldId}
      heading={heading}
      onSubmit={onSubmit}
      onCancel={onCancel}
      saving={saving}
      serverError={serverError}
    >
      <FormTextField
        control={c}
        name="name"
        fieldId={fieldId}
        label="Name"
        required
        maxWidth="xl"
      />
      <FormSelectField
        control={c}
        name="connectionType"
        fieldId={fieldId}
        label="Connection type"
        required
        maxWidth="xl"
        options={endpointConnectionTypes.map((t) => ({ value: t.code, label: t.display }))}
      />
      <FormSelectField
        control={c}
        name="payloadType"
        fieldId={fieldId}
        label="What it receives"
        required
        maxWidth="xl"
        options={endpointPayloadTypes.map((t) => ({ value: t.code, label: t.display }))}
      />
      <FormCheckboxGroupField
        control={c}
        name="payloadMimeTypes"
        label="Formats it accepts"
        hint="The file formats (MIME types) partners' systems may send to it."
        options={endpointPayloadMimeTypes.map((m) => ({
          value: m.code,
          label: `${m.label} (${m.code})`,
        }))}
      />
      <FormTextField
        control={c}
        name="address"
        fieldId={fieldId}
        label="Address"
        required
        maxWidth="xl"
        hint="The https address partners' systems connect to"
      />
      <FormSelectField
        control={c}
        name="status"
        fieldId={fieldId}
        label="Status"
        required
        maxWidth="sm"
        options={endpointStatuses.map((s) => ({ value: s, label: endpointStatusLabel[s] }))}
      />
    </EntityForm>
  );
}

function Endpoints({ owner, id }: { owner: Owner; id: string }) {
  const key = ['endpoints', owner, id];
  const client = useQueryClient();
  const query = useQuery(httpQuery<EndpointList>(key, listUrl(owner, id)));
  const [editing, setEditing] = useState<EndpointView | 'new' | null>(null);
  const { report, alert } = useOutcomeAlert();
  const done = (title: string) => {
    setEditing(null);
    report({ tone: 'success', title });
    return client.invalidateQueries({ queryKey: key });
  };
  const save = useMutation({
    mutationFn: (values: EndpointInput) =>
      editing && editing !== 'new'
        ? http<EndpointView>(oneUrl(editing.id), { method: 'PUT', body: values })
        : http<EndpointView>(listUrl(owner, id), { method: 'POST', body: values }),
    onSuccess: (e) => done(`Endpoint ${e.name} saved`),
  });
  const remove = useMutation({
    mutationFn: (e: EndpointView) => http<void>(oneUrl(e.id), { method: 'DELETE' }),
    onSuccess: (_, e) => done(`Endpoint ${e.name} removed`),
    onError: (error, e) =>
      report({
        tone: 'error',
        title: `Endpoint ${e.name} was not removed`,
        detail: describeApiErrorText(error, { thing: 'the endpoint', action: 'save' }),
      }),
  });

  return (
    <QueryView
      query={query}
      loading={<PageLoading label="Loading endpoints" minHeight="8rem" />}
      thing="the endpoints"
    >
      {({ endpoints, canEdit }) => {
        if (editing)
          return (
            <EndpointForm
              heading={editing === 'new' ? 'Add an endpoint' : `Edit ${editing.name}`}
              defaultValues={editing === 'new' ? blank : editing}
              onSubmit={(values) => save.mutate(values)}
              onCancel={() => {
                save.reset();
                setEditing(null);
              }}
              saving={save.isPending}
              serverError={save.error}
            />
          );
        const columns: DataTableColumn<EndpointView>[] = [
          { key: 'name', header: 'Name', render: (e) => e.name },
          {
            key: 'type',
            header: 'Connection type',
            render: (e) => labelOf(endpointConnectionTypes, e.connectionType),
          },
          {
            key: 'payload',
            header: 'Receives',
            render: (e) => labelOf(endpointPayloadTypes, e.payloadType),
          },
          {
            key: 'address',
            header: 'Address',
            render: (e) => <span style={{ overflowWrap: 'anywhere' }}>{e.address}</span>,
          },
          { key: 'status', header: 'Status', render: (e) => endpointStatusLabel[e.status] },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  header: 'Actions',
                  render: (e: EndpointView) => (
                    <ButtonGroup>
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Edit ${e.name}`}
                        onClick={() => setEditing(e)}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="tertiary"
                        size="sm"
                        aria-label={`Remove ${e.name}`}
                        loading={remove.isPending && remove.variables?.id === e.id}
                        onClick={() => remove.mutate(e)}
                      >
                        Remove
                      </Button>
                    </ButtonGroup>
                  ),
                },
              ]
            : []),
        ];
        return (
          <Stack gap={1.5}>
            {alert}
            <Text as="p">
              Where partners’ systems reach this {ownerNouns[owner]}, such as secure messaging.
              Partners who receive it through the partner API receive its endpoints too.
            </Text>
            <ResponsiveTable
              caption="Endpoints"
              label="Endpoints"
              columns={columns}
              rows={endpoints}
              rowKey={(e) => e.id}
              emptyText="No endpoints yet."
            />
            {canEdit ? (
              <div>
                <Button onClick={() => setEditing('new')}>Add an endpoint</Button>
              </div>
            ) : null}
          </Stack>
        );
      }}
    </QueryView>
  );
}

/** The Endpoints tab (label and content) of an organisation, a healthcare service or a location. */
export function endpointsTab(owner: Owner, id: string): TabItem {
  return { label: 'Endpoints', content: <Endpoints owner={owner} id={id} /> };
}
