import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { organisationHref } from '@pca/contracts/pages.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { LoadingBlanket } from '@pca/ui/primitives/loading.ts';
import { PageAlert } from '@pca/ui/primitives/page-alert.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { ApiError } from '#lib/http.ts';
import { CLINICAL_SYSTEMS_TAB } from '#lib/smart-clients/clinical-systems-tab.tsx';
import { useAppLaunch, useExchangeCode } from '#lib/smart-clients/smart-clients-api.ts';

/** What went wrong, as the server worded it (its problem's detail), or a plain sentence. */
function reasonOf(error: unknown): string {
  if (error instanceof ApiError && error.problem?.detail) return error.problem.detail;
  return 'The portal could not reach the clinical information system. Try again later.';
}

function Failed({ title, reason, back }: { title: string; reason: string; back: string }) {
  return (
    <Stack gap={1.5}>
      <H1>{title}</H1>
      <PageAlert tone="error" title="Nothing was connected">
        <Text as="p">{reason}</Text>
      </PageAlert>
      <TextLink href={back}>Go to the business&apos;s clinical systems</TextLink>
    </Stack>
  );
}

function Working({ label }: { label: string }) {
  return (
    <Stack gap={1.5}>
      <H1>View Organisation</H1>
      <div style={{ position: 'relative', minHeight: '12rem' }}>
        <LoadingBlanket label={label} />
      </div>
    </Stack>
  );
}

/**
 * The organisation pages' `…/launch` and `…/applaunch` endings (docs/product/smart-clients.md#launch):
 * `…/launch?code=…&state=…` posts the code to the server, which exchanges it and keeps the tokens, then shows
 * the organisation's Clinical systems tab; `…/applaunch?iss=…&launch=…` (the clinical system opened the
 * portal) asks the server for the authorisation URL of that registered iss and goes there.
 */
export function LaunchPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const type = pathname.startsWith('/organisation/hi/')
    ? 'HiOrganisation'
    : 'ParticipatingOrganisation';
  const appLaunch = pathname.endsWith('/applaunch');
  const back = organisationHref(type, id, { tab: CLINICAL_SYSTEMS_TAB });
  const exchange = useExchangeCode();
  const start = useAppLaunch();
  const started = useRef(false);

  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const iss = searchParams.get('iss');
  const launch = searchParams.get('launch');
  const ready = appLaunch ? Boolean(iss && launch) : Boolean(code && state);

  useEffect(() => {
    if (started.current || !ready) return;
    started.current = true;
    if (appLaunch) start.mutate({ organisationId: id, iss: iss!, launch: launch! });
    else
      exchange.mutate(
        { organisationId: id, code: code!, state: state! },
        { onSuccess: () => void navigate(back, { replace: true }) },
      );
  }, [appLaunch, back, code, exchange, id, iss, launch, navigate, ready, start, state]);

  if (!ready)
    return (
      <Failed
        title="Connection failed"
        reason={
          appLaunch
            ? 'The clinical system did not say which system it is (iss) or what it opened (launch). Open the portal from your clinical system again.'
            : (searchParams.get('error_description') ??
              'The clinical system returned no authorisation code. Start the connection again.')
        }
        back={back}
      />
    );
  if (exchange.isError)
    return <Failed title="Connection failed" reason={reasonOf(exchange.error)} back={back} />;
  if (start.isError)
    return <Failed title="Launch refused" reason={reasonOf(start.error)} back={back} />;
  return (
    <Working
      label={
        appLaunch
          ? 'Opening your clinical information system..'
          : 'Authenticating with your clinical information system..'
      }
    />
  );
}

export { LaunchPage as Component };
