import { pages } from '@pca/contracts/pages.ts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { LoadingBlanket } from '@pca/ui/primitives/loading.ts';
import { PageAlert } from '@pca/ui/primitives/page-alert.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';
import { INACTIVE_USER_PROBLEM } from '@pca/contracts/auth.ts';
import { useConfig } from '#lib/config.tsx';
import { currentUserQueryOptions } from '#lib/current-user.ts';
import { myOrganisationsQueryOptions } from '#lib/my-organisations.ts';
import { ApiError } from '#lib/http.ts';
import { startLogin } from '#lib/login.ts';
import { clearRecall, readRecall } from '#lib/recall.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { exchangeCode } from '../api/exchange-code.ts';
import { publishingSettingsEligibilityQueryOptions } from '../api/get-publishing-settings-eligibility.ts';
import { resolvePostLoginPath } from '../resolve-post-login-path.ts';

/** The sign-in callback (docs/product/shell.md#sign-in-callback, docs/product/rules.md#states): exchanges code and state, loads the user, then navigates. */
export function CallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { identityProvider } = useConfig();
  const [failed, setFailed] = useState(false);
  // A code can be exchanged once; StrictMode's double effect run must not post it twice.
  const started = useRef(false);

  const code = searchParams.get('code');
  const state = searchParams.get('state');
  // The provider names itself (RFC 9207); the API checks it against the configured issuer.
  const iss = searchParams.get('iss');

  useEffect(() => {
    if (started.current) return;
    started.current = true;

    async function signIn() {
      if (!code || !state) throw new Error('The sign-in response has no code or state.');
      const session = await exchangeCode({ code, state, ...(iss ? { iss } : {}) });
      setSessionToken(session.token);
      await queryClient.fetchQuery(currentUserQueryOptions());
      const recall = readRecall();
      clearRecall();
      // docs/product/rules.md#states: refresh the user's organisation trees before navigating.
      await queryClient.fetchQuery(myOrganisationsQueryOptions());
      const needsLanding = resolvePostLoginPath(recall.path, false) !== recall.path;
      const eligible = needsLanding
        ? (await queryClient.fetchQuery(publishingSettingsEligibilityQueryOptions()))
            .canShowPublishingSettings
        : false;
      const target = resolvePostLoginPath(recall.path, eligible);
      navigate(target === recall.path ? `${recall.path}${recall.query}` : target, {
        replace: true,
      });
    }

    signIn().catch((error: unknown) => {
      if (
        error instanceof ApiError &&
        error.status === 403 &&
        error.hasProblemType(INACTIVE_USER_PROBLEM)
      ) {
        navigate(pages.auth.inactiveUser.href(), { replace: true });
        return;
      }
      console.error('Sign-in failed', error);
      setFailed(true);
    });
  }, [code, state, iss, navigate, queryClient]);

  if (failed) {
    return (
      <Stack gap={1.5}>
        <H1>Sign in failed</H1>
        <PageAlert tone="error" title={`We could not sign you in with ${identityProvider.name}`}>
          <Text as="p">The sign-in could not be completed. Please try again.</Text>
        </PageAlert>
        <div>
          <Button onClick={startLogin}>Try again</Button>
        </div>
      </Stack>
    );
  }

  return (
    <Stack gap={1.5}>
      <H1>
        <VisuallyHidden>Signing in</VisuallyHidden>
      </H1>
      {/* The blanket covers its nearest positioned ancestor: this box, not the whole shell. */}
      <div style={{ position: 'relative', minHeight: '12rem' }}>
        <LoadingBlanket label={`Authenticating with ${identityProvider.name}..`} />
      </div>
    </Stack>
  );
}

export { CallbackPage as Component };
