import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { profileMessages } from '@pca/contracts/profile-rules.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { useVerifyEmail } from '../api/change-profile.ts';

/** Missing query parameters (docs/product/features.md#feature-validation Profile). */
const missingParameters =
  'The verification link is incomplete. Please open the link from your email again.';

/**
 * `/verify-email?email=&code=` (docs/product/features.md#profile): verifies once, on arrival, with or
 * without a session, and says how it went.
 */
export function VerifyEmailPage() {
  const [search] = useSearchParams();
  const email = search.get('email')?.trim() ?? '';
  const code = search.get('code')?.trim() ?? '';
  const complete = Boolean(email && code);
  const verify = useVerifyEmail();
  const started = useRef(false);
  useEffect(() => {
    // Once per visit: the code works only once, so a second render must not spend it again.
    if (!complete || started.current) return;
    started.current = true;
    verify.mutate({ email, code });
  }, [complete, email, code, verify]);

  return (
    <Stack gap={2}>
      <H1>{verify.isSuccess ? profileMessages.verifiedTitle : 'Verify email'}</H1>
      {!complete ? (
        <div>
          <Alert tone="error" title={profileMessages.verifyFailed}>
            <Text as="p">{missingParameters}</Text>
          </Alert>
        </div>
      ) : verify.isSuccess ? (
        <div>
          <Alert tone="success" title={profileMessages.verifiedTitle}>
            <Text as="p">{profileMessages.verified}</Text>
          </Alert>
        </div>
      ) : verify.isError ? (
        <div>
          <Alert tone="error" title="Email not verified">
            <Text as="p">{profileMessages.verifyFailed}</Text>
          </Alert>
        </div>
      ) : (
        <Loading message={profileMessages.verifying} />
      )}
    </Stack>
  );
}

export { VerifyEmailPage as Component };
