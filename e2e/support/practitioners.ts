import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Types a name into the Practitioners page's filter and waits for the one practitioner it finds: the filtered
 * answer, after the debounce, not the list from before it (a row of that list may be opened in the meantime).
 */
export async function filterToOnePractitioner(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Filter by name' }).fill(name);
  await expect(page.getByText('Showing 1–1 of 1 practitioner')).toBeVisible();
}
