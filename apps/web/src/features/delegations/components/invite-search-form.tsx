import { useEffect, useId, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { DelegateUserSearchRequest } from '@pca/contracts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { ErrorSummary, FormTextField, useFieldId } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';
import { ApiError } from '#lib/http.ts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';

/** Focus delay after a failed search (docs/product/features.md#feature-constants). */
const SEARCH_FOCUS_DELAY_MS = 50;

/** The search form; the page holds it, so its values outlive a switch to connections and back. */
export function useInviteSearchForm(): UseFormReturn<DelegateUserSearchRequest> {
  return useSchemaForm(DelegateUserSearchRequest, {
    defaultValues: { authIdentifier: '', familyName: '' },
  });
}

/** Props of InviteSearchForm. */
export type InviteSearchFormProps = {
  /** The form (useInviteSearchForm). */
  form: UseFormReturn<DelegateUserSearchRequest>;
  /** Called with the valid RA number and last name when Search is pressed. */
  onSearch: (values: DelegateUserSearchRequest) => void;
  /** Called on any edit of the form (an edit makes the last answer stale). */
  onEdit: () => void;
  /** A search is in flight. */
  searching: boolean;
  /** Why the last search found no one to invite, shown under the form (and focused), if it did not. */
  sorry: { title: string; message: string } | null;
  /**
   * The last search's failure, if it failed: the server's messages about a field (e.g. the caller's own RA
   * number) show on that field and in the error summary, anything else in the summary alone.
   */
  error?: unknown;
};

/**
 * Step 1 by invitation, the search (docs/product/features.md#delegation): RA number and last name, then Search;
 * a search that finds no one to invite says why below the form and takes focus there. A search the server
 * refuses says why in the error summary, which takes focus as it does for the form's own validation.
 */
export function InviteSearchForm({
  form,
  onSearch,
  onEdit,
  searching,
  sorry,
  error = null,
}: InviteSearchFormProps) {
  const fieldId = useFieldId();
  const fieldErrors = error instanceof ApiError ? (error.problem?.errors ?? []) : [];
  const serverMessage = (field: string) => fieldErrors.find((e) => e.field === field)?.message;
  // Without a field to name, the summary says what failed (its default speaks of saving changes).
  const failure =
    error && fieldErrors.length === 0
      ? describeApiErrorText(error, { thing: 'the person to invite' })
      : null;
  const sorryId = useId();
  const sorryRef = useRef<HTMLDivElement>(null);

  // Any edit of the search form clears the result (4.3).
  useEffect(() => {
    const subscription = form.watch(() => onEdit());
    return () => subscription.unsubscribe();
  }, [form, onEdit]);

  useEffect(() => {
    if (!sorry) return;
    const timer = window.setTimeout(() => sorryRef.current?.focus(), SEARCH_FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [sorry]);

  return (
    <>
      <form
        noValidate
        aria-label="Find the person to invite"
        onSubmit={form.handleSubmit(onSearch)}
      >
        <Stack gap={1}>
          <ErrorSummary form={form} fieldId={fieldId} serverError={error} message={failure} />
          <FormTextField
            control={form.control}
            name="authIdentifier"
            fieldId={fieldId}
            label="RA number"
            hint="The person's provider-login Registration Authority number: 10 digits"
            message={serverMessage('authIdentifier')}
            required
            maxLength={10}
            maxWidth="md"
          />
          <FormTextField
            control={form.control}
            name="familyName"
            fieldId={fieldId}
            label="Last name"
            message={serverMessage('familyName')}
            required
            maxLength={100}
            maxWidth="lg"
          />
          <div>
            <Button type="submit" variant="secondary" loading={searching}>
              Search
            </Button>
          </div>
        </Stack>
      </form>
      {sorry ? (
        <div ref={sorryRef} tabIndex={-1} id={sorryId} style={{ outline: 'none' }}>
          <Alert tone="warning" title={sorry.title}>
            <Text as="p">{sorry.message}</Text>
          </Alert>
        </div>
      ) : null}
    </>
  );
}
