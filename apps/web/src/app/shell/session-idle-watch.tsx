import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '#lib/query/hooks.ts';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Text } from '@pca/ui/primitives/text.ts';
import { constants } from '@pca/contracts/constants.ts';
import { Modal } from '@pca/ui/modal/modal.tsx';
import { logout, useLogout } from '#features/auth/api/logout.ts';
import { leaveTo } from '#lib/browser-navigation.ts';
import { currentUserQueryOptions } from '#lib/current-user.ts';
import {
  formatCountdown,
  recordActivity,
  secondsLeft,
  startIdleTimer,
  tick,
  type IdleState,
} from '#lib/idle-timer.ts';
import { redirectToLogin } from '#lib/login.ts';
import { clearSessionToken } from '#lib/session-token.ts';

const durations = {
  idleAfterMs: constants.idleTimeoutSeconds * 1000,
  countdownMs: constants.logoutCountdownSeconds * 1000,
};
// The dialogs name the same durations the timers run on, so the text cannot drift from them.
const idleMinutes = constants.idleTimeoutSeconds / 60;
const loggedOutAfterMinutes =
  (constants.idleTimeoutSeconds + constants.logoutCountdownSeconds) / 60;

/** Activity that keeps a session alive (docs/product/rules.md#states): clicks, touches and key presses. */
const ACTIVITY_EVENTS = ['click', 'touchstart', 'keydown'] as const;

/** Props of SessionIdleWatch. */
export type SessionIdleWatchProps = {
  /** Called just before the idle logout forgets the token, so the shell keeps this dialog mounted. */
  onSessionEnded: () => void;
};

/**
 * Watches for inactivity while signed in (docs/product/rules.md#states): after 1200 s a warning dialog counts down
 * 300 s, then the portal session is ended (without sending the browser anywhere) and the user
 * chooses Login (a fresh sign-in) or Logout (also ends the provider session, then '/').
 */
export function SessionIdleWatch({ onSessionEnded }: SessionIdleWatchProps) {
  const queryClient = useQueryClient();
  const fullLogout = useLogout();
  // The view holds a snapshot for rendering; the ref holds the latest state for event handlers.
  const [view, setView] = useState(() => {
    const now = Date.now();
    return { state: startIdleTimer(now, durations), phase: 'active' as IdleState['phase'], now };
  });
  const state = useRef<IdleState>(view.state);
  const endSessionUrl = useRef<string | null>(null);

  const update = useCallback((next: IdleState) => {
    state.current = next;
    setView((prev) =>
      prev.phase === next.phase && next.phase === 'active'
        ? prev
        : { state: next, phase: next.phase, now: Date.now() },
    );
  }, []);

  useEffect(() => {
    const onActivity = () => update(recordActivity(state.current, Date.now(), durations));
    for (const type of ACTIVITY_EVENTS)
      document.addEventListener(type, onActivity, { capture: true, passive: true });
    const interval = window.setInterval(() => update(tick(state.current, Date.now())), 1000);
    return () => {
      for (const type of ACTIVITY_EVENTS)
        document.removeEventListener(type, onActivity, { capture: true });
      window.clearInterval(interval);
    };
  }, [update]);

  useEffect(() => {
    if (view.phase !== 'exceeded') return;
    // The portal session ends now, without sending the browser anywhere (docs/product/rules.md#states). The token is
    // forgotten so nothing on the page calls the API with it and gets redirected by the 401 rule.
    logout()
      .then((result) => {
        endSessionUrl.current = result.endSessionUrl;
      })
      .catch((error: unknown) => console.error('Idle logout failed', error))
      .finally(() => {
        onSessionEnded();
        queryClient.cancelQueries();
        clearSessionToken();
      });
  }, [view.phase, onSessionEnded, queryClient]);

  /** "Any other outcome" of the warning: restart the timers and slide the server's idle expiry. */
  const stayLoggedIn = () => {
    update(startIdleTimer(Date.now(), durations));
    void queryClient.refetchQueries({ queryKey: currentUserQueryOptions().queryKey });
  };

  if (view.phase === 'active') return null;

  if (view.phase === 'idle') {
    const left = secondsLeft(view.state, view.now);
    return (
      <Modal
        isOpen
        onClose={stayLoggedIn}
        title="Your session is about to expire"
        width={600}
        dismissOnClickOutside={false}
        actions={
          <ButtonGroup>
            <Button onClick={stayLoggedIn}>Stay logged in</Button>
            <Button
              variant="secondary"
              loading={fullLogout.isPending}
              loadingLabel="Logging out"
              onClick={() => fullLogout.mutate()}
            >
              Logout
            </Button>
          </ButtonGroup>
        }
      >
        <Text as="p">
          You have not used the portal for {idleMinutes} minutes. For your security you will be
          logged out automatically in{' '}
          <strong data-testid="idle-countdown">{formatCountdown(left)}</strong>. Choose Stay logged
          in to keep working.
        </Text>
      </Modal>
    );
  }

  return (
    <Modal
      isOpen
      onClose={() => undefined}
      closable={false}
      title="You have been logged out"
      width={600}
      actions={
        <ButtonGroup>
          <Button onClick={() => redirectToLogin()}>Login</Button>
          <Button
            variant="secondary"
            onClick={() => {
              queryClient.clear();
              leaveTo(endSessionUrl.current ?? '/');
            }}
          >
            Logout
          </Button>
        </ButtonGroup>
      }
    >
      <Text as="p">
        You were logged out because you were inactive for {loggedOutAfterMinutes} minutes. Log in
        again to continue where you left off.
      </Text>
    </Modal>
  );
}
