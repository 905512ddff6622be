import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';
import {
  BARE_PAGE_SCRIPT_BYTES,
  totalBytes,
  transferredScripts,
  uncompressed,
} from '../support/transferred-scripts.ts';

const ALICE = '2000000011';

async function signInAndWait(page: Page, ra: string, name: string) {
  await signIn(page, ra);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome ${name}` })).toBeVisible();
}

/*
 * The shell's journeys: the keyboard and focus through its menus and the phone's drawer, its dialogs, the
 * idle and revoked sessions, and axe on the way. Which header and side-navigation item is current where, the
 * titles and breadcrumbs, each person's menu items and bell, and where the guards send people are the
 * shell's rules, checked in milliseconds by component and unit tests (apps/web/src/app/shell/
 * shell-by-identity.test.tsx, navigation-rules.test.ts, apps/web/src/app/guards.test.ts,
 * layout/root-layout.test.tsx); switching back from a managed account is the managed-accounts journey's
 * (issue 31, docs/decisions/052-ci-budget.md).
 */
test.describe('Application shell', () => {
  test('Alice by keyboard: the About and profile menus open, move and close, an item opens its page; on a phone the Menu drawer holds focus until closed (docs/decisions/033)', async ({
    page,
  }) => {
    await signInAndWait(page, ALICE, 'Alice');
    // A page below Businesses, with its breadcrumbs, under the menus.
    await page.goto('/credential-document/add');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Add credential document' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /Notifications.*3 unread/ })).toBeVisible();
    const about = page.getByRole('button', { name: 'About' });
    await about.click();
    await expect(page.getByRole('menuitem')).toHaveCount(3);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem')).toHaveCount(0);
    await expect(about).toBeFocused();

    // Keyboard only: Enter opens, arrow keys move through the items, Escape closes and focus returns.
    const profile = page.getByRole('button', { name: 'Alice Nguyen' });
    await profile.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'View profile' })).toBeVisible();
    // The menu keeps focus and points at its current item with aria-activedescendant.
    const activeItem = () =>
      page.evaluate(() => {
        const id = document.activeElement?.getAttribute('aria-activedescendant');
        return id ? (document.getElementById(id)?.textContent ?? null) : null;
      });
    await page.keyboard.press('ArrowDown');
    const first = await activeItem();
    await page.keyboard.press('ArrowDown');
    const second = await activeItem();
    expect(first).not.toBeNull();
    expect(second).not.toBe(first);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem')).toHaveCount(0);
    await expect(profile).toBeFocused();

    // ↑ opens it on its last item; a letter jumps to the first item starting with it; Enter opens it.
    await page.keyboard.press('ArrowUp');
    const menu = page.getByRole('menu', { name: 'Alice Nguyen' });
    await expect(menu).toBeFocused();
    const active = menu.locator('[data-active]');
    await expect(active).toHaveText('Logout');
    await page.keyboard.press('v');
    await expect(active).toHaveText('View profile');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(menu).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    const open = page.getByRole('button', { name: 'Menu (Open main menu)' });
    await open.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Main menu' });
    await expect(drawer.getByRole('button', { name: 'Close main menu' })).toBeFocused();
    await expectAccessible(page);
    // Shift+Tab from the first control goes round to the last link, Tab from there back to Close.
    await page.keyboard.press('Shift+Tab');
    await expect(drawer.getByRole('link', { name: 'Give us feedback' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(drawer.getByRole('button', { name: 'Close main menu' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(open).toBeFocused();
    // Choosing a section closes the drawer and opens it.
    await page.keyboard.press('Enter');
    await drawer.getByRole('link', { name: 'Businesses' }).click();
    await expect(drawer).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Businesses' })).toBeVisible();

    // An address she may not open: the guard's refusal is explained on the dashboard.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/welcome\?reason=admin$/);
    await expect(page.getByText('You do not have access to the admin area.')).toBeVisible();
    await expectAccessible(page);
  });

  test('footer dialogs, privacy redirect and skip link', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('dialog', { name: 'Privacy' })).toBeVisible();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Need Help' }).click();
    await expect(page.getByRole('dialog', { name: 'Need Help' })).toContainText('Email');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Skip to main content' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    const box = await page.getByTestId('header-bar').boundingBox();
    expect(box?.height).toBe(120);
    // The tab's icon is the portal's own (no 404 for /favicon.ico in every console).
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    const answer = await page.request.get(icon!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('image/svg+xml');
  });

  test('idle: warning after 20 minutes, countdown, logged out after 5 more', async ({ page }) => {
    await page.clock.install();
    await signInAndWait(page, ALICE, 'Alice');
    const token = await page.evaluate(() => sessionStorage.getItem('pca.sessionToken') ?? '');
    await page.clock.fastForward('19:50');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.clock.fastForward('00:15');
    const warning = page.getByRole('dialog', { name: 'Your session is about to expire' });
    await expect(warning).toBeVisible();
    await expect(
      warning.getByRole('heading', { name: 'Your session is about to expire' }),
    ).toBeFocused();
    await expect(warning.getByTestId('idle-countdown')).toHaveText(/^4:5\d$/);
    await expectAccessible(page);
    // Stay logged in resets the timers.
    await warning.getByRole('button', { name: 'Stay logged in' }).click();
    await expect(warning).toHaveCount(0);
    await page.clock.fastForward('20:05');
    await expect(warning).toBeVisible();
    // Activity no longer resets once idle.
    await page.keyboard.press('Shift');
    await page.clock.fastForward('05:01');
    const ended = page.getByRole('dialog', { name: 'You have been logged out' });
    await expect(ended).toBeVisible();
    await expect(ended.getByRole('heading', { name: 'You have been logged out' })).toBeFocused();
    // The portal session ended on the server, the page forgot the token, and nothing redirected.
    await expect
      .poll(() =>
        page.evaluate(
          async (t) =>
            (await fetch('/api/me', { headers: { authorization: `Bearer ${t}` } })).status,
          token,
        ),
      )
      .toBe(401);
    expect(await page.evaluate(() => sessionStorage.getItem('pca.sessionToken'))).toBeNull();
    await expect(page).toHaveURL(/\/welcome$/);
    await expectAccessible(page);
    await ended.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });

  test('a session revoked mid-use sends the user to the provider login and back', async ({
    page,
  }) => {
    await signInAndWait(page, ALICE, 'Alice');
    await page.goto('/credential-documents?tab=current');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Credential documents' }),
    ).toBeVisible();
    // The provider's own session has ended too, so it will ask for the RA number again.
    await page.context().clearCookies();
    // Revoke the session on the server behind the page's back.
    await page.evaluate(async () => {
      const token = sessionStorage.getItem('pca.sessionToken') ?? '';
      await fetch('/api/auth/logout', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
    });
    // The next API call answers 401 and the shell sends the user to sign in again. A call the page
    // makes by itself may get there first and interrupt this navigation; either way ends at the login.
    await page.goto('/credential-documents?tab=current').catch(() => undefined);
    await expect(page.getByLabel('RA number')).toBeVisible();
    await page.getByLabel('RA number').fill(ALICE);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/credential-documents\?tab=current$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Credential documents' }),
    ).toBeVisible();
  });

  test('the shell is painted from the page before any script runs, and hydration keeps it (docs/decisions/076)', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Without JavaScript: the home page whole, and the signed-in frame on any other address.
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const bare = await noScript.newPage();
    await bare.goto('/');
    await expect(
      bare.getByRole('heading', { level: 1, name: 'Provider Connect Australia' }),
    ).toBeVisible();
    await expect(bare.getByRole('contentinfo')).toContainText('Commonwealth of Australia');
    // The Login button is a form: it starts sign-in before the script has run.
    await bare.getByRole('main').getByRole('button', { name: 'Login' }).click();
    await expect(bare.getByLabel('RA number')).toBeVisible();
    await bare.goto('/tasks');
    await expect(bare.getByRole('banner')).toContainText('Provider Connect Australia');
    await expect(bare.getByTestId('main-navigation-placeholder')).toBeVisible();
    await expect(bare.getByRole('status')).toHaveText('Loading..');
    await expect(bare.getByRole('contentinfo')).toContainText('Commonwealth of Australia');
    // A page with a skeleton of its own has it in its HTML: its heading before any script (decision 082).
    await bare.goto('/practitioners');
    await expect(bare.getByRole('heading', { level: 1, name: 'Practitioners' })).toBeVisible();
    await expect(bare.getByRole('status')).toHaveText('Loading practitioners');
    await bare.goto('/welcome');
    await expect(bare.getByText('This dashboard gives you one place')).toBeVisible();
    await noScript.close();

    // With it: the elements painted from the page are the ones the page keeps (hydrated, not drawn again).
    await signInAndWait(page, ALICE, 'Alice');
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const painted = window as unknown as Record<string, unknown>;
        painted['header'] = document.querySelector('[data-testid="header-bar"]');
        painted['footer'] = document.querySelector('footer');
        // Every element the page's HTML gave, before any script of the page ran.
        painted['fromHtml'] = new WeakSet(Array.from(document.querySelectorAll('*')));
        const heading = document.querySelector('h1');
        painted['headingBox'] = heading ? JSON.stringify(heading.getBoundingClientRect()) : null;
      });
    });
    await page.goto('/practitioners');
    await expect(page.getByRole('heading', { level: 1, name: 'Practitioners' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Alice Nguyen' })).toBeVisible();
    expect(
      await page.evaluate(() => {
        const painted = window as unknown as Record<string, Element | null>;
        return [painted['header'], painted['footer']].map((e) => Boolean(e?.isConnected));
      }),
    ).toEqual([true, true]);
    // The heading painted from the page is where the page keeps its own (no shift), and the page's largest
    // paint is an element of its HTML that hydration kept: the page's later elements are smaller (decision
    // 082). Compared by element, not by time, so a busy machine that paints late still passes.
    const { before, after, largest } = await page.evaluate(async () => {
      const entries = await new Promise<PerformanceEntry[]>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries())).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        }),
      );
      const painted = window as unknown as Record<string, unknown>;
      const element = (
        entries.at(-1) as (PerformanceEntry & { element: Element | null }) | undefined
      )?.element;
      return {
        before: painted['headingBox'] as string | null,
        after: JSON.stringify(document.querySelector('h1')!.getBoundingClientRect()),
        largest: {
          text: element?.textContent ?? null,
          fromHtml: Boolean(element && (painted['fromHtml'] as WeakSet<Element>).has(element)),
          kept: Boolean(element?.isConnected),
        },
      };
    });
    expect(before).toBe(after);
    expect(largest).toEqual({ text: expect.any(String), fromHtml: true, kept: true });
    await expectAccessible(page);
  });

  test("signed out, / transfers at most 1.3× the bare page's JavaScript, compressed (docs/decisions/018)", async ({
    page,
  }) => {
    const scripts = await transferredScripts(page, async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
    const bytes = totalBytes(scripts.values());
    // Each file, so that a run over the budget shows which one grew.
    for (const [url, script] of scripts)
      console.log(`  ${new URL(url).pathname}: ${script.bytes} bytes`);
    console.log(
      `/: ${(bytes / 1024).toFixed(1)} KB of JavaScript transferred in ${scripts.size} files, ${(bytes / BARE_PAGE_SCRIPT_BYTES).toFixed(2)}× the bare page`,
    );
    expect(uncompressed(scripts)).toEqual([]);
    // Issue 11's target, reached on 24 November 2026 (docs/decisions/018-critical-path-javascript.md).
    expect(bytes).toBeLessThanOrEqual(1.3 * BARE_PAGE_SCRIPT_BYTES);
  });
});
