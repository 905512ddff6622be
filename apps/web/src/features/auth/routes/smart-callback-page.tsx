import { pages } from '@pca/contracts/pages.ts';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { LoadingBlanket } from '@pca/ui/primitives/loading.ts';
import { PageAlert } from '@pca/ui/primitives/page-alert.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { smartCallbackBack, smartCallbackTarget } from '../smart-callback-target.ts';

/** RFC 6749 §4.1.2.1: the person (or the clinical system for them) refused the sign-in or the consent. */
const ACCESS_DENIED = 'access_denied';

/**
 * Why no connection was made, in words (docs/product/smart-clients.md#launch): a refused sign-in reads as cancelled;
 * any other OAuth error in the clinical system's own words (error_description) when it gave some.
 */
function notConnected(error: string | null, description: string | null) {
  if (error === ACCESS_DENIED)
    return {
      title: 'Connection cancelled',
      reason:
        'The sign-in to the clinical system was cancelled, so nothing was connected. Connect again when you are ready.',
    };
  if (error)
    return {
      title: 'Connection failed',
      reason: description
        ? `The clinical system did not complete the sign-in: ${description}`
        : `The clinical system did not complete the sign-in (${error}). Start the connection again.`,
    };
  return {
    title: 'Connection failed',
    reason: 'The response had no authorisation code. Please start the connection again.',
  };
}

/** The clinical-information-system callback (docs/product/shell.md#smart-callback): passes the code on to the organisation's launch page. */
export function SmartCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const done = useRef(false);
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const error = searchParams.get('error');
  const failed = !code || !state;

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (!code || !state) {
      // An OAuth error (a cancel above all) is the clinical system's answer, not a fault of the portal's.
      if (!error) console.error('Clinical information system callback without code or state');
      return;
    }
    void navigate(smartCallbackTarget(state, code), { replace: true });
  }, [code, state, error, navigate]);

  if (failed) {
    const { title, reason } = notConnected(error, searchParams.get('error_description'));
    const back = smartCallbackBack(state);
    return (
      <Stack gap={1.5}>
        <H1>{title}</H1>
        <PageAlert tone={error === ACCESS_DENIED ? 'info' : 'error'} title="Nothing was connected">
          <Text as="p">{reason}</Text>
        </PageAlert>
        {back ? (
          <TextLink href={back}>Go to the business&apos;s clinical systems</TextLink>
        ) : (
          <TextLink href={pages.welcome.dashboard.href()}>Go to your dashboard</TextLink>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={1.5}>
      <H1>
        <VisuallyHidden>Connecting</VisuallyHidden>
      </H1>
      <div style={{ position: 'relative', minHeight: '12rem' }}>
        <LoadingBlanket label="Authenticating with your clinical information system.." />
      </div>
    </Stack>
  );
}

export { SmartCallbackPage as Component };
