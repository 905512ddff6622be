import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { constants } from '@pca/contracts/constants.ts';
import { logout } from '#features/auth/api/logout.ts';
import { leaveTo } from '#lib/browser-navigation.ts';
import { currentUserQueryOptions } from '#lib/current-user.ts';
import {
  recordActivity,
  secondsLeft,
  startIdleTimer,
  tick,
  type IdleState,
} from '#lib/idle-timer.ts';
import { clearSessionToken } from '#lib/session-token.ts';
import type * as IdleDialogs from './session-idle-dialogs.tsx';

type Dialogs = typeof IdleDialogs;

/**
 * The two dialogs load when the warning is due, not with every page: most visits never show them, and
 * the warning's 300 s countdown leaves ample time for the logged-out dialog to be there when needed. A
 * failed load is tried again at the next phase or tick, so no error reaches the page.
 */
function useDialogs(needed: boolean): Dialogs | null {
  const [dialogs, setDialogs] = useState<Dialogs | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!needed || dialogs) return;
    let current = true;
    import('./session-idle-dialogs.tsx').then(
      (loaded) => current && setDialogs(loaded),
      () => current && window.setTimeout(() => setAttempt((n) => n + 1), 5000),
    );
    return () => {
      current = false;
    };
  }, [needed, dialogs, attempt]);
  return dialogs;
}

const durations = {
  idleAfterMs: constants.idleTimeoutSeconds * 1000,
  countdownMs: constants.logoutCountdownSeconds * 1000,
};

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
        void queryClient.cancelQueries();
        clearSessionToken();
      });
  }, [view.phase, onSessionEnded, queryClient]);

  /** "Any other outcome" of the warning: restart the timers and slide the server's idle expiry. */
  const stayLoggedIn = () => {
    update(startIdleTimer(Date.now(), durations));
    void queryClient.refetchQueries({ queryKey: currentUserQueryOptions().queryKey });
  };

  const dialogs = useDialogs(view.phase !== 'active');
  if (view.phase === 'active' || !dialogs) return null;

  if (view.phase === 'idle')
    return (
      <dialogs.IdleWarningDialog
        secondsLeft={secondsLeft(view.state, view.now)}
        onStay={stayLoggedIn}
      />
    );

  return (
    <dialogs.LoggedOutDialog
      onLogout={() => {
        queryClient.clear();
        leaveTo(endSessionUrl.current ?? '/');
      }}
    />
  );
}
