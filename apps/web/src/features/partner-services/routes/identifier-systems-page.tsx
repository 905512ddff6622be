import { useRef, useState } from 'react';
import { useFocusAfterRender } from '#lib/focus.ts';
import { Alert, Button, ButtonGroup, type DataTableColumn } from '@pca/ui';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import {
  partnerServiceConstants as c,
  partnerServiceMessages as m,
  PartnerIdentifierSystemInput,
  type PartnerIdentifierSystem,
} from '@pca/contracts';
import { PageLoading } from '#lib/business/entity-page.tsx';
import { ErrorSummary, FormTextField } from '#lib/forms/form-kit.tsx';
import { TableSection } from '#lib/table-section.tsx';
import { FormPartnerServiceField } from '#lib/forms/partner-service-field.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';
import { QueryView } from '#lib/query-view.tsx';
import { ConfirmDialog } from '#lib/confirm-dialog.tsx';
import {
  useAddIdentifierSystem,
  useIdentifierSystems,
  useRemoveIdentifierSystem,
  useUpdateIdentifierSystem,
} from '../api/partner-services.ts';

const fieldId = (name: string) => `identifier-system-${name}`;
const headingId = 'identifier-systems-heading';

/**
 * The Edit button of the row after `button`'s (before it, for the last row), in the table or the cards
 * the button is in: where focus goes once `button`'s row is removed.
 */
function neighbourEditButton(button: HTMLElement): HTMLElement | null {
  const row = button.closest('tr, li');
  const neighbour = row?.nextElementSibling ?? row?.previousElementSibling;
  return neighbour?.querySelector<HTMLElement>('[data-row-action="edit"]') ?? null;
}

/** Focuses `element` while it is on the page, else the table's heading, so focus never drops to the body. */
function focusOrHeading(element: HTMLElement | null) {
  (element?.isConnected ? element : document.getElementById(headingId))?.focus();
}

/** Partner identifier systems (System admin, PcaOperator): list, add, change and remove. */
export function IdentifierSystemsPage() {
  const query = useIdentifierSystems();
  const remove = useRemoveIdentifierSystem();
  const [editing, setEditing] = useState<PartnerIdentifierSystem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The system whose Remove was pressed, and where focus goes once it is gone: asked before it goes.
  const [removing, setRemoving] = useState<{
    system: PartnerIdentifierSystem;
    next: HTMLElement | null;
  } | null>(null);
  // The Edit button that opened the form: a keyboard user returns to it when the form closes.
  const editButton = useRef<HTMLElement | null>(null);
  const focusAfterRender = useFocusAfterRender();

  const onRemove = () => {
    if (!removing) return;
    const { system, next } = removing;
    remove.mutate(system.id, {
      onSuccess: () => {
        setRemoving(null);
        if (editing?.id === system.id) setEditing(null);
        setDone(m.systemRemoved(system.name));
        // After the dialog has given focus back to the Remove button, which is about to go.
        requestAnimationFrame(() => focusOrHeading(next));
      },
    });
  };

  const columns: DataTableColumn<PartnerIdentifierSystem>[] = [
    { key: 'name', header: 'Name', render: (s) => s.name, sortValue: (s) => s.name },
    {
      key: 'partner',
      header: 'Partner service',
      render: (s) => s.partnerServiceName,
      sortValue: (s) => s.partnerServiceName,
    },
    {
      key: 'system',
      header: 'System URI',
      render: (s) => <code style={{ overflowWrap: 'anywhere' }}>{s.system}</code>,
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (s) => (
        <ButtonGroup>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Edit ${s.name}`}
            data-row-action="edit"
            onClick={(event) => {
              editButton.current = event.currentTarget;
              setDone(null);
              setEditing(s);
              // The form fills below the list, maybe out of view: its heading takes focus and says what is edited.
              focusAfterRender(() => document.getElementById('identifier-system-form'));
            }}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="tertiary"
            aria-label={`Remove ${s.name}`}
            onClick={(event) => {
              remove.reset();
              setRemoving({ system: s, next: neighbourEditButton(event.currentTarget) });
            }}
          >
            Remove
          </Button>
        </ButtonGroup>
      ),
    },
  ];

  return (
    <Stack gap={2}>
      <Stack gap={1}>
        <H1>{m.identifierSystemsTitle}</H1>
        <Text as="p">{m.identifierSystemsIntro}</Text>
      </Stack>
      {done ? <Alert tone="success" title={done} onClose={() => setDone(null)} focusable /> : null}
      <QueryView
        query={query}
        loading={<PageLoading label="Loading identifier systems" minHeight="8rem" />}
        thing="the identifier systems"
        askWhom="a Provider Connect Australia operator"
      >
        {({ identifierSystems, partnerServices }) => (
          <>
            <TableSection
              heading="Identifier systems"
              headingId={headingId}
              empty={m.identifierSystemsEmpty}
              caption="Partner identifier systems"
              columns={columns}
              rows={identifierSystems}
              rowKey={(s) => s.id}
            />
            <SystemForm
              key={editing?.id ?? 'new'}
              editing={editing}
              partners={partnerServices}
              onCancel={() => {
                setEditing(null);
                focusOrHeading(editButton.current);
              }}
              onSaved={(s) => {
                const wasEditing = editing !== null;
                setEditing(null);
                setDone(m.systemSaved(s.name));
                if (wasEditing) focusOrHeading(editButton.current);
              }}
            />
          </>
        )}
      </QueryView>
      <ConfirmDialog
        isOpen={removing !== null}
        title={m.removeSystemTitle(removing?.system.name ?? '')}
        warning={m.removeSystemWarning(
          removing?.system.partnerServiceName ?? '',
          removing?.system.system ?? '',
        )}
        confirmLabel="Remove identifier system"
        onClose={() => setRemoving(null)}
        onConfirm={onRemove}
        saving={remove.isPending}
        serverError={remove.error}
        thing="the identifier system"
        action="remove"
      />
    </Stack>
  );
}

function SystemForm({
  editing,
  partners,
  onSaved,
  onCancel,
}: {
  editing: PartnerIdentifierSystem | null;
  partners: Array<{ id: string; name: string }>;
  onSaved: (s: PartnerIdentifierSystem) => void;
  onCancel: () => void;
}) {
  const add = useAddIdentifierSystem();
  const update = useUpdateIdentifierSystem();
  const write = editing ? update : add;
  const form = useSchemaForm(PartnerIdentifierSystemInput, {
    defaultValues: editing
      ? { partnerServiceId: editing.partnerServiceId, system: editing.system, name: editing.name }
      : { partnerServiceId: '', system: '', name: '' },
  });
  return (
    <form
      noValidate
      aria-labelledby="identifier-system-form"
      onSubmit={(event) =>
        void form.handleSubmit(async (values) => {
          const saved = await (
            editing ? update.mutateAsync({ id: editing.id, body: values }) : add.mutateAsync(values)
          ).catch(() => null);
          if (saved) {
            form.reset({ partnerServiceId: '', system: '', name: '' });
            onSaved(saved);
          }
        })(event)
      }
    >
      <Stack gap={1.5}>
        <h2 id="identifier-system-form" style={{ margin: 0 }}>
          {editing ? `Edit ${editing.name}` : m.addSystem}
        </h2>
        <ErrorSummary form={form} fieldId={fieldId} serverError={write.error} />
        <FormPartnerServiceField control={form.control} fieldId={fieldId} partners={partners} />
        <FormTextField
          control={form.control}
          name="system"
          fieldId={fieldId}
          label="System URI"
          hint="An absolute URI, e.g. https://medifund.example/identifiers/provider or urn:oid:1.2.36.1"
          required
          maxLength={c.systemMaxLength}
        />
        <FormTextField
          control={form.control}
          name="name"
          fieldId={fieldId}
          label="Name"
          hint="What the partner calls it, e.g. MediFund provider number"
          required
          maxLength={c.nameMaxLength}
        />
        <ButtonGroup>
          <Button type="submit" loading={write.isPending}>
            {editing ? 'Save identifier system' : 'Add identifier system'}
          </Button>
          {editing ? (
            <Button variant="tertiary" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </ButtonGroup>
      </Stack>
    </form>
  );
}

export { IdentifierSystemsPage as Component };
