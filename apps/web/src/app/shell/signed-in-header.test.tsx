import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser, OrganisationNode } from '@pca/contracts';
import { apiPaths, meApiPaths, shellApiPaths } from '@pca/contracts/paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testConfig, testUser } from '../../test/test-config.ts';
import { harbourId, participatingOrganisation } from '../../test/demo-world.ts';
import { WIDE_SCREEN_QUERY } from './use-wide-screen.ts';

const orgId = harbourId;
const org: OrganisationNode = participatingOrganisation();

const manager = testUser({
  givenName: 'George',
  familyName: 'Papadopoulos',
  roles: [{ type: 'OrganisationManager', organisationId: orgId, healthcareServiceId: null }],
});
const operator = testUser({
  givenName: 'Priya',
  familyName: 'Raman',
  isPractitioner: false,
  practitionerId: null,
  roles: [{ type: 'PcaOperator', organisationId: null, healthcareServiceId: null }],
});

function serve(user: CurrentUser, organisations: OrganisationNode[]) {
  setSessionToken('tok');
  installFakeServer({
    [`GET ${apiPaths.me}`]: () => json(user),
    [`GET ${meApiPaths.organisations}`]: () => json({ organisations }),
    [`GET ${shellApiPaths.unreadNotificationCount}`]: () => json({ count: 3 }),
    'GET /api/welcome/sign-up-banner': () => json({ organisation: null }),
    'GET /api/welcome/site-organisations': () => json({ organisations: [] }),
  });
}

/** A phone: AgDS's lg media query does not match. */
function stubNarrowScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query !== WIDE_SCREEN_QUERY,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

// jsdom applies no media queries, so navigation AgDS hides below a breakpoint counts as hidden there.
const linkNames = (root: HTMLElement) =>
  within(root)
    .getAllByRole('link', { hidden: true })
    .map((l) => l.textContent);
const sideNavigation = () => screen.findByRole('navigation', { name: 'Menu', hidden: true });

describe('Signed-in navigation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('on a phone the menu drawer offers the header, side navigation and About links', async () => {
    stubNarrowScreen();
    serve(manager, [org]);
    renderApp('/welcome');
    await screen.findByRole('heading', { level: 1, name: 'Welcome George' });
    const side = await sideNavigation();
    await within(side).findByRole('link', { name: 'Practitioners', hidden: true });
    await userEvent.click(await screen.findByRole('button', { name: /Open main menu/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Main menu' });
    const offered = linkNames(drawer);
    for (const name of linkNames(side)) expect(offered).toContain(name);
    expect(offered).not.toContain('About');
    expect(offered).toEqual([
      'Home',
      'Tasks',
      'Sites',
      'Publishing',
      'Businesses',
      'Practitioners',
      'Learn more about us, opens in a new tab',
      'More detailed steps, opens in a new tab',
      'Give us feedback',
    ]);
    const learnMore = within(drawer).getByRole('link', {
      name: 'Learn more about us, opens in a new tab',
    });
    expect(learnMore).toHaveAttribute('href', testConfig.links.learnMore);
    expect(learnMore).toHaveAttribute('target', '_blank');
    // About lives in the drawer on a phone, leaving the bar to the bell and the profile menu.
    expect(screen.queryByRole('button', { name: 'About' })).not.toBeInTheDocument();
  });

  it('on a wide screen About stays in the bar and the drawer items are the header’s own', async () => {
    serve(manager, [org]);
    renderApp('/welcome');
    await screen.findByRole('heading', { level: 1, name: 'Welcome George' });
    expect(await screen.findByRole('button', { name: 'About' })).toBeInTheDocument();
    await screen.findByRole('link', { name: /Notifications/ });
    // The bar's item list (hidden below lg, which jsdom cannot evaluate).
    const main = document.querySelector<HTMLElement>('#main-nav nav[aria-label="Main"]');
    expect(linkNames(main!)).toEqual(['Home', 'Tasks', 'Sites', 'Publishing', 'Businesses']);
  });

  it('the profile button carries the whole name as its text and tooltip (CSS only cuts it)', async () => {
    serve(manager, [org]);
    renderApp('/welcome');
    const profile = await screen.findByRole('button', { name: 'George Papadopoulos' });
    const name = within(profile).getByTitle('George Papadopoulos');
    expect(name).toHaveClass('pca-user-name');
    expect(name).toHaveTextContent('George Papadopoulos');
  });

  it('the profile button shows the user’s photo once they have one (decorative: the name is beside it)', async () => {
    const photo = 'data:image/png;base64,iVBORw0KGgo=';
    serve({ ...manager, photoData: photo }, [org]);
    renderApp('/welcome');
    const profile = await screen.findByRole('button', { name: 'George Papadopoulos' });
    const img = profile.querySelector('img');
    expect(img).toHaveAttribute('src', photo);
    expect(img).toHaveAttribute('alt', '');
  });

  it('the unread count sits on the bell icon, and is spoken after the label', async () => {
    serve(manager, [org]);
    renderApp('/welcome');
    const bell = await screen.findByRole('link', { name: /Notifications.*3 unread/ });
    const icon = within(bell).getByTestId('bell-icon');
    expect(within(icon).getByTestId('bell-badge')).toHaveTextContent('3');
    expect(bell.firstElementChild).toBe(icon);
  });

  it('the side navigation shows Home for a user with no other items (an agency operator)', async () => {
    serve(operator, []);
    renderApp('/welcome');
    await screen.findByRole('heading', { level: 1, name: 'Welcome Priya' });
    const side = await sideNavigation();
    expect(linkNames(side)).toEqual(['Home']);
    expect(within(side).getByRole('link', { name: 'Home', hidden: true })).toHaveAttribute(
      'href',
      '/welcome',
    );
  });
});
