import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { keyContactRoleLabels, type KeyContact } from '@pca/contracts';
import { pages } from '@pca/contracts/pages.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Button, ButtonGroup, ButtonLink } from '@pca/ui/button/button.tsx';
import { Chip } from '@pca/ui/chips/chip.tsx';
import { SelectField } from '@pca/ui/input-fields/text-field.tsx';
import { H1, H2 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { DataTable, type DataTableColumn } from '@pca/ui/table/data-table.tsx';
import { QueryView } from '#lib/query-view.tsx';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import {
  useKeyContacts,
  useMakePrimaryKeyContact,
  useRemoveKeyContact,
} from '../api/key-contacts.ts';
import { outcomeOf } from '../components/outcome.ts';
import { RemoveDialog } from '../components/remove-dialog.tsx';
import { SectionLoading } from '#lib/section-loading.tsx';
import { useFocusWhenShown } from '#lib/focus.ts';

/** The success message after a change, kept in one place with the outcome it reports. */
type Notice = { title: string; text: string };

/**
 * Key contacts (`key-contacts`, docs/product/key-contacts.md): the people to contact about a business the
 * user manages, one of them primary; add, update, make primary and remove (with a confirmation). With
 * several businesses a selector chooses whose contacts are shown (`?organisationId=`).
 */
export function KeyContactsPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const organisationId = searchParams.get('organisationId') ?? undefined;
  const list = useKeyContacts(organisationId);
  const makePrimary = useMakePrimaryKeyContact();
  const remove = useRemoveKeyContact();
  const [removing, setRemoving] = useState<KeyContact | null>(null);
  const [notice, setNotice] = useState<Notice | null>(() => {
    const outcome = outcomeOf(location.state);
    return outcome
      ? {
          title: outcome.outcome === 'added' ? 'Key contact added' : 'Key contact updated',
          text:
            outcome.outcome === 'added'
              ? `${outcome.name} is now a key contact.`
              : `${outcome.name}’s details are saved.`,
        }
      : null;
  });
  const noticeRef = useFocusWhenShown(notice);
  const closeNotice = () => {
    setNotice(null);
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  };

  const onMakePrimary = (contact: KeyContact) => {
    setNotice(null);
    makePrimary.mutate(contact.id, {
      onSuccess: () =>
        setNotice({
          title: 'Primary contact changed',
          text: `${contact.name} is now the primary contact of ${contact.organisationName}.`,
        }),
    });
  };

  const onRemove = (contact: KeyContact) => {
    // Another action begins: a failed primary change is not its outcome.
    makePrimary.reset();
    remove.mutate(contact.id, {
      onSuccess: () => {
        setRemoving(null);
        setNotice({
          title: 'Key contact removed',
          text: `${contact.name} is no longer a key contact of ${contact.organisationName}.`,
        });
      },
    });
  };

  const columns: DataTableColumn<KeyContact>[] = [
    { key: 'name', header: 'Name', render: (c) => c.name },
    { key: 'role', header: 'Role', render: (c) => keyContactRoleLabels[c.role] },
    { key: 'email', header: 'Email', render: (c) => c.email },
    { key: 'phone', header: 'Phone', render: (c) => c.phone },
    {
      key: 'primary',
      header: 'Primary contact',
      render: (c) =>
        c.isPrimary ? (
          <Chip tone="success">Primary contact</Chip>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onMakePrimary(c)}
            loading={makePrimary.isPending && makePrimary.variables === c.id}
            aria-label={`Make ${c.name} the primary contact`}
          >
            Make primary
          </Button>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (c) => (
        <ButtonGroup>
          <ButtonLink
            size="sm"
            variant="secondary"
            href={pages.organisations.updateKeyContact.href({ id: c.id })}
            aria-label={`Update ${c.name}`}
          >
            Update
          </ButtonLink>
          <Button
            size="sm"
            variant="tertiary"
            onClick={() => {
              remove.reset();
              setRemoving(c);
            }}
            aria-label={`Remove ${c.name}`}
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
        <H1>Key contacts</H1>
        <Text as="p">
          The people we and the partners you publish to should contact about your business. One of
          them is the primary contact.
        </Text>
      </Stack>
      {notice ? (
        <div ref={noticeRef}>
          <Alert tone="success" title={notice.title} onClose={closeNotice} focusable>
            <Text as="p">{notice.text}</Text>
          </Alert>
        </div>
      ) : null}
      {makePrimary.error ? (
        <Alert tone="error" title="The primary contact was not changed">
          <Text as="p">
            {describeApiErrorText(makePrimary.error, { thing: 'the key contact', action: 'save' })}
          </Text>
        </Alert>
      ) : null}
      <QueryView
        query={list}
        loading={<SectionLoading message="Loading key contacts" />}
        thing="the key contacts"
        logMessage="Key contacts failed to load"
      >
        {({ organisations, organisationId: shown, contacts }) => {
          const organisation = organisations.find((o) => o.id === shown);
          if (!organisation)
            return (
              <Text as="p">
                You do not manage a business approved to publish, so there are no key contacts to
                keep.
              </Text>
            );
          return (
            <Stack gap={1.5}>
              {organisations.length > 1 ? (
                <SelectField
                  label="Business"
                  options={organisations.map((o) => ({ value: o.id, label: o.name }))}
                  placeholder=""
                  value={organisation.id}
                  onValueChange={(value) => {
                    // What was said of the last business's contacts is not about this one.
                    setNotice(null);
                    makePrimary.reset();
                    setSearchParams(value ? { organisationId: value } : {}, { replace: true });
                  }}
                />
              ) : null}
              <H2>{organisation.name}</H2>
              <div>
                <ButtonLink
                  href={pages.organisations.addKeyContact.href({ organisationId: organisation.id })}
                >
                  Add key contact
                </ButtonLink>
              </div>
              {contacts.length === 0 ? (
                <Text as="p">
                  {organisation.name} has no key contacts yet. The first one you add becomes its
                  primary contact.
                </Text>
              ) : (
                <DataTable
                  caption={`Key contacts of ${organisation.name}`}
                  columns={columns}
                  rows={contacts}
                  rowKey={(c) => c.id}
                  pageSize={20}
                  // Six columns: cards at phone width.
                  cardsOnPhone
                />
              )}
            </Stack>
          );
        }}
      </QueryView>
      <RemoveDialog
        key={removing?.id ?? 'none'}
        contact={removing}
        onClose={() => setRemoving(null)}
        onConfirm={onRemove}
        saving={remove.isPending}
        serverError={remove.error}
      />
    </Stack>
  );
}

export { KeyContactsPage as Component };
