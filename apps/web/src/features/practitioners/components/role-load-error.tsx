import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';

/** Props of RoleLoadError. */
export type RoleLoadErrorProps = {
  /** Why the role did not load. */
  error: unknown;
  /** Loads it again, offered where that can help (a failure, not a refusal). */
  onRetry: () => void;
};

/** Explains why a role cannot be shown: not allowed (403), not found (404), an outage or a failure. */
export function RoleLoadError({ error, onRetry }: RoleLoadErrorProps) {
  return (
    <ApiErrorAlert
      error={error}
      onRetry={onRetry}
      thing="this practitioner role"
      // Only managers of the role's healthcare service may see it, so they are the ones to ask.
      askWhom="a manager of its healthcare service"
    />
  );
}
