import { useEffect, useRef } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Alert } from '@pca/ui/alert/alert.tsx';

/** Props of ErrorSummary. */
export type ErrorSummaryProps = {
  /** react-hook-form errors. */
  errors: FieldErrors;
  /** Field ids by field name, for the links. */
  fieldIds: Record<string, string>;
  /** Bumped on every failed submit so focus moves to the summary again. */
  submitCount: number;
};

/** The form's error summary: takes focus after a failed submit and links to each invalid field. */
export function ErrorSummary({ errors, fieldIds, submitCount }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors).flatMap(([name, error]) =>
    typeof error?.message === 'string' ? [{ name, message: error.message }] : [],
  );
  const hasErrors = entries.length > 0;
  useEffect(() => {
    if (hasErrors) ref.current?.querySelector<HTMLElement>('[tabindex="-1"]')?.focus();
  }, [submitCount, hasErrors]);
  if (!hasErrors) return null;
  return (
    <div ref={ref}>
      <Alert tone="error" title="There is a problem" focusable>
        <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
          {entries.map((e) => (
            <li key={e.name}>
              <a
                href={`#${fieldIds[e.name] ?? e.name}`}
                // Inline links stacked line by line are too small a target (WCAG 2.2 target size).
                style={{ display: 'inline-block', minHeight: '1.5rem', padding: '0.125rem 0' }}
                onClick={(event) => {
                  // Focus the field itself; a hash change would be taken by the router.
                  event.preventDefault();
                  document.getElementById(fieldIds[e.name] ?? e.name)?.focus();
                }}
              >
                {e.message}
              </a>
            </li>
          ))}
        </ul>
      </Alert>
    </div>
  );
}
