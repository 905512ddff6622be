import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../tools/run/server-env.ts';

/**
 * Notifications (docs/product/features.md#tasks-and-notifications, docs/decisions/026-notifications.md):
 * Alice reads and archives hers while the header bell follows without a reload, reaches a created
 * date-time's tooltip by keyboard, and a message a partner sends carrying OWASP payloads runs nothing (the
 * demo world seeds no such test message: issue 30; the partner API's client is the sandbox's,
 * tools/run/server-env.ts). Each file runs on its own seeded world; the tests here run in order on it.
 * That Ben, managing Alice, is given Alice's notifications is the API's to show
 * (apps/server/src/modules/tasks-notifications/notifications.test.ts; issue 31,
 * docs/decisions/052-ci-budget.md).
 */

const ALICE = '2000000011';
/** The demo world's newest notification (unread), and the subject of the message the last test sends. */
const NEWEST = /^Ben Okafor accepted your delegate invitation/;
const UNSAFE_SUBJECT = 'Your claims portal has moved';
const UNSAFE = new RegExp(`^${UNSAFE_SUBJECT}`);

test.describe.configure({ mode: 'serial' });

async function signInToWelcome(page: Page, ra: string, givenName: string) {
  await signIn(page, ra);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome ${givenName}` })).toBeVisible({
    timeout: 30_000,
  });
}

/** From the header's bell to the Notifications tab, as a person gets there. */
async function openNotifications(page: Page) {
  await page
    .getByRole('link', { name: /Notifications/ })
    .first()
    .click();
  await page.getByRole('tab', { name: /^Notifications/ }).click();
  await expect(page).toHaveURL(/\/tasks-notifications\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
}

test('Alice reads and archives a notification, the bell follows', async ({ page }) => {
  await signInToWelcome(page, ALICE, 'Alice');
  await expect(page.getByRole('link', { name: /Notifications.*3 unread/ })).toBeVisible();
  await openNotifications(page);
  await expect(page.getByRole('tab', { name: /^Notifications \(3\)/ })).toBeVisible();
  await expect(
    page.getByRole('radio', { name: 'Show read and unread notifications' }),
  ).toBeChecked();

  // Opening the newest (Unread) marks it read: the tab and the bell drop to 2 without a reload.
  const newest = page.getByRole('button', { name: NEWEST }).first();
  await expect(newest).toContainText('Unread');
  const read = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/read'),
  );
  await newest.click();
  expect((await read).status()).toBe(204);
  await expect(newest).toContainText('Read');
  await expect(page.getByRole('tab', { name: /^Notifications \(2\)/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Notifications.*2 unread/ })).toBeVisible();
  await expectAccessible(page);

  // The created date-time's tooltip by keyboard: the date sits in the button, which it describes and
  // which shows it on focus (here back from the message with Shift+Tab); Escape hides it.
  await expect(newest).toHaveAccessibleDescription('When this notification was created');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(newest).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText('When this notification was created');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  // Archiving takes it out of the list (after 250 ms); it is then under 'Show archived notifications'.
  const before = await page.getByRole('button', { name: NEWEST }).count();
  const archived = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/archive'),
  );
  await page.getByRole('button', { name: 'Archive this notification' }).click();
  expect((await archived).status()).toBe(204);
  await expect(page.getByRole('button', { name: NEWEST })).toHaveCount(before - 1);
  await page.getByText('Show archived notifications', { exact: true }).click();
  await expect(page.getByRole('button', { name: NEWEST }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: NEWEST }).first()).toContainText('Archived');
});

test('a message a partner sends with script, handlers, javascript: links, SVG and CSS runs nothing', async ({
  page,
  request,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const me = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me' && r.ok());
  await signInToWelcome(page, ALICE, 'Alice');
  const { practitionerId } = (await (await me).json()) as { practitionerId: string };

  // MediFund, whose client the sandbox's is, sends Alice the OWASP cheat sheet's usual payloads.
  const token = await request.post('/oauth/token', {
    form: {
      grant_type: 'client_credentials',
      client_id: SANDBOX_CLIENT_ID,
      client_secret: SANDBOX_CLIENT_SECRET,
    },
  });
  expect(token.status()).toBe(200);
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const sent = await request.post('/fhir/Communication', {
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/fhir+json' },
    data: {
      resourceType: 'Communication',
      status: 'completed',
      recipient: [{ reference: `Practitioner/${practitionerId}` }],
      topic: { text: UNSAFE_SUBJECT },
      payload: [
        {
          contentString: [
            '<p>This message was sent with content that is removed before it is stored.</p>',
            '<img src=x onerror=alert(1)>',
            '<script>alert(document.cookie)</script>',
            '<p><a href="javascript:alert(1)">A link that runs script</a></p>',
            '<svg onload=alert(1)><circle r="1"/></svg>',
            '<p style="background:url(javascript:alert(1));width:expression(alert(1))">Styled text</p>',
            '<iframe src="javascript:alert(1)"></iframe>',
            '<p><a href="https://www.example.com/help" target="_blank">A safe link</a></p>',
          ].join(''),
        },
      ],
    },
  });
  expect(sent.status()).toBe(201);

  await openNotifications(page);
  await page.getByRole('button', { name: UNSAFE }).click();
  const message = page
    .locator('.notification-message')
    .filter({ hasText: 'removed before it is stored' });
  await expect(message.getByRole('link', { name: 'A safe link' })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  );
  await expect(message.getByText('A link that runs script')).toBeVisible();
  await expect(message.getByText('A link that runs script')).not.toHaveAttribute('href', /.+/);
  await expect(message.locator('script, img, svg, iframe, object, embed, style')).toHaveCount(0);
  await expect(message.locator('[onerror], [onload], [style], [href^="javascript" i]')).toHaveCount(
    0,
  );
  expect(dialogs).toEqual([]);
  await expectAccessible(page);
});
