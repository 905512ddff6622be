import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../support/fixtures.ts';

const pages = [
  'home',
  'accordion',
  'alerts',
  'avatar',
  'breadcrumbs',
  'buttons',
  'calloutbox',
  'card',
  'checkbox',
  'chips',
  'divider',
  'footer',
  'header',
  'ds-input-fields',
  'logo',
  'modal',
  'navigation',
  'profile',
  'radio',
  'setup-helper',
  'tables',
  'tabs',
  'toggle',
  'tooltips',
  'typography',
  'expanding-help',
  'time-picker',
];

/**
 * The gallery is visited in one page session (docs/decisions/052-ci-budget.md): one browser context
 * for the worker, whose cache keeps the SPA's scripts from one page to the next, instead of a new context,
 * a cold load and a fixture set-up per page. Each page is still a test of its own, with its own time budget
 * (27 full axe runs in one test outlast a busy machine), and still ends with the after-each axe check.
 */
const galleryTest = test.extend<object, { galleryPage: Page }>({
  galleryPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, locale, timezoneId } = workerInfo.project.use;
      const context = await browser.newContext({
        ...(baseURL ? { baseURL } : {}),
        ...(locale ? { locale } : {}),
        ...(timezoneId ? { timezoneId } : {}),
      });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
  // Each test starts where a person would: the pointer off every control, the default viewport.
  page: async ({ galleryPage }, use) => {
    await galleryPage.mouse.move(0, 0);
    await galleryPage.setViewportSize({ width: 1280, height: 720 });
    await use(galleryPage);
  },
});

galleryTest.describe('Design-system gallery', () => {
  for (const path of pages)
    galleryTest(`${path}: one level-one heading, a title, no axe violations`, async ({ page }) => {
      await page.setViewportSize({ width: 1400, height: 900 });
      await page.goto(`/design-system/${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page).toHaveTitle(/ - Provider Connect Australia$/);
      // Visible labels must be part of the accessible names too (speech input users say what they see).
      await expectAccessible(page, { alsoRules: ['label-content-name-mismatch'] });
    });

  galleryTest(
    'the home page welcomes and the 240 px side navigation reaches every page',
    async ({ page }) => {
      await page.setViewportSize({ width: 1400, height: 900 });
      await page.goto('/design-system');
      await expect(page).toHaveURL(/\/design-system\/home$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Welcome to the PCA Design System' }),
      ).toBeVisible();
      const nav = page
        .getByRole('navigation')
        .filter({ has: page.getByRole('link', { name: 'Time picker' }) });
      const box = await nav.first().boundingBox();
      expect(Math.round(box!.width)).toBe(240);
      await nav.first().getByRole('link', { name: 'Tooltips' }).click();
      await expect(page).toHaveURL(/\/design-system\/tooltips$/);
    },
  );

  galleryTest(
    'modal: focus moves in, Tab is trapped, Escape closes and focus returns',
    async ({ page }) => {
      await page.goto('/design-system/modal');
      const opener = page.getByRole('button', { name: 'Open 470 px dialog' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Switch account' });
      await expect(dialog).toBeVisible();
      expect(Math.round((await dialog.boundingBox())!.width)).toBeLessThanOrEqual(470);
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    },
  );

  galleryTest('tabs: arrow keys move between tabs', async ({ page }) => {
    await page.goto('/design-system/tabs');
    const first = page.getByRole('tab', { name: 'Tasks' });
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Notifications' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText('You have no new notifications.')).toBeVisible();
  });

  galleryTest('accordion: Enter toggles a section', async ({ page }) => {
    await page.goto('/design-system/accordion');
    const section = page.getByRole('button', { name: 'What is Provider Connect Australia?' });
    await expect(section).toHaveAttribute('aria-expanded', 'false');
    await section.focus();
    await page.keyboard.press('Enter');
    await expect(section).toHaveAttribute('aria-expanded', 'true');
    await expect(
      page.getByText('A single place to keep your practice details up to date.'),
    ).toBeVisible();
  });

  galleryTest('tooltip: shows on focus, described-by, Escape hides it', async ({ page }) => {
    await page.goto('/design-system/tooltips');
    const trigger = page.getByRole('button', { name: 'HPI-I' });
    await trigger.focus();
    const tip = page.getByRole('tooltip');
    await expect(tip).toHaveText('Healthcare Provider Identifier – Individual');
    await expect(trigger).toHaveAccessibleDescription(
      'Healthcare Provider Identifier – Individual',
    );
    await page.keyboard.press('Escape');
    await expect(tip).toBeHidden();
  });

  galleryTest(
    'autocomplete: waits for 3 characters, then the keyboard picks an option',
    async ({ page }) => {
      await page.goto('/design-system/ds-input-fields');
      // The suburb autocomplete, not the languages-style multi-select beside it ("Suburbs served").
      const input = page.getByRole('combobox', { name: /^Suburb\b/ });
      const listbox = page.locator(`#${await input.getAttribute('aria-controls')}`);
      await input.pressSequentially('Sur');
      await expect(listbox.getByRole('option').first()).toBeVisible();
      // Back to two characters: the suggestions go, however long one waits.
      await page.keyboard.press('Backspace');
      await expect(listbox.getByRole('option')).toHaveCount(0);
      await input.pressSequentially('r');
      await expect(listbox.getByRole('option').first()).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(page.getByText(/^Selected: (?!none)/)).toBeVisible();
    },
  );

  galleryTest(
    'time picker: typed times are parsed, the list is keyboard operable, bad input is explained',
    async ({ page }) => {
      await page.goto('/design-system/time-picker');
      const open = page.getByRole('combobox', { name: /Opening time/ });
      await open.fill('');
      await open.pressSequentially('10:30 am');
      await page.keyboard.press('Tab');
      await expect(open).toHaveValue('10:30 am');
      const close = page.getByRole('combobox', { name: /Closing time/ });
      await close.focus();
      await page.keyboard.press('ArrowDown');
      const listbox = page.locator(`#${await close.getAttribute('aria-controls')}`);
      await expect(listbox.getByRole('option').first()).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(close).not.toHaveValue('');
      await close.fill('nonsense');
      await close.blur();
      await expect(page.getByText(/valid time/i).first()).toBeVisible();
    },
  );
});

// The check every journey ends with must still see what a person would meet: a picture with no text and
// grey text on white (the colour-contrast rule needs the page laid out, as axe runs inside it).
test('the accessibility check fails on a page with violations, naming each rule', async ({
  page,
}) => {
  await page.setContent(
    '<html lang="en"><title>Planted</title><main><h1>Planted violations</h1>' +
      '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
      '<p style="color:#bbb;background:#fff">Grey on white</p></main></html>',
  );
  const failure = await expectAccessible(page).then(
    () => 'no violations reported',
    (error: Error) => error.message,
  );
  expect(failure).toContain('image-alt');
  expect(failure).toContain('color-contrast');
});
