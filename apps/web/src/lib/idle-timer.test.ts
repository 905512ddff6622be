import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  recordActivity,
  secondsLeft,
  startIdleTimer,
  tick,
} from './idle-timer.ts';

const d = { idleAfterMs: 1_200_000, countdownMs: 300_000 };

describe('idle timer (docs/product/rules.md#states)', () => {
  it('becomes idle after 1200 s and exceeded 300 s later', () => {
    let s = startIdleTimer(0, d);
    expect(tick(s, 1_199_999).phase).toBe('active');
    s = tick(s, 1_200_000);
    expect(s.phase).toBe('idle');
    expect(secondsLeft(s, 1_200_000)).toBe(300);
    expect(secondsLeft(s, 1_201_500)).toBe(299);
    expect(tick(s, 1_499_999).phase).toBe('idle');
    s = tick(s, 1_500_000);
    expect(s.phase).toBe('exceeded');
    expect(secondsLeft(s, 1_600_000)).toBe(0);
  });

  it('activity while active restarts the timers', () => {
    let s = startIdleTimer(0, d);
    s = recordActivity(s, 1_000_000, d);
    expect(tick(s, 1_500_000).phase).toBe('active');
    expect(tick(s, 2_200_000).phase).toBe('idle');
  });

  it('activity no longer resets once idle or exceeded', () => {
    let s = tick(startIdleTimer(0, d), 1_250_000);
    s = recordActivity(s, 1_260_000, d);
    expect(s.phase).toBe('idle');
    expect(s.exceededAt).toBe(1_500_000);
    s = recordActivity(s, 1_600_000, d);
    expect(s.phase).toBe('exceeded');
  });

  it('a missed tick while the tab slept goes straight to exceeded', () => {
    expect(tick(startIdleTimer(0, d), 5_000_000).phase).toBe('exceeded');
    expect(recordActivity(startIdleTimer(0, d), 5_000_000, d).phase).toBe('exceeded');
  });

  it('formats the countdown', () => {
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(9)).toBe('0:09');
  });
});
