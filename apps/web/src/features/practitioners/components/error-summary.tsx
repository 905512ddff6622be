import { useEffect, useRef } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { PageAlert } from '@pca/ui/primitives/page-alert.ts';
import { Text } from '@pca/ui';

/** Props of ErrorSummary. */
export type ErrorSummaryProps<T extends FieldValues> = {
  /** react-hook-form's errors. */
  errors: FieldErrors<T>;
  /** Field ids by field name, for the links. */
  fieldIds: Partial<Record<keyof T & string, string>>;
  /** Changes on every submit attempt, so the summary takes focus again. */
  submitCount: number;
  /** An error from the server not tied to a field. */
  serverError?: string | null;
};

/** The form's error summary: takes focus on a failed submit and links to each invalid field. */
export function ErrorSummary<T extends FieldValues>({
  errors,
  fieldIds,
  submitCount,
  serverError,
}: ErrorSummaryProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors)
    .map(([name, error]) => ({
      name,
      message: typeof error?.message === 'string' ? error.message : '',
    }))
    .filter((e) => e.message);
  const shown = entries.length > 0 || Boolean(serverError);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown, submitCount, serverError]);
  if (!shown) return null;
  return (
    <div ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
      <PageAlert tone="error" title="There is a problem">
        {serverError ? <Text as="p">{serverError}</Text> : null}
        {entries.length ? (
          <ul>
            {entries.map((e) => (
              <li key={e.name}>
                <a href={`#${fieldIds[e.name as keyof T & string] ?? e.name}`}>{e.message}</a>
              </li>
            ))}
          </ul>
        ) : null}
      </PageAlert>
    </div>
  );
}
