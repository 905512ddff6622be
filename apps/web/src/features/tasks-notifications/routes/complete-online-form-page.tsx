import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { pages } from '@pca/contracts/pages.ts';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { getOnlineFormUrl } from '../api/tasks.ts';

/**
 * tasks-notifications/complete-online-form/{id} (docs/product/features.md#tasks-and-notifications): asks
 * for the form's signed address and sends the browser there; the error state when that fails.
 */
export function CompleteOnlineFormPage() {
  const { id = '' } = useParams();
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    getOnlineFormUrl(id, controller.signal).then(
      ({ url }) => window.location.assign(url),
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(failure);
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  return (
    <Stack gap={2}>
      <H1>Complete online form</H1>
      {error ? (
        <>
          <ApiErrorAlert
            error={error}
            thing="the online form"
            onRetry={() => {
              setError(null);
              setAttempt((n) => n + 1);
            }}
            logMessage="Online form address failed to load"
          />
          <div>
            <TextLink href={pages.tasks.list.href()}>Back to tasks</TextLink>
          </div>
        </>
      ) : (
        <Loading message="Loading online form.." />
      )}
    </Stack>
  );
}

export { CompleteOnlineFormPage as Component };
