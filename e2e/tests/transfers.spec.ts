import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';
import { expectFitsEveryWidth } from '../support/layout.ts';

const ALICE = '2000000011';
const PRIYA = '2000000077';
const JACK = '2000000101';
const LOCATION = 'Harbour Home Visits (Eastern Suburbs)';
const RECEIVER = 'Riverbend Allied Health Pty Ltd';

async function signInTo(page: Page, raNumber: string) {
  await signIn(page, raNumber);
  await expect(page).toHaveURL(/\/welcome/);
}

/** The session token the SPA holds, to call the API as that user. */
const tokenOf = (page: Page) =>
  page.evaluate(() => window.sessionStorage.getItem('pca.sessionToken'));

test.describe.configure({ mode: 'serial' });

test.describe('Transfers (docs/product/transfers.md)', () => {
  test('Priya transfers a location from Harbour Home Visits to Riverbend', async ({
    page,
    mailbox,
  }) => {
    await page.setViewportSize({ width: 1280, height: 1000 });
    await signInTo(page, PRIYA);
    await page.goto('/transfers');
    await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
    await expect(page).toHaveTitle('Transfers - Provider Connect Australia');
    await expect(page.getByText('No transfers have been started.')).toBeVisible();
    await expectAccessible(page);

    // Nothing chosen: the error summary names every field and takes focus.
    await page.getByRole('button', { name: 'Start transfer' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toContainText('Enter why it is being transferred');
    await expect(page.locator(':focus')).toContainText('There is a problem');
    await expectAccessible(page);

    await page
      .getByLabel('Organisation it belongs to now')
      .selectOption({ label: 'Harbour Home Visits' });
    await page.getByLabel('Location', { exact: true }).selectOption({ label: LOCATION });
    await page.getByLabel('Receiving organisation').selectOption({ label: RECEIVER });
    await page
      .getByLabel('Reason for the transfer')
      .fill('Harbour sold its home visits service to Riverbend Allied Health.');
    const started = page.waitForResponse(
      (r) => r.url().endsWith('/api/transfers') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Start transfer' }).click();
    expect((await started).status()).toBe(201);
    await expect(
      page.getByText(`The transfer of ${LOCATION} to ${RECEIVER} is waiting for an answer`),
    ).toBeVisible();
    const waiting = page.getByRole('list', { name: 'Waiting for an answer' });
    await expect(waiting.getByRole('heading', { name: LOCATION })).toBeVisible();
    await expect(waiting).toContainText('Waiting for the receiving organisation');
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/transfers-operator-1280.png', fullPage: true });
    await expectFitsEveryWidth(page, null, 'Priya');
    await page.screenshot({ path: '/tmp/transfers-operator-390.png', fullPage: true });

    // Starting the same location again is a conflict, as a problem document.
    const token = await tokenOf(page);
    const options = await (
      await page.request.get('/api/transfers/options', {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    const harbourHomeVisits = options.organisations.find(
      (o: { name: string }) => o.name === 'Harbour Home Visits',
    );
    const riverbend = options.organisations.find((o: { name: string }) => o.name === RECEIVER);
    const again = await page.request.post('/api/transfers', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        entityType: 'Location',
        entityId: harbourHomeVisits.locations[0].id,
        toOrganisationId: riverbend.id,
        reason: 'Again.',
      },
    });
    expect(again.status()).toBe(409);
    expect(again.headers()['content-type']).toContain('application/problem+json');
    expect((await again.json()).type).toBe('/problems/conflict');

    // Jack, Riverbend's manager, is emailed.
    const mail = await mailbox.waitForMail({
      to: 'jack@riverbend.example.com.au',
      subject: `A location is being transferred to ${RECEIVER}`,
    });
    expect(mail.text).toContain('Harbour sold its home visits service');
  });

  test('Alice, the giving manager, sees it pending and cannot accept it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1000 });
    await signInTo(page, ALICE);
    // The operator's page is not hers.
    await page.goto('/transfers');
    await expect(page).toHaveURL(/\/welcome/);
    await page.goto('/transfers/businesses');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Transfers of my businesses' }),
    ).toBeVisible();
    const waiting = page.getByRole('list', { name: 'Waiting for an answer' });
    await expect(waiting.getByRole('heading', { name: LOCATION })).toBeVisible();
    await expect(waiting).toContainText(`To${RECEIVER}`);
    await expect(page.getByRole('button', { name: `Accept ${LOCATION}` })).toHaveCount(0);
    await expectAccessible(page);

    // Accepting through the API anyway is 403 with a problem body.
    const token = await tokenOf(page);
    const list = await (
      await page.request.get('/api/transfers', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const refused = await page.request.post(`/api/transfers/${list.transfers[0].id}/accept`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).type).toBe('/problems/forbidden');
  });

  test('Jack, the receiving manager, accepts it and both managers see it completed', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 1000 });
    await signInTo(page, JACK);
    // The mail sends him to Businesses, which links his transfers.
    await page.goto('/organisation');
    await page.getByRole('link', { name: 'Transfers of my businesses' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Transfers of my businesses' }),
    ).toBeVisible();
    const accept = page.getByRole('button', { name: `Accept ${LOCATION}` });
    await expect(accept).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/transfers-manager-1280.png', fullPage: true });
    const answered = page.waitForResponse((r) => r.url().endsWith('/accept'));
    await accept.click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByText(`${LOCATION} is transferred`)).toBeVisible();
    const past = page.getByRole('list', { name: 'Past transfers' });
    await expect(past).toContainText('Completed');
    await expect(past).toContainText('by Jack Wilson');
    await expectAccessible(page);
    await expectFitsEveryWidth(page, null, 'Jack');
    await page.screenshot({ path: '/tmp/transfers-manager-390.png', fullPage: true });
  });

  test('Alice sees it completed; the location is no longer Harbour’s', async ({ page }) => {
    await signInTo(page, ALICE);
    await page.goto('/transfers/businesses');
    const past = page.getByRole('list', { name: 'Past transfers' });
    await expect(past.getByRole('heading', { name: LOCATION })).toBeVisible();
    await expect(past).toContainText('Completed');
    await expectAccessible(page);
  });
});
