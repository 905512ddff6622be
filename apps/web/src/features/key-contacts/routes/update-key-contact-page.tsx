import { useNavigate, useParams } from 'react-router';
import { pages } from '@pca/contracts/pages.ts';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { QueryView } from '#lib/query-view.tsx';
import { useKeyContact, useUpdateKeyContact } from '../api/key-contacts.ts';
import { KeyContactForm } from '../components/key-contact-form.tsx';
import type { KeyContactOutcome } from '../components/outcome.ts';

/** Update key contact (`key-contacts/update/{id}`): the form filled in, then back to the list with a notice. */
export function UpdateKeyContactPage() {
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const contact = useKeyContact(id);
  const update = useUpdateKeyContact(id);
  return (
    <Stack gap={2}>
      <H1>Update key contact</H1>
      <QueryView
        query={contact}
        loading={<Loading message="Loading the key contact" />}
        thing="the key contact"
        logMessage="Key contact failed to load"
      >
        {(c) => (
          <KeyContactForm
            organisationId={c.organisationId}
            organisationName={c.organisationName}
            initial={{
              name: c.name,
              role: c.role,
              email: c.email,
              phone: c.phone,
              isPrimary: c.isPrimary,
            }}
            primary={c.isPrimary ? 'current' : 'choose'}
            submitLabel="Save key contact"
            saving={update.isPending}
            serverError={update.error}
            onSubmit={(values) =>
              update.mutate(values, {
                onSuccess: (saved) =>
                  void navigate(
                    pages.organisations.keyContacts.href({ organisationId: saved.organisationId }),
                    { state: { outcome: 'updated', name: saved.name } satisfies KeyContactOutcome },
                  ),
              })
            }
          />
        )}
      </QueryView>
    </Stack>
  );
}

export { UpdateKeyContactPage as Component };
