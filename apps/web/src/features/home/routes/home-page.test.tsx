import { describe, expect, it, vi } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiPaths } from '@pca/contracts/paths.ts';
import { leaveTo } from '#lib/browser-navigation.ts';
import { renderApp } from '../../../test/render-app.tsx';

vi.mock('#lib/browser-navigation.ts', () => ({ leaveTo: vi.fn() }));

describe('HomePage', () => {
  it('explains the portal and starts sign-in from its Login button', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Provider Connect Australia' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Provider Digital Access \(PRODA\)/)).toBeInTheDocument();

    const main = screen.getByRole('main');
    await userEvent.click(within(main).getByRole('button', { name: 'Login' }));
    expect(leaveTo).toHaveBeenCalledWith(apiPaths.login);
  });

  it('lists who the portal is for as a bulleted list under its own heading', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Who it is for' })).toBeVisible();
    const items = within(within(screen.getByRole('main')).getByRole('list')).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Practitioners can register/),
      expect.stringMatching(/^Organisations can register their business/),
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Signing in' })).toBeVisible();
  });

  it('is titled "Home - Provider Connect Australia"', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toBe('Home - Provider Connect Australia'));
  });

  it('redirects /home and unknown paths to /', async () => {
    const home = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Provider Connect Australia' });
    expect(home.router.state.location.pathname).toBe('/');
    home.unmount();

    const unknown = renderApp('/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'Provider Connect Australia' });
    expect(unknown.router.state.location.pathname).toBe('/');
  });
});
