import { useNavigate, useSearchParams } from 'react-router';
import { pages } from '@pca/contracts/pages.ts';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { QueryView } from '#lib/query-view.tsx';
import { useAddKeyContact, useKeyContacts } from '../api/key-contacts.ts';
import { KeyContactForm } from '../components/key-contact-form.tsx';
import type { KeyContactOutcome } from '../components/outcome.ts';

/** Add key contact (`key-contacts/add?organisationId=`): the form, then back to the list with a notice. */
export function AddKeyContactPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const list = useKeyContacts(searchParams.get('organisationId') ?? undefined);
  const add = useAddKeyContact();
  return (
    <Stack gap={2}>
      <H1>Add key contact</H1>
      <QueryView
        query={list}
        loading={<Loading message="Loading" />}
        thing="the business"
        logMessage="Key contacts failed to load"
      >
        {({ organisations, organisationId, contacts }) => {
          const organisation = organisations.find((o) => o.id === organisationId);
          if (!organisation)
            return <Text as="p">You do not manage a business approved to publish.</Text>;
          return (
            <KeyContactForm
              organisationId={organisation.id}
              organisationName={organisation.name}
              primary={contacts.length === 0 ? 'first' : 'choose'}
              submitLabel="Add key contact"
              saving={add.isPending}
              serverError={add.error}
              onSubmit={(values) =>
                add.mutate(
                  { ...values, organisationId: organisation.id },
                  {
                    onSuccess: (contact) =>
                      void navigate(
                        pages.organisations.keyContacts.href({ organisationId: organisation.id }),
                        {
                          state: {
                            outcome: 'added',
                            name: contact.name,
                          } satisfies KeyContactOutcome,
                        },
                      ),
                  },
                )
              }
            />
          );
        }}
      </QueryView>
    </Stack>
  );
}

export { AddKeyContactPage as Component };
