import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PublicationEmailRecipientAdd } from '@pca/contracts';
import { publicationMessages as m } from '@pca/contracts/publications-paths.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Button } from '@pca/ui/button/button.tsx';
import { TextField } from '@pca/ui/input-fields/text-field.tsx';
import { H1, H2 } from '@pca/ui/primitives/heading.ts';
import { SkeletonText } from '@pca/ui/primitives/skeleton.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { ApiError } from '#lib/api-error.ts';
import { QueryView } from '#lib/query-view.tsx';
import { useOutcomeAlert } from '#lib/outcome-alert.tsx';
import {
  useAddPublicationEmailRecipient,
  usePublicationEmailRecipients,
  useRemovePublicationEmailRecipient,
} from '#lib/publications/publications-api.ts';

/**
 * Who is mailed when an organisation's publication changes (publication-email-notification, with the query
 * organisationId; docs/decisions/030-publishing-to-partners.md): a list, an address to add, and a Remove
 * per address for the organisation's manager.
 */
export function PublicationEmailNotificationsPage() {
  const [params] = useSearchParams();
  const organisationId = params.get('organisationId') ?? '';
  const query = usePublicationEmailRecipients(organisationId);
  const add = useAddPublicationEmailRecipient(organisationId);
  const remove = useRemovePublicationEmailRecipient(organisationId);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  // A removed address takes its Remove button with it: the outcome takes focus, so it is announced.
  const { report, alert: outcomeAlert } = useOutcomeAlert();

  const problemOf = (error: unknown) =>
    error instanceof ApiError ? (error.problem?.detail ?? m.saveError) : m.saveError;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = PublicationEmailRecipientAdd.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    add.mutate(parsed.data.email, {
      onSuccess: () => {
        setEmail('');
        report({ tone: 'success', title: m.emailAdded(parsed.data.email) });
      },
      onError: (error) => report({ tone: 'error', title: problemOf(error) }),
    });
  }

  return (
    <Stack gap={1.5}>
      <H1>{m.emailTitle}</H1>
      <Text as="p">{m.emailIntro}</Text>
      {organisationId === '' ? (
        <Alert tone="info" title="Choose an organisation">
          <Text as="p">Open this page from an organisation’s Partner services tab.</Text>
        </Alert>
      ) : (
        <QueryView
          query={query}
          loading={
            <Stack gap={0.5} aria-busy="true" aria-label="Loading recipients">
              <SkeletonText width="30%" />
              <SkeletonText width="50%" />
              <SkeletonText width="45%" />
            </Stack>
          }
          thing="the recipients"
          logMessage="Publication mail recipients failed to load"
        >
          {({ organisationName, recipients, canEdit }) => (
            <Stack gap={1.5}>
              <H2>{organisationName}</H2>
              {outcomeAlert}
              {recipients.length === 0 ? (
                <Text as="p">{m.noRecipients}</Text>
              ) : (
                <ul
                  aria-label="Recipients"
                  style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}
                >
                  {recipients.map((r) => (
                    <li
                      key={r.id}
                      style={{
                        display: 'flex',
                        gap: '1rem',
                        alignItems: 'center',
                        padding: '0.5rem 0',
                      }}
                    >
                      <Text>{r.email}</Text>
                      {canEdit ? (
                        <Button
                          variant="tertiary"
                          aria-label={`Remove ${r.email}`}
                          disabled={remove.isPending}
                          onClick={() =>
                            remove.mutate(r.id, {
                              onSuccess: () =>
                                report({ tone: 'success', title: m.emailRemoved(r.email) }),
                              onError: (error) =>
                                report({ tone: 'error', title: problemOf(error) }),
                            })
                          }
                        >
                          Remove
                        </Button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
              {canEdit ? (
                <form onSubmit={submit} noValidate>
                  <Stack gap={1}>
                    <TextField
                      label="Email address"
                      type="email"
                      required
                      maxWidth="xl"
                      value={email}
                      onValueChange={setEmail}
                      message={fieldError}
                      maxLength={100}
                    />
                    <div>
                      <Button type="submit" loading={add.isPending}>
                        Add
                      </Button>
                    </div>
                  </Stack>
                </form>
              ) : (
                <Text as="p">Only an organisation manager can change who is emailed.</Text>
              )}
            </Stack>
          )}
        </QueryView>
      )}
    </Stack>
  );
}

export { PublicationEmailNotificationsPage as Component };
