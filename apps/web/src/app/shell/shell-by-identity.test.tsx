import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser, OrganisationNode } from '@pca/contracts';
import { apiPaths, meApiPaths, shellApiPaths } from '@pca/contracts/paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  aliceManaged,
  demoUsers,
  harbourId,
  participatingOrganisation,
} from '../../test/demo-world.ts';

/**
 * The shell as each person of the demo world (data/world.json) has it: which header and side-navigation
 * item is current on which page, the page titles and breadcrumbs, the About and profile menus' items, the
 * bell, and where the guards send people. These were checked in the browser (e2e/tests/shell.spec.ts),
 * a sign-in and page loads each; the journeys keep the keyboard, focus and axe (issue 31,
 * docs/decisions/052-ci-budget.md).
 */

const harbour = participatingOrganisation();
const alice = demoUsers.alice();
const ben = demoUsers.ben();
const george = demoUsers.george();
const priya = demoUsers.priya();

/** Answers the shell's requests (and the dashboard's) as the API answers this person. */
function serveAs(user: CurrentUser, organisations: OrganisationNode[] = []) {
  setSessionToken('tok');
  installFakeServer({
    [`GET ${apiPaths.me}`]: () => json(user),
    [`GET ${meApiPaths.organisations}`]: () => json({ organisations }),
    [`GET ${shellApiPaths.unreadNotificationCount}`]: () => json({ count: 3 }),
    'GET /api/welcome/sign-up-banner': () => json({ organisation: null }),
    'GET /api/welcome/site-organisations': () => json({ organisations: [] }),
  });
}

/** Opens the profile menu and reads its items' names; the same button closes it again. */
async function profileMenuItems(fullName: string) {
  const button = await screen.findByRole('button', { name: fullName }, { timeout: 30_000 });
  await userEvent.click(button);
  const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
  await userEvent.click(button);
  return items;
}

const currentIn = (nav: HTMLElement | null) =>
  nav?.querySelector('[aria-current="page"]')?.textContent ?? null;

// Pages whose own data the fake server does not answer log their error; the shell around them is the subject.
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the shell of each person of the demo world', () => {
  it('Alice: the header item current on each page, as a person moves through them', async () => {
    serveAs(alice, [harbour]);
    const { router } = renderApp('/welcome');
    await screen.findByRole('heading', { level: 1, name: 'Welcome Alice' });
    // The bar's item list (hidden below lg, which jsdom cannot evaluate).
    const header = () => document.querySelector<HTMLElement>('#main-nav nav[aria-label="Main"]');
    // Home between the pages, so each page's item is seen to change, never read before it rendered.
    const at = async (path: string, expected: string | null) => {
      await router.navigate('/welcome');
      await waitFor(() => expect(currentIn(header())).toBe('Home'));
      await router.navigate(path);
      await waitFor(() => expect(currentIn(header()), path).toBe(expected));
    };
    await waitFor(() => expect(currentIn(header())).toBe('Home'));
    await at('/tasks-notifications', 'Tasks');
    // A page of no side-navigation item still lists them all (the menu was empty here once).
    const side = await screen.findByRole('navigation', { name: 'Menu', hidden: true });
    expect(within(side).getByRole('link', { name: 'Home', hidden: true })).toHaveAttribute(
      'href',
      '/welcome',
    );
    expect(currentIn(side)).toBeNull();
    await at('/tasks-notifications/notifications', 'Businesses');
    await at('/my-workplaces', 'Sites');
    await at('/my-workplaces/healthcare-service-summary/x', 'Sites');
    await at('/healthcare-service/x?from=Sites', 'Sites');
    await at('/practitioner/publish', 'Publishing');
    await at('/practitioners', 'Businesses');
    await waitFor(() => expect(document.title).toBe('Practitioners - Provider Connect Australia'));
    await at('/delegates', null);
  });

  it('Alice: the side navigation’s items, the current one, breadcrumbs and title on a page below Businesses', async () => {
    serveAs(alice, [harbour]);
    renderApp('/credential-document/add');
    await screen.findByRole('heading', { level: 1, name: 'Add credential document' });
    const side = await screen.findByRole('navigation', { name: 'Menu', hidden: true });
    await waitFor(() =>
      expect(
        within(side)
          .getAllByRole('link', { hidden: true })
          .map((l) => l.textContent),
      ).toEqual(['Home', 'Businesses', 'Practitioners', 'Publishing']),
    );
    // A practitioner and an organisation manager: Publishing goes to the landing.
    expect(within(side).getByRole('link', { name: 'Publishing', hidden: true })).toHaveAttribute(
      'href',
      '/publishing',
    );
    expect(currentIn(side)).toBe('Businesses');
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'Credential documents']);
    await waitFor(() =>
      expect(document.title).toBe('Add credential document - Provider Connect Australia'),
    );
  });

  it('Alice: the About menu’s items, the first two opening in a new tab, and her profile menu', async () => {
    serveAs(alice, [harbour]);
    renderApp('/welcome');
    const bell = await screen.findByRole(
      'link',
      { name: /Notifications.*3 unread/ },
      { timeout: 30_000 },
    );
    expect(bell).toHaveAttribute('href', '/tasks-notifications');
    await userEvent.click(screen.getByRole('button', { name: 'About' }));
    const about = await screen.findAllByRole('menuitem');
    expect(about.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Learn more about us/),
      expect.stringMatching(/^More detailed steps/),
      'Give us feedback',
    ]);
    expect(about[0]).toHaveAttribute('target', '_blank');
    expect(about[1]).toHaveAttribute('target', '_blank');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem')).not.toBeInTheDocument());
    expect(await profileMenuItems('Alice Nguyen')).toEqual([
      'View profile',
      'Assign a delegate',
      'Bank account',
      'Credential documents',
      'Audit events',
      'Logout',
    ]);
    // The same button closes it.
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
  });

  it('Ben: his own menu, and while managing Alice her menu items besides his account’s, with the bell', async () => {
    serveAs(ben);
    const { unmount } = renderApp('/welcome');
    expect(await profileMenuItems('Ben Okafor')).toEqual([
      'View profile',
      'My account',
      'Managed accounts',
      'Logout',
    ]);
    unmount();
    vi.unstubAllGlobals();

    serveAs(demoUsers.ben({ managingPractitioner: aliceManaged }));
    renderApp('/welcome');
    expect(await screen.findByTestId('managing-indicator')).toHaveTextContent(
      'Managing Alice Nguyen',
    );
    expect(
      await screen.findByRole('link', { name: /Notifications.*3 unread/ }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(await profileMenuItems('Ben Okafor')).toEqual([
      'Practitioner profile',
      'Credential documents',
      'Audit events',
      'My account',
      'Managed accounts',
      'Logout',
    ]);
  });

  it('George, a viewer, has the bell and only View profile and Logout; Priya, an operator, has System admin and no bell', async () => {
    serveAs(george, [{ ...harbour, effectiveRoles: ['Viewer'] }]);
    const { unmount } = renderApp('/welcome');
    expect(await profileMenuItems('George Papadopoulos')).toEqual(['View profile', 'Logout']);
    expect(
      await screen.findByRole('link', { name: /Notifications/ }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();

    serveAs(priya);
    renderApp('/welcome');
    expect(await profileMenuItems('Priya Raman')).toEqual([
      'View profile',
      'System admin',
      'Logout',
    ]);
    expect(screen.queryByRole('link', { name: /Notifications/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Priya Raman' }));
    expect(await screen.findByRole('menuitem', { name: 'System admin' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });
});

describe('where the guards send people, and why they are told', () => {
  it('George, who manages no organisation, is sent from the NHSD import to /welcome with the reason', async () => {
    serveAs(george, [{ ...harbour, effectiveRoles: ['Viewer'] }]);
    const { router } = renderApp('/nhsd-import');
    expect(
      await screen.findByText('You do not have access to import services for that organisation.'),
    ).toBeVisible();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/welcome?reason=organisation-manager',
    );
  });

  it('an address that is no page goes home', async () => {
    serveAs(george, [{ ...harbour, effectiveRoles: ['Viewer'] }]);
    const { router } = renderApp('/no-such-page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('Alice opens the NHSD import for the organisation she manages, not for one she does not', async () => {
    serveAs(alice, [harbour]);
    const { router, unmount } = renderApp(`/nhsd-import?organisationId=${harbourId}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Importing services from NHSD' }),
    ).toBeVisible();
    await waitFor(() =>
      expect(document.title).toBe('Importing services from NHSD - Provider Connect Australia'),
    );
    expect(router.state.location.pathname).toBe('/nhsd-import');
    unmount();

    const other = renderApp('/nhsd-import?organisationId=00000000-0000-4000-8000-000000000000');
    await waitFor(() =>
      expect(other.router.state.location.pathname + other.router.state.location.search).toBe(
        '/welcome?reason=organisation-manager',
      ),
    );
  });
});

describe('the logout dialog', () => {
  it('Alice asked to confirm logging out: Cancel closes the dialog and keeps her where she was', async () => {
    serveAs(alice, [harbour]);
    const { router } = renderApp('/welcome');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Alice Nguyen' }, { timeout: 30_000 }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to log out?' });
    expect(dialog).toHaveTextContent('You will also be logged out of');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/welcome');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Alice' })).toBeVisible();
  });
});
