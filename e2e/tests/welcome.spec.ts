import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';
import {
  BARE_PAGE_SCRIPT_BYTES,
  totalBytes,
  transferredScripts,
  uncompressed,
} from '../support/transferred-scripts.ts';

const ALICE = '2000000011';
const BEN = '2000000022';
const CHLOE = '2000000033';
const DANA = '2000000044';
const FARAH = '2000000055';
const GEORGE = '2000000066';
const PRIYA = '2000000077';
const ISLA = '2000000099';
const JACK = '2000000101';

const LINE = 'This dashboard gives you one place to manage and share your provider information.';
const SCREENSHOTS = process.env['SCREENSHOT_DIR'];

/** Signs in and waits for the dashboard greeting. */
async function signInToWelcome(page: Page, ra: string, givenName: string) {
  await signIn(page, ra);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome ${givenName}` })).toBeVisible();
}

/** Calls the API from the page with the session's bearer token. */
async function api(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = sessionStorage.getItem('pca.sessionToken') ?? '';
      const res = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
    },
    { method, path, body },
  );
}

/** The signed-in user as the API answers it. */
async function me(page: Page) {
  return (await api(page, 'GET', '/api/me')).json as {
    id: string;
    isProfileComplete: boolean;
    isApprovedPractitionerDelegate: boolean;
    delegateInvitationId: string | null;
    participationApprovalStatus: string | null;
    email: string | null;
    phone: string | null;
  };
}

/** Headings of the card groups and, per group, the card titles. */
async function cardGroups(page: Page) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 }).first()).toBeVisible();
  const groups: Record<string, string[]> = {};
  for (const section of await main.locator('section').all()) {
    const title = (await section.getByRole('heading', { level: 2 }).innerText()).trim();
    groups[title] = (await section.getByRole('heading', { level: 3 }).allInnerTexts()).map((t) =>
      t.trim(),
    );
  }
  return groups;
}

const card = (page: Page, title: string) =>
  page.getByRole('main').getByRole('link', { name: title, exact: true });

/** The dialog's rendered maximum width in px. */
const widthOf = (dialog: Locator) => dialog.evaluate((el) => getComputedStyle(el).maxWidth);

/** Checks that neither Escape nor a click on the backdrop closes the dialog, and it has no Close button. */
async function expectNotDismissible(page: Page, dialog: Locator) {
  await expect(dialog.getByRole('button', { name: /^Close/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await page.getByTestId('modal-backdrop').click({ position: { x: 4, y: 4 } });
  await expect(dialog).toBeVisible();
}

/** Ticks a checkbox the way a person does, by its label (the styled box covers the native input). */
async function tick(scope: Locator, label: string) {
  await scope.getByText(label, { exact: true }).click();
  await expect(scope.getByRole('checkbox', { name: label })).toBeChecked();
}

async function screenshot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

test.describe('Welcome dashboard', () => {
  test('Alice: greeting, line, every card group of an organisation manager and practitioner', async ({
    page,
  }) => {
    await signInToWelcome(page, ALICE, 'Alice');
    await expect(page).toHaveTitle('Welcome back - Provider Connect Australia');
    await expect(page.getByText(LINE)).toBeVisible();
    const { id } = await me(page);
    expect(await cardGroups(page)).toEqual({
      'Manager actions': [
        'Manage businesses',
        'Import services',
        'Setup a site',
        'Publishing settings',
        'Practitioners',
        'Register a business',
        'Key contacts',
      ],
      'Practitioner actions': [
        'Personal details',
        'Delegate',
        'Credential documents',
        'Publishing settings',
        'My workplaces',
      ],
    });
    const manager = page.locator('section', {
      has: page.getByRole('heading', { name: 'Manager actions' }),
    });
    const practitioner = page.locator('section', {
      has: page.getByRole('heading', { name: 'Practitioner actions' }),
    });
    const targets: Array<[Locator, string, string]> = [
      [manager, 'Manage businesses', '/organisation/participating'],
      [manager, 'Import services', '/nhsd-import'],
      [manager, 'Publishing settings', '/publish-selector'],
      [manager, 'Practitioners', '/practitioners'],
      [manager, 'Register a business', '/organisation/participating/add-edit-v2'],
      [manager, 'Key contacts', '/key-contacts'],
      [practitioner, 'Personal details', `/profile/${id}?tab=Personal+contact+details`],
      [practitioner, 'Delegate', '/delegates'],
      [practitioner, 'Credential documents', '/credential-documents'],
      [practitioner, 'Publishing settings', '/practitioner/publish'],
      [practitioner, 'My workplaces', '/my-workplaces'],
    ];
    for (const [group, title, href] of targets)
      await expect(group.getByRole('link', { name: title, exact: true })).toHaveAttribute(
        'href',
        href,
      );
    // Harbour is Approved: no banner without msg=success.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('You have registered')).toHaveCount(0);
    await expectAccessible(page);
    await screenshot(page, 'welcome-alice');

    await page.goto('/welcome?msg=success');
    await expect(page.getByText('You have registered Harbour Medical Group')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: /^Close/ }).click();
    await expect(page.getByText('You have registered Harbour Medical Group')).toHaveCount(0);

    await card(page, 'Manage businesses').click();
    await expect(page).toHaveURL(/\/organisation\/participating$/);
  });

  test('Alice: setting up a site with her one business goes straight to the setup helper', async ({
    page,
  }) => {
    await signInToWelcome(page, ALICE, 'Alice');
    await page.getByRole('button', { name: 'Set up a site' }).click();
    const helper = page.getByRole('dialog', { name: 'Set up a site' });
    await expect(helper).toBeVisible();
    expect(await widthOf(helper)).toBe('600px');
    const steps = helper.getByRole('list', {
      name: /Steps to set up a site for Harbour Medical Group/,
    });
    await expect(steps.getByRole('listitem')).toHaveCount(4);
    await expect(steps.getByRole('listitem')).toContainText([
      'Add a location',
      'Add a healthcare service',
      'Add practitioners',
      'Set up publishing',
    ]);
    // Harbour has locations, services, current practitioner roles and publication preferences.
    for (const item of await steps.getByRole('listitem').all())
      await expect(item).toContainText('Status: Complete');
    await expect(helper.getByRole('link', { name: /Add a location/ })).toHaveAttribute(
      'href',
      /\/organisation\/participating\/[0-9a-f-]{36}\?tab=Locations&from=Home$/,
    );
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(helper).toHaveCount(0);
  });

  test('Ben: manager and delegate cards; while managing Alice he is greeted with her name', async ({
    page,
  }) => {
    await signInToWelcome(page, BEN, 'Ben');
    const groups = await cardGroups(page);
    expect(groups['Delegate actions']).toEqual(['Managed accounts']);
    expect(groups['Practitioner actions']).toBeUndefined();
    expect(groups['Manager actions']).toContain('Register a business');
    expect(groups['Manager actions']).not.toContain('Setup a site');
    await expect(card(page, 'Managed accounts')).toHaveAttribute('href', '/manage-accounts');
    await expectAccessible(page);

    const practitioners = (await api(page, 'GET', '/api/managing/practitioners')).json as {
      practitioners: Array<{ id: string; givenName: string }>;
    };
    const alice = practitioners.practitioners.find((p) => p.givenName === 'Alice')!;
    expect((await api(page, 'PUT', '/api/managing', { practitionerId: alice.id })).status).toBe(
      200,
    );
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Alice' })).toBeVisible();
    const managing = await cardGroups(page);
    expect(managing['Practitioner actions']).toEqual([
      'Personal details',
      'Credential documents',
      'Publishing settings',
      'My workplaces',
    ]);
    expect(managing['Manager actions'] ?? []).not.toContain('Setup a site');
    await expect(card(page, 'Personal details')).toHaveAttribute(
      'href',
      `/practitioner-profile/${alice.id}?tab=Personal+contact+details`,
    );
    await expectAccessible(page);
  });

  test('Chloe: the register dialog cannot be dismissed, validates, and completes her profile', async ({
    page,
  }) => {
    await signIn(page, CHLOE);
    const dialog = page.getByRole('dialog', { name: 'Register your account' });
    await expect(dialog).toBeVisible();
    expect(await widthOf(dialog)).toBe('900px');
    await expect(dialog).toContainText(
      'Welcome Chloe. Before you continue, tell us how to contact you and accept the terms of use and privacy notice.',
    );
    await expectNotDismissible(page, dialog);
    await expectAccessible(page);
    await screenshot(page, 'register-dialog');

    await dialog.getByRole('button', { name: 'Save and continue' }).click();
    const summary = dialog.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole('link')).toHaveText([
      'Please enter your email',
      'Please enter your phone number',
      'You must accept the terms of use',
      'You must accept the privacy notice',
    ]);
    await expectAccessible(page);

    await dialog.getByLabel('Email').fill('chloe.martin');
    await dialog.getByLabel('Phone').fill('0412');
    await dialog.getByRole('button', { name: 'Save and continue' }).click();
    await expect(summary.getByRole('link')).toContainText([
      'Must be valid email',
      'Please enter a 6 or 10 digit number starting with 0 or 1',
    ]);
    await summary.getByRole('link', { name: 'Must be valid email' }).click();
    await expect(dialog.getByLabel('Email')).toBeFocused();

    await dialog.getByLabel('Email').fill('chloe.martin@example.com');
    await dialog.getByLabel('Phone').fill('0412345678');
    await tick(dialog, 'I accept the terms of use');
    await tick(dialog, 'I have read and accept the privacy notice');
    await dialog.getByRole('button', { name: 'Save and continue' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Chloe' })).toBeVisible();
    expect(await me(page)).toMatchObject({
      isProfileComplete: true,
      email: 'chloe.martin@example.com',
      phone: '0412345678',
    });
    // Neither practitioner nor delegate: no participation dialog; only manager actions.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Chloe' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await cardGroups(page)).toEqual({ 'Manager actions': ['Register a business'] });
  });

  test('Dana: leaving the delegate setup goes to the login; the emailed link brings her back to it', async ({
    page,
  }) => {
    await signIn(page, DANA);
    const dialog = page.getByRole('dialog', { name: 'Set up your delegate account' });
    await expect(dialog).toBeVisible();
    const { delegateInvitationId, isProfileComplete } = await me(page);
    expect(isProfileComplete).toBe(false);
    expect(delegateInvitationId).toMatch(/^[0-9a-f-]{36}$/);
    // Closing with no result goes to the provider's login (which may sign her straight back in).
    const login = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/login');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await login;
    await page.waitForLoadState();

    // The emailed link, opened signed out: sign-in returns to it with the invitation in the query.
    await page.context().clearCookies();
    await page.goto('/');
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`/welcome?delegateInvitationId=${delegateInvitationId}`);
    await expect(page.getByLabel('RA number')).toBeVisible();
    await page.getByLabel('RA number').fill(DANA);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`/welcome\\?delegateInvitationId=${delegateInvitationId}$`),
    );
    await expect(page.getByRole('dialog', { name: 'Set up your delegate account' })).toContainText(
      'Dr Alice Nguyen has invited you to be their delegate.',
    );
  });

  test('Dana: her first sign-in finds the invitation; she accepts, becomes Alice’s delegate, then accepts participation', async ({
    page,
  }) => {
    await signIn(page, DANA);
    const dialog = page.getByRole('dialog', { name: 'Set up your delegate account' });
    await expect(dialog).toBeVisible();
    expect(await widthOf(dialog)).toBe('900px');
    await expect(dialog).toContainText('Dr Alice Nguyen has invited you to be their delegate.');
    await expect(dialog.getByRole('list').first().getByRole('listitem')).toHaveText([
      'Give authority to communicate with organisations',
      'Upload credential documents and give organisations access to view',
      'Share bank details with payer organisations such as health funds',
      'Manage tasks sent by organisations',
      'Consent on my behalf when sharing information including personal contact details',
    ]);
    await expect(dialog.getByLabel('Email')).toHaveValue('dana.wu@example.com');
    await screenshot(page, 'delegate-dialog');
    await expectNotDismissible(page, dialog);
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
    await expect(
      dialog.getByRole('link', { name: 'You must accept to act as a delegate' }),
    ).toBeVisible();
    await dialog.getByLabel('Phone').fill('0298887777');
    await tick(dialog, 'I agree to act as a delegate for Dr Alice Nguyen');
    await tick(dialog, 'I accept the terms of use');
    await tick(dialog, 'I have read and accept the privacy notice');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toHaveCount(0);

    // Now an approved delegate with no participation status: the participation dialog follows.
    const participation = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await expect(participation).toBeVisible();
    expect(await me(page)).toMatchObject({
      isProfileComplete: true,
      isApprovedPractitionerDelegate: true,
      delegateInvitationId: null,
      participationApprovalStatus: null,
    });
    await tick(participation, 'I accept the participation agreement');
    // She accepted the privacy notice a moment ago, in the delegate dialog: not asked twice in a row.
    await expect(
      participation.getByText('I have read and accept the privacy notice', { exact: true }),
    ).toHaveCount(0);
    await participation.getByRole('button', { name: 'Agree and continue' }).click();
    await expect(participation).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Dana' })).toBeVisible();
    expect((await cardGroups(page))['Delegate actions']).toEqual(['Managed accounts']);
    const practitioners = (await api(page, 'GET', '/api/managing/practitioners')).json as {
      practitioners: Array<{ givenName: string; familyName: string }>;
    };
    expect(practitioners.practitioners.map((p) => `${p.givenName} ${p.familyName}`)).toEqual([
      'Alice Nguyen',
    ]);
  });

  test('Farah: accepts participation in a 950 px dialog that cannot be dismissed', async ({
    page,
  }) => {
    await signIn(page, FARAH);
    const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await expect(dialog).toBeVisible();
    expect(await widthOf(dialog)).toBe('950px');
    await expectNotDismissible(page, dialog);
    await dialog.getByRole('button', { name: 'Agree and continue' }).click();
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'There is a problem' }).getByRole('link'),
    ).toHaveText([
      'You must accept the participation agreement',
      'You must accept the privacy notice',
    ]);
    await expectAccessible(page);
    await tick(dialog, 'I accept the participation agreement');
    await tick(dialog, 'I have read and accept the privacy notice');
    await dialog.getByRole('button', { name: 'Agree and continue' }).click();
    await expect(dialog).toHaveCount(0);
    expect((await me(page)).participationApprovalStatus).toBe('Accepted');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Farah' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // A practitioner in her own account assigns her delegates (docs/decisions/020-delegation.md).
    expect((await cardGroups(page))['Practitioner actions']).toEqual([
      'Personal details',
      'Delegate',
      'Credential documents',
      'Publishing settings',
      'My workplaces',
    ]);
  });

  test('George (viewer) and Priya (operator) see only what their roles allow', async ({ page }) => {
    await signInToWelcome(page, GEORGE, 'George');
    expect(await cardGroups(page)).toEqual({
      'Manager actions': ['Manage businesses', 'Practitioners', 'Register a business'],
    });
    await expectAccessible(page);

    await page.context().clearCookies();
    await page.evaluate(() => sessionStorage.clear());
    await signInToWelcome(page, PRIYA, 'Priya');
    expect(await cardGroups(page)).toEqual({ 'Manager actions': ['Register a business'] });
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('Isla: PendingSubmission banner; Complete opens her registration; Close hides it', async ({
    page,
  }) => {
    await signInToWelcome(page, ISLA, 'Isla');
    const banner = page.getByText('Action required');
    await expect(banner).toBeVisible();
    await expect(
      page.getByText('Please finish your registration for Coastal Physio Collective'),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'banner-isla');
    await page.getByRole('button', { name: /^Close/ }).click();
    await expect(banner).toHaveCount(0);

    await page.reload();
    await expect(banner).toBeVisible();
    await page.getByRole('link', { name: 'Complete' }).click();
    await expect(page).toHaveURL(/\/organisation\/participating\/add-edit-v2\/[0-9a-f-]{36}$/);
  });

  test('Isla: the setup helper shows what Coastal still needs', async ({ page }) => {
    await signInToWelcome(page, ISLA, 'Isla');
    await page.getByRole('button', { name: 'Set up a site' }).click();
    const helper = page.getByRole('dialog', { name: 'Set up a site' });
    const items = helper.getByRole('listitem');
    await expect(items).toHaveCount(4);
    await expect(items.nth(0)).toContainText('Status: Not started');
    for (const i of [1, 2, 3])
      await expect(items.nth(i)).toContainText('Status: Not available yet');
    await expect(helper.getByRole('link')).toHaveCount(1);
    await screenshot(page, 'setup-helper-isla');
    await expectAccessible(page);
  });

  test('Jack: PendingApproval banner with the estimate', async ({ page }) => {
    await signInToWelcome(page, JACK, 'Jack');
    await expect(page.getByText('Approval pending')).toBeVisible();
    await expect(
      page.getByText(
        'You will be notified of the outcome. This is estimated to take 24 to 48 hours to complete.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Complete' })).toHaveCount(0);
    await expectAccessible(page);
    await screenshot(page, 'banner-jack');
    await page.getByRole('button', { name: /^Close/ }).click();
    await expect(page.getByText('Approval pending')).toHaveCount(0);
  });

  test('shows the error state with its indicator when organisations cannot be loaded', async ({
    page,
  }) => {
    await signInToWelcome(page, ALICE, 'Alice');
    await page.route('**/api/me/organisations', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500 }),
      }),
    );
    await page.reload();
    await expect(page.getByText('Loading welcome page..')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'welcome-error');
    await page.unroute('**/api/me/organisations');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Alice' })).toBeVisible({
      timeout: 20_000,
    });
  });

  test('Alice with two businesses: the parent-business dialog needs a choice before Next', async ({
    page,
  }) => {
    await signInToWelcome(page, ALICE, 'Alice');
    // Registering a business through the API makes Alice the manager of a second one.
    const created = await api(page, 'POST', '/api/business-registrations', {
      legalName: 'Bayside Clinics Pty Ltd',
      businessName: 'Bayside Clinics',
      abn: '51824753556',
    });
    expect(created.status).toBe(201);
    await page.reload();
    await page.getByRole('button', { name: 'Set up a site' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Which parent business do you want to set up a site for?',
    });
    await expect(dialog).toBeVisible();
    expect(await widthOf(dialog)).toBe('700px');
    await expect(dialog.getByText('Parent business *')).toBeVisible();
    const group = dialog.getByRole('group', { name: /Parent business/ });
    await expect(group.getByRole('radio')).toHaveCount(2);
    const next = dialog.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await screenshot(page, 'parent-business');
    await expectAccessible(page);
    // The label is what a person clicks (the styled indicator covers the native input).
    await group.getByText('Harbour Medical Group', { exact: true }).click();
    await expect(group.getByRole('radio', { name: 'Harbour Medical Group' })).toBeChecked();
    await expect(next).toBeEnabled();
    await next.click();
    const helper = page.getByRole('dialog', { name: 'Set up a site' });
    await expect(helper).toContainText(
      'Follow these steps to set up a site for Harbour Medical Group.',
    );
    expect(await widthOf(helper)).toBe('600px');
  });
});

test('a full load of /welcome asks for its own answers beside its code, once each', async ({
  page,
}) => {
  await signInToWelcome(page, ALICE, 'Alice');
  const requests: string[] = [];
  const record = (request: { url(): string }) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') || pathname.endsWith('.js')) requests.push(pathname);
  };
  page.on('request', record);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Manager actions' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('request', record);
  const dashboardCode = requests.findIndex((p) => /\/welcome-page-[^/]*\.js$/.test(p));
  expect(dashboardCode).toBeGreaterThan(0);
  for (const path of [
    '/api/me',
    '/api/me/organisations',
    '/api/welcome/sign-up-banner',
    '/api/welcome/site-organisations',
  ]) {
    // Started by the entry script, before the dashboard's own script was even asked for, and not
    // asked for again when the page reads it.
    expect(
      requests.filter((p) => p === path),
      path,
    ).toHaveLength(1);
    expect(requests.indexOf(path), path).toBeLessThan(dashboardCode);
  }
});

test('the dashboard adds at most 20 KB of JavaScript to the signed-in shell; /welcome transfers at most 1.75× the bare page, compressed', async ({
  page,
}) => {
  await signInToWelcome(page, ALICE, 'Alice');
  /** Every script a full load of `path` transfers on an empty cache, by URL. */
  const scriptsOf = (path: string, ready: Locator) =>
    transferredScripts(page, async () => {
      await page.goto(path);
      await expect(ready).toBeVisible();
    });
  // A page with the whole signed-in shell but no screen of its own yet.
  const shell = await scriptsOf(
    '/give-feedback',
    page.getByRole('heading', { level: 1, name: 'Give us feedback' }),
  );
  const welcome = await scriptsOf(
    '/welcome',
    page.getByRole('heading', { level: 2, name: 'Manager actions' }),
  );
  const total = totalBytes(welcome.values());
  const added = totalBytes([...welcome].filter(([url]) => !shell.has(url)).map(([, s]) => s));
  console.log(
    `/welcome: ${(total / 1024).toFixed(1)} KB of JavaScript transferred in ${welcome.size} files (${(total / BARE_PAGE_SCRIPT_BYTES).toFixed(2)}× the bare page), ${(added / 1024).toFixed(1)} KB of it for the dashboard`,
  );
  expect(uncompressed(welcome)).toEqual([]);
  // No form library or whole design-system barrel until a dialog needs them. Counted as transferred,
  // each of the dashboard's ten small files costs about 1 KB of headers besides its body.
  expect(added).toBeLessThanOrEqual(20 * 1024);
  // The whole page within its budget, 1.75× the bare page since issue 29 put TanStack Query back
  // (docs/decisions/035-tanstack-query-back.md; 1.6× before, docs/decisions/018-critical-path-javascript.md).
  expect(total).toBeLessThanOrEqual(1.75 * BARE_PAGE_SCRIPT_BYTES);
});

test.describe('Publishing', () => {
  test('landing cards and the publish selector: grouped, searchable, routes by kind', async ({
    page,
  }) => {
    await signInToWelcome(page, ALICE, 'Alice');
    await page
      .getByRole('navigation', { name: 'Menu' })
      .getByRole('link', { name: 'Publishing' })
      .click();
    await expect(page).toHaveURL(/\/publishing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Publishing' })).toBeVisible();
    await expect(card(page, 'Business settings')).toHaveAttribute('href', '/publish-selector');
    await expect(card(page, 'Practitioner settings')).toHaveAttribute(
      'href',
      '/practitioner/publish',
    );
    await expectAccessible(page);

    await card(page, 'Business settings').click();
    await expect(page).toHaveURL(/\/publish-selector$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Publishing my businesses' }),
    ).toBeVisible();
    await expect(page.getByText('Select where to manage publications for')).toBeVisible();
    const results = page.getByRole('region', { name: 'Matching entities' });
    await expect(results.getByRole('heading', { level: 2 })).toHaveText([
      'Healthcare services',
      'Organisations',
      'Locations',
    ]);
    await expect(results.getByRole('link', { name: 'Harbour Telehealth GP' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'publish-selector');

    const search = page.getByRole('searchbox', {
      name: 'Search healthcare services, organisations and locations',
    });
    await search.fill('surry');
    await expect(results.getByRole('link', { name: 'Harbour Telehealth GP' })).toHaveCount(0);
    await expect(results.getByRole('link', { name: 'Surry Hills Clinic' })).toBeVisible();
    await search.fill('zzz');
    await expect(
      results.getByText('No matching healthcare services, organisations or locations.'),
    ).toBeVisible();
    await search.fill('');

    const uuid = '[0-9a-f-]{36}';
    const tab = '\\?tab=Partner\\+services$';
    const choices: Array<[string, RegExp]> = [
      ['Harbour Telehealth GP', new RegExp(`/healthcare-service/${uuid}${tab}`)],
      ['Harbour Medical Group Pty Ltd', new RegExp(`/organisation/participating/${uuid}${tab}`)],
      ['Harbour Home Visits', new RegExp(`/organisation/hi/${uuid}${tab}`)],
      ['Surry Hills Clinic', new RegExp(`/location/${uuid}${tab}`)],
    ];
    for (const [name, url] of choices) {
      await results.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(url);
      await page.goBack();
      await expect(results).toBeVisible();
    }
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test('Ben is offered only the service he manages', async ({ page }) => {
    await signInToWelcome(page, BEN, 'Ben');
    await page.goto('/publish-selector');
    const results = page.getByRole('region', { name: 'Matching entities' });
    await expect(results.getByRole('heading', { level: 2 })).toHaveText(['Healthcare services']);
    await expect(results.getByRole('link')).toHaveText(['Harbour General Practice Surry Hills']);
    await expectAccessible(page);
  });

  // A refusal is not an outage: people without publishing rights are told so, and whom to ask.
  for (const [ra, givenName] of [
    [GEORGE, 'George'],
    [PRIYA, 'Priya'],
  ] as const) {
    test(`${givenName} is told the publish selector needs access, not to try again later`, async ({
      page,
    }) => {
      await signInToWelcome(page, ra, givenName);
      await page.goto('/publish-selector');
      await expect(
        page.getByText('You do not have access to publishing for your businesses'),
      ).toBeVisible();
      await expect(
        page.getByText('Ask an administrator of the business to give you access.'),
      ).toBeVisible();
      await expect(page.getByText(/try again later/i)).toHaveCount(0);
      await expectAccessible(page);
    });
  }
});
