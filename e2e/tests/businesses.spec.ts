import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

const ALICE = '2000000011';
const GEORGE = '2000000066';
const PRIYA = '2000000077';
const ISLA = '2000000099';
const JACK = '2000000101';
const SERVICE = 'Harbour General Practice Surry Hills';

async function signInTo(page: Page, raNumber: string) {
  await signIn(page, raNumber);
  await expect(page).toHaveURL(/\/welcome/);
}

/** Businesses → Harbour Medical Group → Surry Hills HI organisation → the GP service. */
async function openService(page: Page) {
  await page.goto('/organisation');
  await expect(page.getByRole('heading', { level: 1, name: 'Businesses' })).toBeVisible();
  await expect(page).toHaveTitle('Businesses - Provider Connect Australia');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Harbour Medical Centre Surry Hills' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'View Organisation' })).toBeVisible();
  await page.getByRole('tab', { name: 'Healthcare services' }).click();
  await expect(page).toHaveURL(/tab=Healthcare(\+|%20)services/);
  await page.getByRole('link', { name: SERVICE }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Healthcare service' })).toBeVisible();
  await expect(page.getByRole('paragraph').filter({ hasText: SERVICE })).toBeVisible();
}

/** The session token the SPA holds, to call the API as that user. */
const tokenOf = (page: Page) =>
  page.evaluate(() => window.sessionStorage.getItem('pca.sessionToken'));

test.describe.configure({ mode: 'serial' });

test.describe('Businesses', () => {
  test('Isla completes her Pending Submission registration and submits it', async ({
    page,
    mailbox,
  }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await signInTo(page, ISLA);
    await expect(
      page.getByText(
        'Action required: Please finish your registration for Coastal Physio Collective',
      ),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Complete' }).click();
    await expect(page).toHaveURL(/\/organisation\/participating\/add-edit-v2\/[0-9a-f-]{36}$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Register a business' }),
    ).toBeVisible();

    // Step 1: the saved names are kept; an ABN failing its checksum is refused.
    await expect(
      page.getByRole('heading', { name: 'Step 1 of 4: Business details' }),
    ).toBeVisible();
    await expect(page.getByLabel('Legal name')).toHaveValue('Coastal Physio Collective');
    await page.getByLabel('ABN').fill('51 824 753 557');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toContainText('Enter a valid 11-digit ABN');
    // The error summary takes focus.
    await expect(page.locator(':focus')).toContainText('There is a problem');
    await page.screenshot({ path: '/tmp/businesses-register-step1.png', fullPage: true });
    await expectAccessible(page);
    await page.getByLabel('ABN').fill('51 824 753 556');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 2: contact details.
    await expect(page.getByRole('heading', { name: 'Step 2 of 4: Contact details' })).toBeVisible();
    await page.getByLabel('Phone').fill('07 5555 6666');
    await page.getByLabel('Email').fill('hello@coastalphysio.example.com.au');
    await page.getByLabel('Website').fill('https://coastalphysio.example.com.au');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 3: primary location, the suburb chosen from the localities data.
    await expect(
      page.getByRole('heading', { name: 'Step 3 of 4: Primary location' }),
    ).toBeVisible();
    await page.getByLabel('Street address').fill('12 Marine Parade');
    await page.getByRole('combobox', { name: 'Suburb or postcode' }).fill('Surry');
    const option = page.getByRole('option', { name: 'Surry Hills NSW 2010' });
    await expect(option).toBeVisible();
    await page.screenshot({ path: '/tmp/businesses-register-step3.png', fullPage: true });
    await expectAccessible(page);
    await option.click();
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Saving a step keeps Pending Submission: the organisation page still offers to complete it.
    await expect(
      page.getByRole('heading', { name: 'Step 4 of 4: Participation agreement' }),
    ).toBeVisible();
    const registrationUrl = page.url();
    const id = registrationUrl.split('/').pop()!;
    const token = await tokenOf(page);
    const saved = await page.request.get(`/api/business-registrations/${id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(await saved.json()).toMatchObject({
      status: 'PendingSubmission',
      abn: '51824753556',
      nextStep: 'agreement',
      primaryLocation: { locality: 'Surry Hills', postcode: '2010', state: 'NSW' },
    });

    // Step 4: the agreement must be accepted.
    await page.getByRole('button', { name: 'Submit registration' }).click();
    await expect(summary).toContainText('You must accept the participation agreement');
    await page.screenshot({ path: '/tmp/businesses-register-step4.png', fullPage: true });
    await expectAccessible(page);
    await page.getByText('I have read and accept the participation agreement').click();
    await expect(
      page.getByLabel('I have read and accept the participation agreement'),
    ).toBeChecked();
    await page.getByRole('button', { name: 'Submit registration' }).click();

    // Submitted: Pending Approval, and the welcome banner follows.
    await expect(page).toHaveURL(/\/welcome\?msg=success$/);
    await expect(
      page.getByText(
        'Approval pending: You will be notified of the outcome. This is estimated to take 24 to 48 hours to complete.',
      ),
    ).toBeVisible();
    await expect(
      page.getByText('You will be notified of the outcome. This is estimated to take 24 to 48'),
    ).toBeVisible();
    await page.goto(registrationUrl);
    await expect(page.getByText('This registration has been submitted')).toBeVisible();

    // The confirmation left through the outbox, over SMTP, to this run's mail catcher.
    const confirmation = await mailbox.waitForMail({
      to: 'isla@coastalphysio.example.com.au',
      subject: 'Registration submitted: Coastal Physio Collective',
    });
    expect(confirmation.text).toContain('Your registration is pending approval.');
  });

  test('Priya approves the registration in System admin', async ({ page, mailbox }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await signInTo(page, PRIYA);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'System admin' })).toBeVisible();
    const queue = page.getByRole('list', { name: 'Registrations pending approval' });
    // Jack's Riverbend registration was already waiting; Isla's has joined it.
    await expect(queue.getByRole('heading', { name: 'Riverbend Allied Health' })).toBeVisible();
    await expect(queue.getByRole('heading', { name: 'Coastal Physio Collective' })).toBeVisible();
    await expect(queue).toContainText('51 824 753 556');
    await expect(queue).toContainText('12 Marine Parade, Surry Hills NSW 2010');
    await expect(queue).toContainText('Isla Brown (isla@coastalphysio.example.com.au)');
    await page.screenshot({ path: '/tmp/businesses-admin-queue.png', fullPage: true });
    await expectAccessible(page);

    // Declining asks for a reason first; cancelling leaves the registration in the queue.
    await page.getByRole('button', { name: 'Decline Coastal Physio Collective' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline Coastal Physio Collective' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Decline registration' }).click();
    await expect(dialog).toContainText('Enter the reason for declining');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Approve Coastal Physio Collective' }).click();
    await expect(page.getByText('Coastal Physio Collective is approved')).toBeVisible();
    await expect(queue.getByRole('heading', { name: 'Coastal Physio Collective' })).toBeHidden();
    await expect(queue.getByRole('heading', { name: 'Riverbend Allied Health' })).toBeVisible();

    // Declining Riverbend with a reason empties the queue.
    await page.getByRole('button', { name: 'Decline Riverbend Allied Health' }).click();
    const decline = page.getByRole('dialog', { name: 'Decline Riverbend Allied Health' });
    await decline.getByLabel(/Reason for declining/).fill('Add the practice phone and email.');
    await decline.getByRole('button', { name: 'Decline registration' }).click();
    await expect(page.getByText('Riverbend Allied Health is declined')).toBeVisible();
    await expect(page.getByText('There are no registrations waiting for approval.')).toBeVisible();
    await page.screenshot({ path: '/tmp/businesses-admin-empty.png', fullPage: true });

    // Both managers are told by mail; the decline carries the reason. The mailbox page shows it too.
    await mailbox.waitForMail({
      to: 'isla@coastalphysio.example.com.au',
      subject: 'Registration approved: Coastal Physio Collective',
    });
    const declined = await mailbox.waitForMail({
      to: 'jack@riverbend.example.com.au',
      subject: /^Registration declined: Riverbend/,
    });
    expect(declined.text).toContain('Add the practice phone and email.');
    await page.goto(mailbox.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: declined.subject }).click();
    await expect(page.getByRole('heading', { level: 1, name: declined.subject })).toBeVisible();
    await expect(page.getByText('Add the practice phone and email.')).toBeVisible();
  });

  test('Jack sees why his registration was declined', async ({ page }) => {
    await signInTo(page, JACK);
    await expect(page.getByText('Action required')).toBeVisible();
    await page.getByRole('link', { name: 'Complete' }).click();
    await expect(page.getByText('Your registration was not approved')).toBeVisible();
    await expect(page.getByText('Add the practice phone and email.')).toBeVisible();
    await page.screenshot({ path: '/tmp/businesses-register-declined.png', fullPage: true });
  });

  test('Isla sees the approved banner and her business is an approved publisher', async ({
    page,
  }) => {
    await signInTo(page, ISLA);
    await page.goto('/welcome?msg=success');
    await expect(page.getByText('You have registered Coastal Physio Collective')).toBeVisible();
    await expectAccessible(page);
    // Without msg=success an approved registration shows no banner.
    await page.goto('/welcome');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('You have registered Coastal Physio Collective')).toBeHidden();
    await expect(page.getByText('Action required')).toBeHidden();

    await page.goto('/organisation');
    await page.getByRole('link', { name: 'Coastal Physio Collective' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'View Organisation' })).toBeVisible();
    await expect(page.getByText('Approved', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Locations' }).click();
    await expect(page.getByRole('table', { name: 'Locations' })).toContainText('12 Marine Parade');
  });

  test('Alice edits a healthcare service’s contact details and opening hours', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await signInTo(page, ALICE);
    await page.goto('/organisation');
    await expect(page.getByRole('link', { name: 'Harbour Medical Group Pty Ltd' })).toBeVisible();
    await page.screenshot({ path: '/tmp/businesses-organisations.png', fullPage: true });
    await page.getByRole('link', { name: 'Harbour Medical Group Pty Ltd' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'View Organisation' })).toBeVisible();
    for (const tab of ['HI organisations', 'Locations', 'Healthcare services', 'Partner services'])
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    await page.screenshot({ path: '/tmp/businesses-organisation.png', fullPage: true });
    await expectAccessible(page);

    // The tab query selects a tab by its label. (The /launch ending is the SMART launch since issue 34:
    // e2e/tests/smart-clients.spec.ts.)
    const orgUrl = new URL(page.url());
    await page.goto(`${orgUrl.pathname}?tab=partner%20services`);
    await expect(page).toHaveURL(/\?tab=partner%20services/);
    await expect(page.getByRole('tab', { name: 'Partner services' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // Each partner is a named group with the organisation's publication choice (decision 030).
    await expect(
      page
        .getByRole('tabpanel', { name: 'Partner services' })
        .getByRole('group', { name: 'MediFund Health Insurance' }),
    ).toContainText('Published');
    await page.screenshot({ path: '/tmp/businesses-organisation-partners.png', fullPage: true });
    await expectAccessible(page);

    await openService(page);
    await page.getByRole('button', { name: 'Edit healthcare service' }).click();
    await expect(page.getByRole('heading', { name: 'Edit healthcare service' })).toBeVisible();
    await page.getByLabel('After-hours phone').fill('not a phone');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toContainText('Enter a valid Australian phone number');
    await page.getByLabel(/^Phone/).fill('02 9123 0000');
    await page.getByLabel('After-hours phone').fill('1300 123 456');
    await page.getByLabel(/^Email/).fill('gp@harbourmedical.example.com.au');
    await page.getByText('Do not publish the email address').click();
    await page.getByLabel('Saturday hours').selectOption('hours');
    await page.getByLabel('Saturday opens').fill('08:30');
    await page.getByLabel('Saturday closes').fill('12:30');
    await page.getByLabel('Sunday hours').selectOption('allDay');
    await page.screenshot({ path: '/tmp/businesses-service-edit.png', fullPage: true });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    await expect(page.getByText('Healthcare service saved')).toBeVisible();
    const details = page.getByRole('tabpanel');
    await expect(details).toContainText('02 9123 0000');
    await expect(details).toContainText('1300 123 456');
    await expect(details).toContainText('gp@harbourmedical.example.com.au');
    await expect(details).toContainText('No (suppressed)');
    await expect(details).toContainText('08:30 to 12:30');
    await expect(details).toContainText('Open 24 hours');
    // It is saved, not just shown: a reload reads it back.
    await page.reload();
    await expect(page.getByRole('tabpanel')).toContainText('08:30 to 12:30');
    await page.screenshot({ path: '/tmp/businesses-service.png', fullPage: true });
    await expectAccessible(page);
  });

  test('Alice adds a location and a healthcare service from the organisation page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await signInTo(page, ALICE);
    await page.goto('/organisation');
    await page.getByRole('link', { name: 'Harbour Medical Centre Surry Hills' }).click();
    await page.getByRole('tab', { name: 'Locations' }).click();
    await page.getByRole('link', { name: 'Add location' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add a location' })).toBeVisible();
    await expect(page).toHaveTitle('Add a location - Provider Connect Australia');
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText(
      'Add a location',
    );
    await page.getByLabel(/^Location name/).fill('Surry Hills Annex');
    await page.getByLabel(/^Street address/).fill('122 Crown Street');
    // The location's own address (the postal address if different has a suburb field too).
    await page
      .getByRole('group', { name: /^Address/ })
      .getByRole('combobox', { name: /Suburb or postcode/ })
      .fill('2010');
    await page.getByRole('option', { name: 'Surry Hills NSW 2010' }).click();
    // The map position starts from the suburb's centre; amenities are ticked
    // (docs/decisions/079-location-amenities-postal-position.md).
    await page.getByRole('button', { name: 'Use the suburb’s centre' }).click();
    await expect(page.getByLabel(/^Latitude/)).toHaveValue('-33.88447');
    await page.getByText('Wheelchair access', { exact: true }).click();
    await expect(page.getByRole('checkbox', { name: 'Wheelchair access' })).toBeChecked();
    await page.getByLabel(/^Phone/).fill('02 9123 7777');
    await page.screenshot({ path: '/tmp/businesses-location-add.png', fullPage: true });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Location' })).toBeVisible();
    await expect(page.getByRole('tabpanel')).toContainText(
      '122 Crown Street, Surry Hills NSW 2010',
    );
    await expect(page.getByRole('tabpanel')).toContainText('-33.88447, 151.21001');
    await expect(page.getByRole('tabpanel')).toContainText('Wheelchair access');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Harbour Medical Centre Surry Hills' }).click();
    await page.getByRole('tab', { name: 'Healthcare services' }).click();
    await page.getByRole('link', { name: 'Add healthcare service' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Add a healthcare service' }),
    ).toBeVisible();
    await page.getByLabel(/^Name/).fill('Harbour Physiotherapy');
    // The service type is picked from the terminology (docs/decisions/071-terminology-and-codes.md).
    await page.getByRole('combobox', { name: /^Service type/ }).fill('Physio');
    await page.getByRole('option', { name: 'Physiotherapy service' }).click();
    await page
      .getByLabel(/^Location/)
      .selectOption({ label: 'Surry Hills Annex (122 Crown Street, Surry Hills NSW 2010)' });
    await page.getByLabel('Monday hours').selectOption('hours');
    await page.getByRole('button', { name: 'Add Monday time range' }).click();
    await page.getByLabel('Monday opens').nth(1).fill('12:00');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Overlapping ranges are refused before anything is sent.
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText(
      'Time ranges on the same day must not overlap',
    );
    await page.getByLabel('Monday opens').nth(1).fill('17:30');
    await page.getByLabel('Monday closes').nth(1).fill('19:00');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Healthcare service' })).toBeVisible();
    const details = page.getByRole('tabpanel');
    await expect(details).toContainText(
      'Surry Hills Annex, 122 Crown Street, Surry Hills NSW 2010',
    );
    await expect(details).toContainText('09:00 to 17:00, 17:30 to 19:00');
    await expectAccessible(page);
  });

  test('George can view but sees no edit controls, and the API refuses his edit', async ({
    page,
  }) => {
    await signInTo(page, GEORGE);
    await page.goto('/organisation');
    await page.getByRole('link', { name: 'Harbour Medical Group Pty Ltd' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'View Organisation' })).toBeVisible();
    await expect(
      page.getByRole('paragraph').filter({ hasText: 'Harbour Medical Group Pty Ltd' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Edit/ })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Locations' }).click();
    await expect(page.getByRole('link', { name: 'Add location' })).toHaveCount(0);
    await expectAccessible(page);

    await openService(page);
    await expect(page.getByRole('tabpanel')).toContainText('Phone');
    await expect(page.getByRole('button', { name: /Edit/ })).toHaveCount(0);
    await expectAccessible(page);

    const id = new URL(page.url()).pathname.split('/').pop()!;
    const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
    const read = await page.request.get(`/api/healthcare-services/${id}`, { headers });
    expect(read.status()).toBe(200);
    const s = (await read.json()) as Record<string, unknown> & {
      location: { id: string } | null;
      canEdit: boolean;
    };
    expect(s.canEdit).toBe(false);
    const edit = await page.request.patch(`/api/healthcare-services/${id}`, {
      headers,
      data: {
        name: s['name'],
        serviceType: s['serviceType'],
        description: s['description'],
        locationId: s.location?.id,
        startDate: s['startDate'],
        endDate: s['endDate'],
        phone: '02 9999 0000',
        afterHoursPhone: s['afterHoursPhone'],
        email: s['email'],
        fax: s['fax'],
        website: s['website'],
        suppressEmail: s['suppressEmail'],
        suppressPhone: s['suppressPhone'],
        openingHours: s['openingHours'],
      },
    });
    expect(edit.status()).toBe(403);
    expect(edit.headers()['content-type']).toContain('application/problem+json');
    const after = await page.request.get(`/api/healthcare-services/${id}`, { headers });
    expect(((await after.json()) as { phone: string }).phone).not.toBe('02 9999 0000');
  });
});
