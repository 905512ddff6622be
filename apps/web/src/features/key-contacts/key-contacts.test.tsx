import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keyContactMessages, type KeyContact, type KeyContactsList } from '@pca/contracts';
import { apiPaths, meApiPaths } from '@pca/contracts/paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, type FakeHandler } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { demoUsers, harbourId, participatingOrganisation } from '../../test/demo-world.ts';

const riverbendId = '7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5b4a';
const meiId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const rajId = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

const contact = (over: Partial<KeyContact> = {}): KeyContact => ({
  id: meiId,
  organisationId: harbourId,
  organisationName: 'Harbour Medical Group Pty Ltd',
  name: 'Mei Chen',
  role: 'PracticeManager',
  email: 'mei.chen@harbourmedical.example.com.au',
  phone: '02 9123 4567',
  isPrimary: true,
  updatedAt: '2026-11-27T00:00:00.000Z',
  ...over,
});
const raj = contact({
  id: rajId,
  name: 'Raj Patel',
  role: 'BillingContact',
  phone: '0412 345 678',
  isPrimary: false,
});

const listOf = (contacts: KeyContact[], over: Partial<KeyContactsList> = {}): KeyContactsList => ({
  organisations: [{ id: harbourId, name: 'Harbour Medical Group Pty Ltd' }],
  organisationId: harbourId,
  contacts,
  ...over,
});

function serve(routes: Record<string, FakeHandler>, user = demoUsers.alice()) {
  setSessionToken('tok');
  return installFakeServer({
    [`GET ${apiPaths.me}`]: () => json(user),
    [`GET ${meApiPaths.organisations}`]: () =>
      json({ organisations: [participatingOrganisation()] }),
    ...routes,
  });
}

const problemOf = (status: number, type: string, detail: string, errors?: unknown) =>
  new Response(JSON.stringify({ type, title: 'Refused', status, detail, errors }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('the key contacts list', () => {
  it('shows each contact with the primary marked, and makes another primary', async () => {
    let contacts = [contact(), raj];
    const requests = serve({
      'GET /api/key-contacts': () => json(listOf(contacts)),
      [`POST /api/key-contacts/${rajId}/primary`]: () => {
        contacts = [
          { ...raj, isPrimary: true },
          { ...contact(), isPrimary: false },
        ];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/key-contacts');
    // Cards at phone width (jsdom's), the table beside them for wider screens.
    const list = await screen.findByRole('list', {
      name: 'Key contacts of Harbour Medical Group Pty Ltd',
    });
    const cards = within(list).getAllByRole('listitem');
    expect(within(cards[0]!).getByText('Mei Chen')).toBeVisible();
    expect(within(cards[0]!).getByText('Primary contact', { selector: 'span' })).toBeVisible();
    expect(within(cards[1]!).getByText('Billing contact')).toBeVisible();
    // One business: no selector.
    expect(screen.queryByRole('combobox', { name: /Business/ })).toBeNull();

    await userEvent.click(
      screen.getByRole('button', { name: 'Make Raj Patel the primary contact' }),
    );
    expect(
      await screen.findByText(
        'Raj Patel is now the primary contact of Harbour Medical Group Pty Ltd.',
      ),
    ).toBeVisible();
    expect(
      requests.some((r) => r.method === 'POST' && r.path === `/api/key-contacts/${rajId}/primary`),
    ).toBe(true);
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Make Mei Chen the primary contact' }),
      ).toBeVisible(),
    );
  });

  it('does not carry a failed primary change to another business', async () => {
    serve({
      'GET /api/key-contacts': (r) =>
        json(
          listOf(r.path.includes(riverbendId) ? [] : [contact(), raj], {
            organisations: [
              { id: harbourId, name: 'Harbour Medical Group Pty Ltd' },
              { id: riverbendId, name: 'Riverbend Allied Health' },
            ],
            organisationId: r.path.includes(riverbendId) ? riverbendId : harbourId,
          }),
        ),
      [`POST /api/key-contacts/${rajId}/primary`]: () =>
        problemOf(409, '/problems/conflict', 'Raj Patel is no longer a key contact.'),
    });
    renderApp('/key-contacts');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Make Raj Patel the primary contact' }),
    );
    expect(await screen.findByText('The primary contact was not changed')).toBeVisible();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /Business/ }),
      'Riverbend Allied Health',
    );
    expect(await screen.findByRole('heading', { name: 'Riverbend Allied Health' })).toBeVisible();
    expect(screen.queryByText('The primary contact was not changed')).toBeNull();
  });

  it('says what to do when there are none yet, and offers a selector for several businesses', async () => {
    const requests = serve({
      'GET /api/key-contacts': (r) =>
        json(
          listOf([], {
            organisations: [
              { id: harbourId, name: 'Harbour Medical Group Pty Ltd' },
              { id: riverbendId, name: 'Riverbend Allied Health' },
            ],
            organisationId: r.path.includes(riverbendId) ? riverbendId : harbourId,
          }),
        ),
    });
    renderApp('/key-contacts');
    expect(
      await screen.findByText(
        'Harbour Medical Group Pty Ltd has no key contacts yet. The first one you add becomes its primary contact.',
      ),
    ).toBeVisible();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /Business/ }),
      'Riverbend Allied Health',
    );
    expect(await screen.findByRole('heading', { name: 'Riverbend Allied Health' })).toBeVisible();
    expect(requests.some((r) => r.path === `/api/key-contacts?organisationId=${riverbendId}`)).toBe(
      true,
    );
    expect(screen.getByRole('link', { name: 'Add key contact' })).toHaveAttribute(
      'href',
      `/key-contacts/add?organisationId=${riverbendId}`,
    );
  });

  it('asks before removing, and shows why the primary contact cannot go yet', async () => {
    serve({
      'GET /api/key-contacts': () => json(listOf([contact(), raj])),
      [`DELETE /api/key-contacts/${meiId}`]: () =>
        problemOf(409, '/problems/conflict', keyContactMessages.primaryCannotBeRemoved),
    });
    renderApp('/key-contacts');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Mei Chen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Mei Chen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove key contact' }));
    expect(
      await within(dialog).findByText(keyContactMessages.primaryCannotBeRemoved),
    ).toBeVisible();
  });

  it('sends people without key-contact access to /welcome with the reason', async () => {
    serve({}, demoUsers.george());
    const { router } = renderApp('/key-contacts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    expect(router.state.location.search).toBe('?reason=key-contacts');
  });
});

describe('the key contact form', () => {
  it('checks every field before sending, then adds the contact and says so on the list', async () => {
    let contacts: KeyContact[] = [contact()];
    const requests = serve({
      'GET /api/key-contacts': () => json(listOf(contacts)),
      'POST /api/key-contacts': (r) => {
        const added = { ...raj, ...(r.body as object) } as KeyContact;
        contacts = [...contacts, added];
        return json(added, 201);
      },
    });
    renderApp(`/key-contacts/add?organisationId=${harbourId}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add key contact' }));
    const summary = await screen.findByRole('alert');
    for (const message of [
      keyContactMessages.nameRequired,
      'Select the contact’s role',
      keyContactMessages.emailRequired,
      keyContactMessages.phoneRequired,
    ])
      expect(within(summary).getByRole('link', { name: message })).toBeVisible();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByRole('textbox', { name: /Full name/ }), 'Raj Patel');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /Role/ }),
      'Billing contact',
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'raj@example.com.au');
    await userEvent.type(screen.getByRole('textbox', { name: /Phone/ }), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Add key contact' }));
    expect(
      await screen.findByRole('link', {
        name: 'Enter a valid Australian phone number, for example 02 9123 4567',
      }),
    ).toBeVisible();
    await userEvent.clear(screen.getByRole('textbox', { name: /Phone/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Phone/ }), '0412 345 678');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Make this the primary contact' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add key contact' }));
    expect(await screen.findByText('Raj Patel is now a key contact.')).toBeVisible();
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      organisationId: harbourId,
      name: 'Raj Patel',
      role: 'BillingContact',
      email: 'raj@example.com.au',
      phone: '0412 345 678',
      isPrimary: true,
    });
  });

  it('makes the first contact primary without asking, and keeps the primary primary on update', async () => {
    const requests = serve({
      'GET /api/key-contacts': () => json(listOf([])),
      [`GET /api/key-contacts/${meiId}`]: () => json(contact()),
      [`PUT /api/key-contacts/${meiId}`]: () => json(contact()),
    });
    renderApp('/key-contacts/add');
    expect(
      await screen.findByText('The first key contact of a business is its primary contact.'),
    ).toBeVisible();
    expect(screen.queryByRole('checkbox')).toBeNull();

    renderApp(`/key-contacts/update/${meiId}`);
    expect(await screen.findByDisplayValue('Mei Chen')).toBeVisible();
    expect(
      screen.getByText(
        'This is the primary contact. To change that, make another contact primary from the list.',
      ),
    ).toBeVisible();
    // Saving sends no primary choice: another manager's Make primary, made meanwhile, stands.
    await userEvent.click(screen.getByRole('button', { name: /Save|Update/ }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')!.body).not.toHaveProperty('isPrimary');
  });
});
