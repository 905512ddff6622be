import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiErrorAlert } from './errors/api-error-alert.tsx';
import type { ErrorSubject } from './errors/describe-api-error.ts';

/** Props of QueryView: the query, the page's own loading indicator, what failed, and the content. */
export type QueryViewProps<T> = ErrorSubject & {
  /** The query (TanStack Query's result). */
  query: UseQueryResult<T>;
  /** Shown while the query has nothing yet: the page's own indicator (a blanket, a spinner, skeletons). */
  loading: ReactNode;
  /** Logged with a failure, so it can be traced (e.g. 'Practitioners failed to load'). */
  logMessage?: string;
  /** The content, from the loaded data. */
  children: (data: T) => ReactNode;
};

/**
 * One query's part of a page: its loading indicator, then why it failed with 'Try again' where trying again can help
 * (docs/decisions/011-errors-people-see.md), or its content. Every page that shows a query this way says it here.
 */
export function QueryView<T>({
  query,
  loading,
  logMessage,
  children,
  ...subject
}: QueryViewProps<T>) {
  if (query.isPending) return loading;
  if (query.isError)
    return (
      <ApiErrorAlert
        error={query.error}
        {...subject}
        onRetry={() => void query.refetch()}
        logMessage={logMessage}
      />
    );
  return children(query.data);
}
