import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiPaths } from '@pca/contracts/paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { testUser } from '../../../test/test-config.ts';

describe('WelcomePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('greets the user by given name, with the dashboard line and title', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    installFakeServer({
      [`GET ${apiPaths.me}`]: async () => {
        await gate;
        return json(testUser({ givenName: 'Ada' }));
      },
    });
    setSessionToken('tok');
    renderApp('/welcome');
    expect(await screen.findByText('Loading welcome page..')).toBeInTheDocument();
    release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Ada' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'This dashboard gives you one place to manage and share your provider information.',
      ),
    ).toBeInTheDocument();
    expect(document.title).toBe('Welcome back - Provider Connect Australia');
  });

  it("greets the managed practitioner's given name when managing someone", async () => {
    installFakeServer({
      [`GET ${apiPaths.me}`]: () =>
        json(
          testUser({
            givenName: 'Dee',
            managingPractitioner: {
              id: '3b7f2a90-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
              givenName: 'Priya',
              familyName: 'Shah',
              userPhotoData: null,
            },
          }),
        ),
    });
    setSessionToken('tok');
    renderApp('/welcome');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Priya' }),
    ).toBeInTheDocument();
  });

  it('shows an error state and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    installFakeServer({
      [`GET ${apiPaths.me}`]: () => {
        calls += 1;
        return calls === 1 ? new Response('{}', { status: 404 }) : json(testUser());
      },
    });
    setSessionToken('tok');
    renderApp('/welcome');
    expect(await screen.findByText('We could not load the welcome page')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Jane' }),
    ).toBeInTheDocument();
  });
});
