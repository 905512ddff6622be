import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicationEmailRecipientList } from '@pca/contracts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';

const organisationId = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
const path = `/api/publications/organisations/${organisationId}/email-recipients`;
const recipient = {
  id: '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e',
  email: 'ops@harbour.example.com',
  createdAt: '2026-11-24T09:00:00.000Z',
};
const list = (canEdit: boolean, recipients = [recipient]): PublicationEmailRecipientList => ({
  organisationId,
  organisationName: 'Harbour Medical Group',
  canEdit,
  recipients,
});
// The page is a lazy route: its first render waits for the module.
const lazy = { timeout: 10_000 };

function serve(routes: Parameters<typeof installFakeServer>[0]) {
  setSessionToken('tok');
  return installFakeServer({
    'GET /api/me': () => json(testUser()),
    'GET /api/me/organisations': () => json({ organisations: [] }),
    ...routes,
  });
}

describe('PublicationEmailNotificationsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists, refuses an invalid address before sending, adds and removes', async () => {
    const requests = serve({
      [`GET ${path}`]: () => json(list(true)),
      [`POST ${path}`]: () =>
        json(
          list(true, [
            recipient,
            { ...recipient, id: '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f', email: 'new@example.com' },
          ]),
          201,
        ),
      [`DELETE ${path}/${recipient.id}`]: () => new Response(null, { status: 204 }),
    });
    renderApp(`/publication-email-notification?organisationId=${organisationId}`);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Harbour Medical Group' }, lazy),
    ).toBeVisible();
    expect(screen.getByRole('list', { name: 'Recipients' })).toHaveTextContent(recipient.email);

    await userEvent.type(screen.getByLabelText(/Email address/), 'not an email');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('Enter a valid email address, for example name@example.com'),
    ).toBeVisible();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText(/Email address/));
    await userEvent.type(screen.getByLabelText(/Email address/), 'New@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('new@example.com will be emailed when publication changes.'),
    ).toBeVisible();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ email: 'new@example.com' });

    await userEvent.click(screen.getByRole('button', { name: `Remove ${recipient.email}` }));
    const removed = await screen.findByText(`${recipient.email} will no longer be emailed.`);
    expect(removed).toBeVisible();
    // Its Remove button is gone with it: the outcome has focus, so a screen reader announces it.
    await waitFor(() => expect(removed.closest('[tabindex="-1"]')).toHaveFocus());
  }, 30_000);

  it('shows a viewer the list without Add or Remove', async () => {
    serve({ [`GET ${path}`]: () => json(list(false)) });
    renderApp(`/publication-email-notification?organisationId=${organisationId}`);
    expect(
      await screen.findByText('Only an organisation manager can change who is emailed.', {}, lazy),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  }, 30_000);
});
