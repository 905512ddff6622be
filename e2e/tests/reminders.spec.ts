import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';
import { serverEnvOfRun } from '../../tools/run/server-env.ts';

/**
 * The reminders the portal creates itself (docs/decisions/027-reminders.md), on a server whose reminder
 * job runs as it starts (tools/run/server-env.ts; every other file's server has it off and sees the
 * world as seeded). The demo world has one stale location and one ending role of Alice's: she confirms
 * the location's details are still current and the task leaves her Open list, and the role's notice is
 * in her notifications. One test, to keep this file's server start worth it.
 */

const ALICE = '2000000011';
const LOCATION = 'Harbour Home Visits (Eastern Suburbs)';
const CONFIRM = `Confirm the details of ${LOCATION} are still current`;
const ROLE_ENDING = /^Your role at Harbour Telehealth GP ends on /;

test('Alice confirms the details the reminder job asked about; the role-ending notice is in her notifications', async ({
  page,
}) => {
  expect(
    serverEnvOfRun(),
    'run through scripts/e2e.ts, which turns the reminder job on for this file’s server',
  ).toHaveProperty('REMINDER_JOB_INTERVAL_MS');
  await signIn(page, ALICE);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Alice' })).toBeVisible({
    timeout: 30_000,
  });

  // The job runs once the server is up, beside the sign-in: its tasks are waited for, not assumed.
  await expect(async () => {
    await page.goto('/tasks-notifications/tasks');
    await expect(page.getByRole('link', { name: CONFIRM })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  // The demo world's 4 open tasks and 3 unread notifications, and one of each from the job.
  await expect(page.getByRole('tab', { name: /^Open \(5\)/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Notifications \(4\)/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Notifications.*4 unread/ })).toBeVisible();
  await expectAccessible(page);

  // The task: no partner and no suggested value; the details are confirmed, or changed on their page.
  await page.getByRole('link', { name: CONFIRM }).click();
  await expect(page.getByRole('heading', { level: 1, name: CONFIRM })).toBeVisible();
  await expect(page.getByText('Non-urgent! Action required')).toBeVisible();
  await expect(page.getByText(`Check the details of the ${LOCATION}.`)).toBeVisible();
  await expect(page.getByText(/have not been confirmed for 120 days/)).toBeVisible();
  await expect(page.getByRole('link', { name: `View and change ${LOCATION}` })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expectAccessible(page);
  const completed = page.waitForResponse(
    (r) => r.url().endsWith('/complete') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'These details are still current' }).click();
  expect((await completed).status()).toBe(200);

  // Back on the list: it says so, it has left the Open tasks, and the Completed tab says it was confirmed.
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks (Open)' })).toBeVisible();
  await expect(page.getByText(`Details confirmed: ${LOCATION}`)).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Open \(4\)/ })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Open tasks' }).getByRole('link', { name: CONFIRM }),
  ).toHaveCount(0);
  await page.getByRole('tab', { name: 'Completed' }).click();
  await page
    .getByRole('table', { name: 'Completed tasks' })
    .getByRole('link', { name: CONFIRM })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: CONFIRM })).toBeVisible();
  await expect(page.getByText('No action required')).toBeVisible();
  await expect(page.getByText('Successfully confirmed')).toBeVisible();
  await expectAccessible(page);

  // The role's end, told 30 days ahead: unread among her notifications, its message once opened.
  await page.goto('/tasks-notifications/notifications');
  const notice = page.getByRole('button', { name: ROLE_ENDING });
  await expect(notice).toContainText('Unread');
  await notice.click();
  await expect(
    page.getByText(/ask one of its organisation managers to change the end date of your role/),
  ).toBeVisible();
  await expect(notice).not.toContainText('Unread');
  await expect(page.getByRole('link', { name: /Notifications.*3 unread/ })).toBeVisible();
  await expectAccessible(page);
});
