/**
 * The session idle state machine of docs/product/rules.md#states, pure so it can be tested without timers:
 * active → (idleAfterMs without activity) → idle → (countdownMs more) → exceeded.
 * Activity resets the timers only while active; once idle or exceeded only an explicit reset does.
 */

/** Where the session is. */
export type IdlePhase = 'active' | 'idle' | 'exceeded';

/** The machine's state: its phase and the instants (ms since epoch) of the next transitions. */
export type IdleState = {
  phase: IdlePhase;
  /** When the session becomes idle unless activity resets it first. */
  idleAt: number;
  /** When the maximum idle time is exceeded (idleAt + countdown). */
  exceededAt: number;
};

/** Durations of the machine (docs/product/rules.md#constants: 1200 s and 300 s). */
export type IdleDurations = { idleAfterMs: number; countdownMs: number };

/** A fresh, active state starting at `now`. */
export function startIdleTimer(now: number, d: IdleDurations): IdleState {
  return {
    phase: 'active',
    idleAt: now + d.idleAfterMs,
    exceededAt: now + d.idleAfterMs + d.countdownMs,
  };
}

/** Advances the phase to what it is at `now`. */
export function tick(state: IdleState, now: number): IdleState {
  if (state.phase === 'exceeded') return state;
  if (now >= state.exceededAt) return { ...state, phase: 'exceeded' };
  if (state.phase === 'active' && now >= state.idleAt) return { ...state, phase: 'idle' };
  return state;
}

/** A click, touch or key press: restarts the timers while active, ignored once idle or exceeded. */
export function recordActivity(state: IdleState, now: number, d: IdleDurations): IdleState {
  const current = tick(state, now);
  return current.phase === 'active' ? startIdleTimer(now, d) : current;
}

/** Whole seconds until the maximum idle time is exceeded (0 once it is). */
export function secondsLeft(state: IdleState, now: number): number {
  return Math.max(0, Math.ceil((state.exceededAt - now) / 1000));
}

/** 'm:ss' for a countdown of seconds. */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
