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
import { smartCallbackTarget } from '../smart-callback-target.ts';

/** The clinical-information-system callback (docs/product/shell.md#smart-callback): passes the code on to the organisation's launch page. */
export function SmartCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const done = useRef(false);
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const failed = !code || !state;

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (!code || !state) {
      console.error('Clinical information system callback without code or state');
      return;
    }
    void navigate(smartCallbackTarget(state, code), { replace: true });
  }, [code, state, navigate]);

  if (failed) {
    return (
      <Stack gap={1.5}>
        <H1>Connection failed</H1>
        <PageAlert tone="error" title="We could not connect your clinical information system">
          <Text as="p">
            The response had no authorisation code. Please start the connection again.
          </Text>
        </PageAlert>
        <TextLink href={pages.welcome.dashboard.href()}>Go to your dashboard</TextLink>
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
