import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  delegateConsentList,
  delegationApiPaths,
  type DelegationListItem,
  type DelegationsPage,
} from '@pca/contracts';
import { apiPaths, meApiPaths } from '@pca/contracts/paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, type FakeHandler } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';

const row = (over: Partial<DelegationListItem>): DelegationListItem => ({
  id: '11111111-1111-4111-8111-111111111111',
  givenName: 'Ben',
  familyName: 'Okafor',
  email: 'ben@example.com',
  status: 'Accepted',
  lastUpdated: '2026-07-23T00:00:00.000Z',
  lastLogin: null,
  authIdentifier: '2000000022',
  delegateUserId: null,
  ...over,
});

function serve(routes: Record<string, FakeHandler>, user = testUser()) {
  setSessionToken('tok');
  return installFakeServer({
    [`GET ${apiPaths.me}`]: () => json(user),
    [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [] }),
    [`GET ${delegationApiPaths.consent}`]: () =>
      json({ version: 1, items: [...delegateConsentList] }),
    [`GET ${delegationApiPaths.potentialDelegates}`]: () => json({ users: [] }),
    ...routes,
  });
}

const page = (items: DelegationListItem[], total = items.length): DelegationsPage => ({
  items,
  page: 1,
  pageSize: 10,
  total,
});

describe('the delegates list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says "No delegates" when there are none', async () => {
    serve({ [`GET ${delegationApiPaths.list}`]: () => json(page([])) });
    renderApp('/delegates');
    expect(await screen.findByText('No delegates')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Assign delegate' })).toHaveAttribute(
      'href',
      '/assign-a-delegate',
    );
  });

  it('shows the loading message while the list loads', async () => {
    serve({ [`GET ${delegationApiPaths.list}`]: () => new Promise<Response>(() => undefined) });
    renderApp('/delegates');
    expect(await screen.findByText('Loading practitioner delegates..')).toBeInTheDocument();
  });

  it('pages from 1: a second page is asked for as page=2', async () => {
    // The fake server routes by path; the page asked for is in the query.
    const requests = serve({
      [`GET ${delegationApiPaths.list}`]: (request) =>
        request.path.endsWith('?page=2')
          ? json({
              ...page([row({ id: '22222222-2222-4222-8222-222222222222', givenName: 'Zed' })], 12),
              page: 2,
            })
          : json(page([row({ givenName: 'Ben' })], 12)),
    });
    renderApp('/delegates');
    // jsdom applies no media query, so the phone layout (a list) is the one shown.
    const list = await screen.findByRole('list', { name: 'Your delegates' });
    expect(within(list).getByText('Ben Okafor')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: /page 2/i })[0]!);
    expect((await screen.findAllByText('Zed Okafor')).length).toBeGreaterThan(0);
    expect(requests.map((r) => r.path)).toContain(`${delegationApiPaths.list}?page=2`);
  });

  it('cancelling an invite shows the success alert, which Close removes', async () => {
    const invited = row({
      status: 'Invited',
      givenName: 'Dana',
      familyName: 'Wu',
      email: 'dana@example.com',
    });
    serve({
      [`GET ${delegationApiPaths.list}`]: () => json(page([invited])),
      [`POST /api/delegations/${invited.id}/cancel`]: () =>
        json({ ...invited, status: 'Cancelled' }),
    });
    renderApp('/delegates');
    await userEvent.click(
      await screen
        .findAllByRole('button', { name: 'Delegate action for Dana Wu' })
        .then((b) => b[0]!),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Cancel invite' }));
    expect(await screen.findByText('Successfully cancelled delegation')).toBeVisible();
    expect(screen.getByText('An email was sent to dana@example.com to inform them.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /Close/ }));
    await waitFor(() => expect(screen.queryByText('Successfully cancelled delegation')).toBeNull());
  });
});

describe('a delegate action that fails', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('puts the table in its error state, says what was not done and why, and brings the list back', async () => {
    const invited = row({ status: 'Invited', givenName: 'Dana', familyName: 'Wu' });
    let lists = 0;
    serve({
      [`GET ${delegationApiPaths.list}`]: () => {
        lists += 1;
        return json(page([invited]));
      },
      [`POST /api/delegations/${invited.id}/cancel`]: () =>
        json(
          {
            type: '/problems/delegation-transition',
            title: 'Conflict',
            status: 409,
            detail: 'This invitation has already been answered.',
          },
          409,
        ),
    });
    renderApp('/delegates');
    await userEvent.click(
      await screen
        .findAllByRole('button', { name: 'Delegate action for Dana Wu' })
        .then((b) => b[0]!),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Cancel invite' }));
    expect(await screen.findByText('We could not save the delegation')).toBeVisible();
    expect(screen.getByText('This invitation has already been answered.')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Your delegates' })).toBeNull();
    const before = lists;
    await userEvent.click(screen.getByRole('button', { name: 'Show your delegates' }));
    expect(await screen.findByRole('list', { name: 'Your delegates' })).toBeVisible();
    expect(lists).toBeGreaterThan(before);
  });
});

describe('re-assigning a stopped delegate', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the consent afresh each time the dialog opens, also after a re-assignment', async () => {
    const stopped = row({ status: 'Stopped' });
    // The list still answers Stopped after the re-assignment (stopped again meanwhile), so the row
    // offers Re-assign once more.
    const requests = serve({
      [`GET ${delegationApiPaths.list}`]: () => json(page([stopped])),
      [`POST /api/delegations/${stopped.id}/reassign`]: () =>
        json({ ...stopped, status: 'Accepted' }),
    });
    renderApp('/delegates');
    const openDialog = async () => {
      await userEvent.click(
        await screen
          .findAllByRole('button', { name: 'Delegate action for Ben Okafor' })
          .then((b) => b[0]!),
      );
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Re-assign' }));
      return screen.findByRole('dialog', { name: 'Re-assign Ben Okafor' });
    };

    let dialog = await openDialog();
    const consent = () =>
      within(dialog).getByRole('checkbox', { name: 'I consent to delegating all the above' });
    await userEvent.click(consent());
    expect(consent()).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Re-assign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.path.endsWith('/reassign'))).toHaveLength(1);
    expect(await screen.findByText('Successfully added delegate')).toBeVisible();

    dialog = await openDialog();
    expect(consent()).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Re-assign' }));
    expect(
      within(dialog).getByText('Please tick the box to consent to delegating all the above'),
    ).toBeVisible();
    expect(requests.filter((r) => r.path.endsWith('/reassign'))).toHaveLength(1);
  });
});

describe('assigning a delegate', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('Assign stays disabled until a delegate is described and consent is given, then invites', async () => {
    const requests = serve({
      [`POST ${delegationApiPaths.searchUser}`]: () =>
        json({ user: null, alreadyInvited: false, lastNameDoesntMatch: false }),
      [`POST ${delegationApiPaths.invitations}`]: () =>
        json(
          row({
            status: 'Invited',
            givenName: 'Nora',
            familyName: 'New',
            email: 'nora@example.com',
          }),
          201,
        ),
      [`GET ${delegationApiPaths.list}`]: () => json(page([])),
    });
    renderApp('/assign-a-delegate');
    const assign = await screen.findByRole('button', { name: 'Assign' });
    expect(assign).toBeDisabled();
    await userEvent.click(screen.getByText('Invite someone'));
    await userEvent.type(screen.getByLabelText(/RA number/), '2000005555');
    await userEvent.type(screen.getByLabelText(/Last name/), 'New');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.type(await screen.findByLabelText(/First name/), 'Nora');
    await userEvent.type(screen.getByLabelText(/^Email/), 'nora@example.com');
    expect(assign).toBeDisabled();
    await userEvent.click(screen.getByText('I consent to delegating all the above'));
    await waitFor(() => expect(assign).toBeEnabled());
    await userEvent.click(assign);
    expect(await screen.findByText('Successfully sent invite')).toBeVisible();
    const invite = requests.find((r) => r.path === delegationApiPaths.invitations);
    expect(invite?.body).toEqual({
      authIdentifier: '2000005555',
      givenName: 'Nora',
      familyName: 'New',
      email: 'nora@example.com',
      consent: true,
      consentVersion: 1,
    });
  });

  it("shows the server's refusal of a search on the RA number and in the summary, which takes focus", async () => {
    const selfMessage = 'You cannot be your own delegate';
    serve({
      [`POST ${delegationApiPaths.searchUser}`]: () =>
        json(
          {
            type: '/problems/validation',
            title: 'Invalid request',
            status: 400,
            detail: 'The request has invalid fields.',
            errors: [{ field: 'authIdentifier', message: selfMessage }],
          },
          400,
        ),
      [`GET ${delegationApiPaths.list}`]: () => json(page([])),
    });
    renderApp('/assign-a-delegate');
    await userEvent.click(await screen.findByText('Invite someone'));
    const raNumber = screen.getByLabelText(/RA number/);
    await userEvent.type(raNumber, '2000000011');
    await userEvent.type(screen.getByLabelText(/Last name/), 'Nguyen');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    const summary = (await screen.findByText('There is a problem')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(within(summary).getByRole('link', { name: selfMessage })).toBeVisible();
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(raNumber).toHaveAttribute('aria-invalid', 'true');
    expect(raNumber).toHaveAccessibleDescription(expect.stringContaining(selfMessage));
    // The summary's link leads to the field.
    await userEvent.click(within(summary).getByRole('link', { name: selfMessage }));
    expect(document.activeElement).toBe(raNumber);

    // Editing the search makes the refusal stale: it goes.
    await userEvent.type(raNumber, '{Backspace}2');
    expect(screen.queryByText(selfMessage)).toBeNull();
    expect(raNumber).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the consent step of assigning a delegate', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the consent in force and its tick', async () => {
    serve({ [`GET ${delegationApiPaths.list}`]: () => json(page([])) });
    renderApp('/assign-a-delegate');
    const step = await screen.findByRole('region', { name: '2. Consent and delegate' });
    expect(within(step).getByText('You give your delegate authority to:')).toBeVisible();
    for (const item of delegateConsentList)
      expect(await within(step).findByText(item)).toBeInTheDocument();
    const tick = within(step).getByRole('checkbox', {
      name: 'I consent to delegating all the above',
    });
    expect(tick).not.toBeChecked();
    await userEvent.click(tick);
    expect(tick).toBeChecked();
  });
});

describe('resend and stop without navigation state', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    '/resend-invite/11111111-1111-4111-8111-111111111111',
    '/stop-delegation/11111111-1111-4111-8111-111111111111',
  ])('%s goes to /delegates', async (path) => {
    serve({ [`GET ${delegationApiPaths.list}`]: () => json(page([])) });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Delegates' })).toBeVisible();
  });
});
