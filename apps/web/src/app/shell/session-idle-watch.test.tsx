import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiPaths, meApiPaths, shellApiPaths } from '@pca/contracts/paths.ts';
import { leaveTo } from '#lib/browser-navigation.ts';
import { getSessionToken, setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';

vi.mock('#lib/browser-navigation.ts', () => ({ leaveTo: vi.fn() }));

/**
 * Moves the clock on and lets the watch's one-second interval notice. The async advance runs the
 * interval and then lets the promises and React updates it started settle, rather than one microtask.
 */
async function passSeconds(seconds: number) {
  await act(async () => {
    vi.setSystemTime(Date.now() + seconds * 1000);
    await vi.advanceTimersByTimeAsync(1000);
  });
}

describe('SessionIdleWatch (docs/product/rules.md#states)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.mocked(leaveTo).mockClear();
  });

  it('warns after 1200 s, logs out after 300 s more without redirecting, and keeps its dialog', async () => {
    // Only the clock and the interval are fake: React, lazy imports and the fake server keep real timers.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const requests = installFakeServer({
      [`GET ${apiPaths.me}`]: () => json(testUser()),
      [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [] }),
      [`GET ${shellApiPaths.unreadNotificationCount}`]: () => json({ count: 0 }),
      [`POST ${apiPaths.logout}`]: () => json({ endSessionUrl: 'https://idp.example/end' }),
    });
    setSessionToken('tok');
    // The shell loads the watch lazily; loading its module first means React only has to mount it.
    await import('./session-idle-watch.tsx');
    renderApp('/audit-events');
    await screen.findByRole('heading', { level: 1, name: 'Audit events' });
    await screen.findByRole('button', { name: /Jane Citizen/ });
    // The idle clock starts when the watch mounts: wait for its interval (the only faked timer) rather
    // than assume the lazy component is in by now. Under load it may mount after the header did.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));

    await passSeconds(1190);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await passSeconds(15);
    const warning = await screen.findByRole('dialog', { name: 'Your session is about to expire' });
    expect(within(warning).getByTestId('idle-countdown').textContent).toMatch(/^4:[45]\d$/);

    await passSeconds(300);
    const ended = await screen.findByRole('dialog', { name: 'You have been logged out' });
    await vi.waitFor(() => expect(getSessionToken()).toBeNull());
    expect(requests.find((r) => r.path === apiPaths.logout)?.headers.get('Authorization')).toBe(
      'Bearer tok',
    );
    // Logged out without the redirect: the browser stays, the dialog stays.
    expect(leaveTo).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'You have been logged out' })).toBe(ended);

    await userEvent.click(within(ended).getByRole('button', { name: 'Logout' }));
    expect(leaveTo).toHaveBeenCalledWith('https://idp.example/end');
  });
});
