import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

// Give us feedback (docs/product/feedback.md): sent signed out and signed in, stored, and mailed through
// the outbox to the support address, where this run's mail catcher receives it.

const ALICE = '2000000011';
const SUPPORT = 'support@providerconnect.example.gov.au';

/** Fills and sends the form; answers the reference the page shows. */
async function sendFeedback(
  page: Page,
  feedback: { rating: string; comments: string; name?: string; email?: string },
) {
  await expect(page.getByRole('heading', { level: 1, name: 'Give us feedback' })).toBeVisible();
  await expectAccessible(page);
  // Nothing chosen: the page says what is missing, and nothing is sent.
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(
    page.getByRole('link', { name: 'Choose how easy it was to use the portal' }),
  ).toBeVisible();
  await expectAccessible(page);
  // A person clicks the words: AgDS draws the circle over the input.
  await page.getByText(feedback.rating, { exact: true }).click();
  await expect(page.getByRole('radio', { name: feedback.rating })).toBeChecked();
  const comments = page.getByRole('textbox', { name: /Comments/ });
  await comments.fill(feedback.comments);
  await expect(
    page.getByText(`${1000 - feedback.comments.length} characters remaining`),
  ).toBeVisible();
  if (feedback.name) await page.getByLabel(/^Your name/).fill(feedback.name);
  if (feedback.email) await page.getByLabel(/^Your email/).fill(feedback.email);
  const sent = page.waitForResponse(
    (r) => r.url().endsWith('/api/feedback') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Send feedback' }).click();
  const answer = await sent;
  expect(answer.status()).toBe(201);
  const { id } = (await answer.json()) as { id: string };
  await expect(page.getByText('Thank you for your feedback')).toBeVisible();
  await expect(page.getByText(`Your reference is ${id.slice(0, 8)}.`)).toBeVisible();
  await expectAccessible(page);
  return id;
}

test('signed out, anyone sends feedback and support receives it by mail', async ({
  page,
  mailbox,
}) => {
  await page.goto('/give-feedback');
  const id = await sendFeedback(page, {
    rating: '2 – Difficult',
    comments: 'I could not find where to sign in as a delegate.',
    name: 'Sam Lee',
    email: 'sam.lee@example.com',
  });
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
    'href',
    '/',
  );
  const mail = await mailbox.waitForMail({
    to: SUPPORT,
    subject: 'Feedback about Provider Connect Australia: 2 of 5 (Difficult)',
  });
  expect(mail.text).toContain('I could not find where to sign in as a delegate.');
  expect(mail.text).toContain('Contact: Sam Lee <sam.lee@example.com>');
  expect(mail.text).toContain(`Reference: ${id}`);
});

test('signed in, Alice opens it from the About menu and sends feedback without a contact', async ({
  page,
  mailbox,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ALICE);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Alice' })).toBeVisible();
  await page.getByRole('button', { name: 'About' }).click();
  await page.getByRole('menuitem', { name: 'Give us feedback' }).click();
  await expect(page).toHaveURL(/\/give-feedback$/);
  const id = await sendFeedback(page, {
    rating: '5 – Very easy',
    comments: 'Adding key contacts was quick.',
  });
  await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
    'href',
    '/welcome',
  );
  const mail = await mailbox.waitForMail({
    to: SUPPORT,
    subject: 'Feedback about Provider Connect Australia: 5 of 5 (Very easy)',
  });
  expect(mail.text).toContain('Adding key contacts was quick.');
  expect(mail.text).toContain('Contact: Not given');
  expect(mail.text).toContain(`Reference: ${id}`);
});
