import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { LoadingBlanket } from '@pca/ui/primitives/loading.ts';
import { PageAlert } from '@pca/ui/primitives/page-alert.ts';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { useCapabilities } from '#lib/capabilities.ts';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { redirectNoticeOf } from '#lib/errors/redirect-reason.ts';
import { currentUserQueryOptions } from '#lib/current-user.ts';
import { useSignUpBanner } from '../api/get-sign-up-banner.ts';
import { useSiteOrganisations } from '../api/get-site-organisations.ts';
import { ActionCards } from '../components/action-cards.tsx';
import { DashboardLine } from '../components/dashboard-line.tsx';
import { chooseMandatoryDialog, isMandatory } from '../choose-mandatory-dialog.ts';
import { SignUpBanner } from '../components/sign-up-banner.tsx';
import { WelcomeSkeleton } from '../components/welcome-skeleton.tsx';
import { greetingName } from '../greeting-name.ts';
import { welcomeCardGroups } from '../welcome-cards.ts';
import { signInAgain } from '../sign-in-again.ts';

// The dialogs (and their form library) load only when someone needs one: most visits show none.
const MandatoryDialog = lazy(() =>
  import('../components/mandatory-dialog.tsx').then((m) => ({ default: m.MandatoryDialog })),
);
const SetupSite = lazy(() =>
  import('../components/setup-site.tsx').then((m) => ({ default: m.SetupSite })),
);

/** Query parameter of the emailed delegate-invitation link. */
const INVITATION_PARAM = 'delegateInvitationId';

/** The signed-in dashboard (docs/product/shell.md#welcome): greeting, sign-up banner, action cards and mandatory dialogs. */
export function WelcomePage() {
  const state = useCapabilities();
  const banner = useSignUpBanner();
  const sites = useSiteOrganisations();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [settingUpSite, setSettingUpSite] = useState(false);
  // Accepted in the mandatory dialog just answered: the next one does not ask for it again (issue 30).
  const [privacyNoticeAccepted, setPrivacyNoticeAccepted] = useState(false);
  // The invitation of a complete profile closed without an answer: not shown again until the next welcome
  // load (docs/decisions/092-invitation-for-a-complete-profile.md).
  const [dismissedInvitation, setDismissedInvitation] = useState<string | null>(null);
  const answered = state.status === 'ready' && !banner.isPending && !sites.isPending;
  // The query that answers last re-renders this page synchronously (a store update), so the whole
  // dashboard would be built in one long task. Building it from a deferred value instead keeps the
  // skeleton for that update and builds the page in an interruptible background render
  // (docs/decisions/018-critical-path-javascript.md).
  const shown = useDeferredValue(answered);
  // A guard that sent the user here names why (docs/decisions/011-errors-people-see.md).
  const redirectNotice = redirectNoticeOf(searchParams);
  const notice = redirectNotice ? (
    <PageAlert tone="warning" title={redirectNotice.title}>
      <Text as="p">{redirectNotice.detail}</Text>
    </PageAlert>
  ) : null;

  if (state.status === 'error') {
    const retry = () => void queryClient.invalidateQueries({ queryKey: ['me'] });
    return (
      <Stack gap={1.5}>
        <H1>Welcome back</H1>
        <ApiErrorAlert error={state.error} thing="the welcome page" onRetry={retry} />
        <Loading message="Loading welcome page.." />
      </Stack>
    );
  }

  // The banner and the set-up-a-site card sit above and among the cards: waiting for them too means
  // the page arrives whole instead of pushing its cards down when they answer (no layout shift).
  if (state.status !== 'ready' || !answered || !shown) return <WelcomeSkeleton />;

  const { user, capabilities, input } = state;
  const siteOrganisations = sites.data?.organisations ?? [];
  const groups = welcomeCardGroups({
    user,
    participatingOrganisations: input.participatingOrganisations,
    capabilities,
    hasSiteOrganisations: siteOrganisations.length > 0,
  });
  const chosen = chooseMandatoryDialog(user, searchParams.get(INVITATION_PARAM));
  const dialog =
    chosen?.kind === 'delegateInvitation' && chosen.invitationId === dismissedInvitation
      ? null
      : chosen;

  const onResult = (result: { privacyNoticeAccepted: boolean }) => {
    if (result.privacyNoticeAccepted) setPrivacyNoticeAccepted(true);
    if (searchParams.has(INVITATION_PARAM)) {
      const next = new URLSearchParams(searchParams);
      next.delete(INVITATION_PARAM);
      setSearchParams(next, { replace: true });
    }
    void queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
  };

  return (
    <Stack gap={2}>
      <Stack gap={1}>
        <H1>Welcome {greetingName(user)}</H1>
        <DashboardLine />
      </Stack>
      {notice}
      <SignUpBanner
        organisation={banner.data?.organisation ?? null}
        success={searchParams.get('msg') === 'success'}
      />
      <ActionCards groups={groups} onSetupSite={() => setSettingUpSite(true)} />
      <Suspense fallback={null}>
        {settingUpSite && siteOrganisations.length > 0 ? (
          <SetupSite
            organisations={siteOrganisations}
            origin="Home"
            onClose={() => setSettingUpSite(false)}
          />
        ) : null}
      </Suspense>
      {dialog ? (
        // The page must not be usable before a mandatory dialog shows: blanket it while it loads.
        <Suspense
          fallback={isMandatory(dialog) ? <LoadingBlanket fullScreen label="Loading" /> : null}
        >
          <MandatoryDialog
            dialog={dialog}
            user={user}
            privacyNoticeAccepted={privacyNoticeAccepted}
            onResult={onResult}
            onNoResult={() => void signInAgain()}
            onDismiss={() => {
              if (dialog.kind === 'delegateInvitation') setDismissedInvitation(dialog.invitationId);
            }}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

export { WelcomePage as Component };
