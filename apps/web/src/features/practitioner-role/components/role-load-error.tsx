import { PageAlert } from '@ag.ds-next/react/page-alert';
import { Text } from '@pca/ui';
import { ApiError } from '#lib/http.ts';

/** Props of RoleLoadError. */
export type RoleLoadErrorProps = {
  /** Why the role did not load. */
  error: unknown;
};

/** Explains why a role cannot be shown: not allowed (403), not found (404) or a failure. */
export function RoleLoadError({ error }: RoleLoadErrorProps) {
  const status = error instanceof ApiError ? error.status : 0;
  const title =
    status === 403
      ? 'You cannot manage this practitioner role'
      : status === 404
        ? 'Practitioner role not found'
        : 'We could not load the practitioner role';
  return (
    <PageAlert tone="error" title={title}>
      <Text as="p">
        {status === 403
          ? 'Only managers of its healthcare service can edit or view a practitioner role.'
          : 'Go back to Practitioners and try again.'}
      </Text>
    </PageAlert>
  );
}
