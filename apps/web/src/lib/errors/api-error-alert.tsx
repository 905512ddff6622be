import { useEffect } from 'react';
import { PageAlert } from '@pca/ui/primitives/page-alert.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { describeApiError, type ErrorSubject } from './describe-api-error.ts';

/** Props of ApiErrorAlert. */
export type ApiErrorAlertProps = ErrorSubject & {
  /** The error of the failed query or mutation. */
  error: unknown;
  /** Offered as a 'Try again' button, only where trying again can help (network failures, 5xx). */
  onRetry?: () => void;
  /** Logged with the error, so a failure can be traced (e.g. 'Practitioners failed to load'). */
  logMessage?: string;
};

/**
 * The error state of a page or section: what went wrong and what the person can do, for any API error
 * (docs/decisions/011-errors-people-see.md). Every feature's load error uses this, so a refusal never
 * reads like an outage.
 */
export function ApiErrorAlert({ error, onRetry, logMessage, ...subject }: ApiErrorAlertProps) {
  const message = describeApiError(error, subject);
  useEffect(() => {
    if (logMessage) console.error(logMessage, error);
  }, [logMessage, error]);
  return (
    <PageAlert tone={message.tone} title={message.title}>
      {message.detail ? <Text as="p">{message.detail}</Text> : null}
      {message.canRetry && onRetry ? (
        <div style={{ marginTop: '1rem' }}>
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : null}
    </PageAlert>
  );
}
