import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

// A practitioner's delegates (docs/product/features.md 2.1–2.5): journeys through the real API, database,
// identity provider and mail catcher. They run in order on one seeded world: each leaves it as the next expects.
test.describe.configure({ mode: 'serial' });

const ALICE = '2000000011';
const BEN = '2000000022';
const CHLOE = '2000000033';
const DANA = '2000000044';
const GEORGE = '2000000066';
const ALICE_EMAIL = 'alice.nguyen@harbourmedical.example.com.au';
const BEN_EMAIL = 'ben.okafor@harbourmedical.example.com.au';
const DANA_EMAIL = 'dana.wu@example.com';
const CHLOE_EMAIL = 'chloe.martin@example.com';
const GEORGE_EMAIL = 'george.p@harbourmedical.example.com.au';
const CONSENT_ITEMS = [
  'Give authority to communicate with organisations',
  'Upload credential documents and give organisations access to view',
  'Share bank details with payer organisations such as health funds',
  'Manage tasks sent by organisations',
  'Consent on my behalf when sharing information including personal contact details',
];

/** Signs in and waits for the dashboard. */
async function signInToWelcome(page: Page, ra: string, givenName: string) {
  await signIn(page, ra);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome ${givenName}` })).toBeVisible();
}

/** A second person at their own browser. */
async function personAt(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, locale: 'en-AU' });
  return { context, page: await context.newPage() };
}

/** The delegates table's row of a person. */
const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Your delegates' }).getByRole('row').filter({ hasText: name });

/** Opens a row's 'Delegate action' menu and picks an action. */
async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Delegate action for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Ticks a checkbox by its visible label. */
async function tick(scope: Page | Locator, label: string) {
  await scope.getByText(label, { exact: true }).click();
  await expect(scope.getByRole('checkbox', { name: label })).toBeChecked();
}

/** Presses Tab until `target` has focus (keyboard only), failing after 60 presses. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

test('Alice’s delegates: intro, columns, chips and the actions each status allows', async ({
  page,
}) => {
  await signInToWelcome(page, ALICE, 'Alice');
  // Alice is nobody's delegate, so her dashboard has no Delegate card (docs/decisions/090-delegate-card.md):
  // the profile menu's Assign a delegate is her way in.
  await expect(page.getByRole('link', { name: 'Credential documents' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Delegate', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Alice Nguyen' }).click();
  await page.getByRole('menuitem', { name: 'Assign a delegate' }).click();
  await expect(page).toHaveURL(/\/delegates$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Delegates' })).toBeVisible();
  await expect(
    page.getByText(
      'Delegate your Provider Connect Australia administration work to your practice or business manager.',
    ),
  ).toBeVisible();
  const table = page.getByRole('table', { name: 'Your delegates' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Delegated to',
    'Status',
    'Email',
    'Last logged in',
    'Actions',
  ]);
  await expect(rowOf(page, 'Ben Okafor')).toContainText('Active');
  await expect(rowOf(page, 'Dana Wu')).toContainText('Invited');
  await expect(rowOf(page, 'George Papadopoulos')).toContainText('Stopped');

  const menuOf = async (name: string) => {
    await page.getByRole('button', { name: `Delegate action for ${name}` }).click();
    const items = await page.getByRole('menuitem').allTextContents();
    await page.keyboard.press('Escape');
    return items;
  };
  expect(await menuOf('Ben Okafor')).toEqual(['Stop delegation']);
  expect(await menuOf('Dana Wu')).toEqual(['Resend invite', 'Cancel invite']);
  expect(await menuOf('George Papadopoulos')).toEqual(['Re-assign']);
  await expectAccessible(page);

  // Without the row's details in the navigation state, resend and stop go back to the list.
  await page.goto('/stop-delegation/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/delegates$/);
  await page.goto('/resend-invite/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/delegates$/);
});

test('invite search: Dana is already invited; a wrong last name finds no match; Assign waits for its conditions', async ({
  page,
}) => {
  await signInToWelcome(page, ALICE, 'Alice');
  await page.goto('/delegates');
  await page.getByRole('link', { name: 'Assign delegate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Assigning a delegate' })).toBeVisible();
  const assign = page.getByRole('button', { name: 'Assign', exact: true });
  await expect(assign).toBeDisabled();
  // Half the main column's width on a wide screen (docs/product/features.md#delegation).
  const [form, main] = await page.evaluate(() => [
    document.querySelector('[data-layout="delegation-form"]')!.getBoundingClientRect().width,
    document.querySelector('main')!.getBoundingClientRect().width,
  ]);
  expect(form).toBeLessThanOrEqual(main / 2);
  expect(form).toBeGreaterThan(main / 3);
  await expect(page.getByRole('radio', { name: 'From your connections' })).toBeChecked();

  await page.getByText('Invite someone', { exact: true }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('link', { name: 'Please enter an RA number' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Please enter their last name' })).toBeVisible();
  await page.getByLabel('RA number').fill('20000');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('link', { name: 'The RA number must be 10 digits' })).toBeVisible();

  await page.getByLabel('RA number').fill(DANA);
  await page.getByLabel('Last name').fill('Wu');
  await page.getByRole('button', { name: 'Search' }).click();
  const already = page.getByText('Sorry, the user has already been invited.');
  await expect(already).toBeVisible();
  await expect(
    page.getByText('Please wait for the user to respond to the invitation.'),
  ).toBeVisible();
  // The sorry message takes focus (after 50 ms) so it is read out.
  await expect(page.locator(':focus')).toContainText('Sorry, the user has already been invited.');
  await expectAccessible(page);

  // Any edit clears the result.
  await page.getByLabel('Last name').fill('Smith');
  await expect(already).toHaveCount(0);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText("Sorry, we couldn't find a match.")).toBeVisible();
  await expect(
    page.getByText('Please check the last name that you entered is correct.'),
  ).toBeVisible();
  await expect(page.locator(':focus')).toContainText("Sorry, we couldn't find a match.");
  await tick(page, 'I consent to delegating all the above');
  await expect(assign).toBeDisabled();
});

test('Alice invites Chloe, not yet a user: the mail’s link brings Chloe to the setup; her other first name waits for Alice, who accepts it', async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  await signInToWelcome(page, ALICE, 'Alice');
  await page.goto('/assign-a-delegate');
  await page.getByText('Invite someone', { exact: true }).click();
  await page.getByLabel('RA number').fill(CHLOE);
  await page.getByLabel('Last name').fill('Martin');
  await page.getByRole('button', { name: 'Search' }).click();
  // Nobody with that RA number uses the portal yet: the details form.
  await expect(page.getByLabel('First name')).toBeVisible();
  await page.getByLabel('First name').fill('Clo');
  await page.getByLabel('Email').fill('chloe.martin@example');
  await tick(page, 'I consent to delegating all the above');
  await expect(page.getByRole('listitem').filter({ hasText: CONSENT_ITEMS[0]! })).toBeVisible();
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Please enter a valid email' })).toBeVisible();
  await page.getByLabel('Email').fill(CHLOE_EMAIL);
  await page.getByRole('button', { name: 'Assign', exact: true }).click();

  await expect(page).toHaveURL(/\/delegates$/);
  await expect(page.getByText('Successfully sent invite')).toBeVisible();
  await expect(
    page.getByText(`An email was sent to ${CHLOE_EMAIL} with a list of delegations`),
  ).toBeVisible();
  await expect(rowOf(page, 'Clo Martin')).toContainText('Invited');

  const invitation = await mailbox.waitForMail({
    to: CHLOE_EMAIL,
    subject: 'Alice Nguyen invites you to be their delegate in Provider Connect Australia',
  });
  for (const item of CONSENT_ITEMS) expect(invitation.text).toContain(item);
  const link = invitation.links.find((l) => l.includes('delegateInvitationId='));
  expect(link).toBeTruthy();

  // Chloe opens the link in her own browser: sign-in, then the delegate setup of that invitation.
  const chloe = await personAt(browser, baseURL);
  await chloe.page.goto(link!);
  await expect(chloe.page.getByLabel('RA number')).toBeVisible();
  await chloe.page.getByLabel('RA number').fill(CHLOE);
  await chloe.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = chloe.page.getByRole('dialog', { name: 'Set up your delegate account' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue(CHLOE_EMAIL);
  await dialog.getByLabel('Phone').fill('0298881111');
  await tick(dialog, 'I agree to act as a delegate for Dr Alice Nguyen');
  await tick(dialog, 'I accept the terms of use');
  await tick(dialog, 'I have read and accept the privacy notice');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toHaveCount(0);
  await chloe.context.close();

  // She signed in as Chloe, not Clo: Alice is asked to confirm the new name.
  await page.reload();
  await expect(rowOf(page, 'Clo Martin')).toContainText('Pending');
  const request = await mailbox.waitForMail({
    to: ALICE_EMAIL,
    subject: /delegate.s details have changed/,
  });
  const accept = request.links.find((l) => l.includes('accept=true'));
  expect(accept).toBeTruthy();
  await page.goto(accept!);
  await expect(page).toHaveURL(/\/delegates$/);
  await expect(page.getByText('Successfully updated')).toBeVisible();
  await expect(page.getByText("Chloe's full name has been updated.")).toBeVisible();
  await expect(rowOf(page, 'Chloe Martin')).toContainText('Active');
  await mailbox.waitForMail({
    to: CHLOE_EMAIL,
    subject: 'Alice Nguyen accepted your updated details in Provider Connect Australia',
  });
});

test('Alice resends Dana’s invite (a second mail), then cancels it', async ({ page, mailbox }) => {
  await signInToWelcome(page, ALICE, 'Alice');
  await page.goto('/delegates');
  await rowAction(page, 'Dana Wu', 'Resend invite');
  await expect(page.getByRole('heading', { level: 1, name: "Resend Dana's invite" })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Dana');
  await expect(page.getByLabel('Email')).toHaveValue(DANA_EMAIL);
  await expect(page.getByText('Invite email will be sent on your behalf')).toBeVisible();
  await expect(page.getByLabel(/RA number/)).toBeDisabled();
  await expect(page.getByLabel(/RA number/)).toHaveValue(DANA);
  await page.getByRole('button', { name: 'Resend' }).click();
  await expect(
    page.getByText('Please tick the box to consent to this person acting on your behalf'),
  ).toBeVisible();
  await expectAccessible(page);
  await tick(page, 'I consent to this person acting on my behalf');
  await page.getByRole('button', { name: 'Resend' }).click();
  await expect(page).toHaveURL(/\/delegates$/);
  await expect(page.getByText('Successfully resent invite')).toBeVisible();
  await mailbox.waitForMail({
    to: DANA_EMAIL,
    subject:
      'Reminder: Alice Nguyen invites you to be their delegate in Provider Connect Australia',
  });

  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Successfully resent invite')).toHaveCount(0);
  await rowAction(page, 'Dana Wu', 'Cancel invite');
  await expect(page.getByText('Successfully cancelled delegation')).toBeVisible();
  await expect(page.getByText(`An email was sent to ${DANA_EMAIL} to inform them.`)).toBeVisible();
  await expect(rowOf(page, 'Dana Wu')).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: 'Delegate action for Dana Wu' })).toHaveCount(0);
  await mailbox.waitForMail({
    to: DANA_EMAIL,
    subject: 'Alice Nguyen has cancelled your delegate invitation in Provider Connect Australia',
  });
});

test('by keyboard only, Alice stops Ben while he manages her: his next step takes him back to his own account', async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  const ben = await personAt(browser, baseURL);
  await signInToWelcome(ben.page, BEN, 'Ben');
  await ben.page.goto('/manage-accounts');
  await ben.page.getByRole('button', { name: /Manage Alice Nguyen/ }).click();
  await ben.page
    .getByRole('dialog')
    .getByRole('button', { name: /Manage|Confirm|Continue/ })
    .click();
  await expect(ben.page.getByText('Managing', { exact: false }).first()).toBeVisible();
  await expect(ben.page.getByRole('heading', { level: 1, name: 'Welcome Alice' })).toBeVisible();

  await signInToWelcome(page, ALICE, 'Alice');
  await page.goto('/delegates');
  await tabTo(page, page.getByRole('button', { name: 'Delegate action for Ben Okafor' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Stop delegation' })).toBeVisible();
  // The menu marks its active item (aria-activedescendant); ArrowDown makes Stop delegation the active one.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 1, name: "Stopping Ben's delegation" }),
  ).toBeVisible();
  await expect(
    page.getByText('If you proceed, access to the following tasks will cease.'),
  ).toBeVisible();
  await tabTo(
    page,
    page.getByRole('checkbox', { name: 'I consent to stop the delegations above' }),
  );
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Stop', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/delegates$/);
  await expect(page.getByText('Successfully stopped delegation')).toBeVisible();
  await expect(
    page.getByText(`An email was sent to ${BEN_EMAIL} to confirm you stopped delegation`),
  ).toBeVisible();
  await expect(rowOf(page, 'Ben Okafor')).toContainText('Stopped');
  await mailbox.waitForMail({
    to: BEN_EMAIL,
    subject: 'Alice Nguyen has stopped your delegation in Provider Connect Australia',
  });

  // Ben acts for Alice once more: refused, and he is back in his own account.
  // His page still shows Alice's dashboard from before; loading it again asks the API as her delegate.
  await ben.page.reload();
  await expect(ben.page.getByText('You are back in your own account.')).toBeVisible();
  await expect(ben.page.getByRole('heading', { level: 1, name: 'Welcome Ben' })).toBeVisible();
  await expectAccessible(ben.page);
  await ben.context.close();
});

test('Alice re-assigns Ben: he is her delegate again', async ({ page, mailbox }) => {
  await signInToWelcome(page, ALICE, 'Alice');
  await page.goto('/delegates');
  await rowAction(page, 'Ben Okafor', 'Re-assign');
  const dialog = page.getByRole('dialog', { name: 'Re-assign Ben Okafor' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveText(CONSENT_ITEMS);
  await dialog.getByRole('button', { name: 'Re-assign' }).click();
  await expect(
    dialog.getByText('Please tick the box to consent to delegating all the above'),
  ).toBeVisible();
  await tick(dialog, 'I consent to delegating all the above');
  await dialog.getByRole('button', { name: 'Re-assign' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Successfully added delegate')).toBeVisible();
  await expect(rowOf(page, 'Ben Okafor')).toContainText('Active');
  await mailbox.waitForMail({
    to: BEN_EMAIL,
    subject: 'Alice Nguyen has re-assigned you as their delegate in Provider Connect Australia',
  });
});

test('on a phone the delegates are a list, with nothing wider than the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToWelcome(page, ALICE, 'Alice');
  await page.goto('/delegates');
  const list = page.getByRole('list', { name: 'Your delegates' });
  await expect(list.getByRole('listitem').filter({ hasText: 'Ben Okafor' })).toContainText(
    'Active',
  );
  await expect(page.getByRole('table', { name: 'Your delegates' })).toBeHidden();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // A card's action menu opens inside the screen (it opens from the button's left edge on a phone).
  await list.getByRole('button', { name: 'Delegate action for Ben Okafor' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const box = (await menu.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.keyboard.press('Escape');
  // The forms take the whole width on a phone.
  await page.goto('/assign-a-delegate');
  const width = await page
    .locator('[data-layout="delegation-form"]')
    .evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeGreaterThan(300);
});

test('Ben, a delegate with no practitioner record, is sent from /delegates to his dashboard with the reason', async ({
  page,
}) => {
  await signInToWelcome(page, BEN, 'Ben');
  await page.goto('/delegates');
  await expect(page).toHaveURL(/\/welcome\?reason=delegates$/);
  await expect(page.getByText('Only practitioners can assign delegates.')).toBeVisible();
});

// An existing user whose profile is complete answers on the welcome page (docs/decisions/092-invitation-for-a-complete-profile.md).
test('Alice invites George, who already uses the portal: he accepts from the welcome page and has Alice to manage', async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  await signInToWelcome(page, ALICE, 'Alice');
  await page.goto('/assign-a-delegate');
  await page.getByText('Invite someone', { exact: true }).click();
  await page.getByLabel('RA number').fill(GEORGE);
  await page.getByLabel('Last name').fill('Papadopoulos');
  await page.getByRole('button', { name: 'Search' }).click();
  // He uses the portal: his card, not the details form.
  await expect(page.getByText('George Papadopoulos').first()).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveCount(0);
  await tick(page, 'I consent to delegating all the above');
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page).toHaveURL(/\/delegates$/);
  await expect(page.getByText('Successfully sent invite')).toBeVisible();
  const invitation = await mailbox.waitForMail({
    to: GEORGE_EMAIL,
    subject: 'Alice Nguyen invites you to be their delegate in Provider Connect Australia',
  });
  const link = invitation.links.find((l) => l.includes('delegateInvitationId='));
  expect(link).toBeTruthy();

  // George follows the link in his own browser and signs in at the identity provider's page.
  const george = await personAt(browser, baseURL);
  await george.page.goto(link!);
  await expect(george.page.getByLabel('RA number')).toBeVisible();
  await george.page.getByLabel('RA number').fill(GEORGE);
  await george.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = george.page.getByRole('dialog', { name: 'Delegate invitation' });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText('Dr Alice Nguyen has invited you to be their delegate.'),
  ).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveText(CONSENT_ITEMS);
  // His profile is complete: no email, phone, terms of use or privacy notice asked again.
  await expect(dialog.getByRole('checkbox')).toHaveCount(1);
  await expect(dialog.getByLabel('Email')).toHaveCount(0);
  await expectAccessible(george.page);

  // Not a mandatory dialog: Cancel only closes it, he stays signed in, and it is back on the next load.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    george.page.getByRole('heading', { level: 1, name: 'Welcome George' }),
  ).toBeVisible();
  await george.page.reload();
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(
    dialog.getByRole('link', { name: 'You must accept to act as a delegate' }),
  ).toBeVisible();
  await tick(dialog, 'I agree to act as a delegate for Dr Alice Nguyen');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toHaveCount(0);
  await mailbox.waitForMail({
    to: ALICE_EMAIL,
    subject: 'George Papadopoulos accepted your delegate invitation',
  });

  // Alice's delegate now: his Managed accounts offer her.
  await george.page.getByRole('button', { name: 'George Papadopoulos', exact: true }).click();
  await george.page.getByRole('menuitem', { name: 'Managed accounts' }).click();
  await expect(george.page).toHaveURL(/\/manage-accounts$/);
  await expect(george.page.getByRole('button', { name: 'Manage Alice Nguyen' })).toBeVisible();
  await expectAccessible(george.page);
  await george.context.close();

  await page.reload();
  await expect(rowOf(page, 'George Papadopoulos').filter({ hasText: 'Active' })).toHaveCount(1);
});
