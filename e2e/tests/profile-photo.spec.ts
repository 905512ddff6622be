import { crc32, deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

/**
 * The profile photo (docs/product/features.md#profile, docs/decisions/024-profile-photo.md): Alice adds a
 * real PNG, crops it with the keyboard, sees it in the header at once, and removes it; every refused file
 * gives the specification's words, and a text file named .png is refused by the server as well. The
 * tests run in order on this file's own seeded world.
 */

const ALICE = '2000000011';
const SCREENSHOTS = process.env['SCREENSHOT_DIR'] ?? '/tmp';

test.describe.configure({ mode: 'serial' });

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real RGB PNG of the given sides, a colour gradient so a crop shows where it was taken. */
function png(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      rows[row + 1 + x * 3] = Math.round((x / width) * 255);
      rows[row + 2 + x * 3] = Math.round((y / height) * 255);
      rows[row + 3 + x * 3] = 160;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1 × 1 GIF. */
const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const notAPicture = Buffer.from('These are my notes, not a photo.\n');

/** Signs in and opens her profile from the header's menu. */
async function openOwnProfile(page: Page) {
  await signIn(page, ALICE);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Alice' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Alice Nguyen', exact: true }).click();
  await page.getByRole('menuitem', { name: 'View profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your details' })).toBeVisible();
}

/** Picks a file as the Add/Replace Photo picker hands it over, and returns the upload dialog. */
async function pickFile(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.getByTestId('photo-file-input').setInputFiles({ name, mimeType, buffer });
  const dialog = page.getByRole('dialog', { name: 'Upload photo' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The selection the crop area reports. */
async function selectionOf(area: Locator) {
  const [x, y, side] = await Promise.all(
    ['data-selection-x', 'data-selection-y', 'data-selection-side'].map(async (name) =>
      Number(await area.getAttribute(name)),
    ),
  );
  return { x, y, side };
}

const headerAvatar = (page: Page) =>
  page.getByRole('button', { name: 'Alice Nguyen', exact: true }).locator('img');

test('Alice adds a photo, crops it with the keyboard, sees it in the header, and removes it', async ({
  page,
}) => {
  await openOwnProfile(page);
  await expect(page.getByRole('button', { name: 'Add Photo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove', exact: true })).toHaveCount(0);
  await expect(page.getByTestId('photo-file-input')).toHaveAttribute('accept', /\.png/);
  await expect(headerAvatar(page)).toHaveCount(0);

  // The button opens the system's file picker.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add Photo' }).click();
  const picker = await chooser;
  expect(picker.isMultiple()).toBe(false);
  await picker.setFiles({ name: 'alice.png', mimeType: 'image/png', buffer: png(300, 200) });

  const dialog = page.getByRole('dialog', { name: 'Upload photo' });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => getComputedStyle(el).maxWidth)).toBe('400px');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  const add = dialog.getByRole('button', { name: 'Add photo' });
  await expect(add).toBeEnabled();
  await expect(
    dialog.getByText(
      'Arrow keys move the selection; Shift plus arrows enlarge; Shift plus Alt plus arrows shrink; digit keys 1 to 9 set the step size.',
    ),
  ).toBeVisible();
  const area = dialog.getByRole('application', { name: 'Crop area' });
  await expect(area).toHaveAttribute('data-selection-side', '200');
  expect(await selectionOf(area)).toEqual({ x: 50, y: 0, side: 200 });
  await expectAccessible(page);

  await page.screenshot({ path: `${SCREENSHOTS}/profile-photo-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOTS}/profile-photo-390.png` });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The keyboard of the specification: digits set the step, Shift+Alt shrinks, Shift enlarges, arrows move.
  await area.focus();
  await page.keyboard.press('ArrowRight');
  await expect(area).toHaveAttribute('data-selection-x', '53');
  await page.keyboard.press('9');
  await expect(area).toHaveAttribute('data-step', '9');
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('Shift+Alt+ArrowUp');
  await expect(area).toHaveAttribute('data-selection-side', '155');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(area).toHaveAttribute('data-selection-side', '164');
  await page.keyboard.press('2');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  expect(await selectionOf(area)).toEqual({ x: 51, y: 2, side: 164 });
  await expect(dialog.getByText('Selection 164 × 164 pixels at 51, 2; step 2.')).toBeVisible();

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/photo') && r.request().method() === 'PUT',
  );
  await add.click();
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(response.request().headers()['content-type']).toBe('image/png');
  expect((await response.json()) as { photoData: string }).toEqual({
    photoData: expect.stringMatching(/^data:image\/png;base64,/) as unknown,
  });

  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: 'Photo successfully saved' }),
  ).toHaveCount(1);
  await expect(page.getByText('Successfully updated your profile photo')).toBeVisible();
  // The header shows the new photo without a reload, as the profile does.
  await expect(headerAvatar(page)).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(page.getByRole('img', { name: 'Alice Nguyen' })).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );
  await expect(page.getByRole('button', { name: 'Replace Photo' })).toBeFocused();
  await page.screenshot({ path: `${SCREENSHOTS}/profile-photo-saved-1280.png` });
  await expect(page.getByRole('button', { name: 'Remove', exact: true })).toBeVisible();
  await expectAccessible(page);

  // Replacing offers Save photo.
  const again = await pickFile(page, 'again.png', 'image/png', png(120, 90));
  await expect(again.getByRole('button', { name: 'Save photo' })).toBeEnabled();
  await again.getByRole('button', { name: 'Close' }).click();
  await expect(again).toHaveCount(0);

  // Removing asks first.
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  const remove = page.getByRole('dialog', { name: 'Remove photo' });
  await expect(remove).toContainText(
    "You're about to remove your profile photo. Do you want to proceed?",
  );
  await expect(remove.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expectAccessible(page);
  const removed = page.waitForResponse(
    (r) => r.url().endsWith('/photo') && r.request().method() === 'DELETE',
  );
  await remove.getByRole('button', { name: 'Remove', exact: true }).click();
  expect((await removed).status()).toBe(204);
  await expect(remove).toHaveCount(0);
  await expect(page.getByText('Successfully removed your profile photo')).toBeVisible();
  await expect(page.getByText('Successfully updated your profile photo')).toHaveCount(0);
  await expect(headerAvatar(page)).toHaveCount(0);
  // Without a photo the profile shows the placeholder image again (docs/product/features.md#profile).
  await expect(page.getByRole('img', { name: 'Alice Nguyen has no photo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Photo' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Remove', exact: true })).toHaveCount(0);
});

test('every refused file says why in the specification’s words; the server refuses a renamed text file too', async ({
  page,
}) => {
  await openOwnProfile(page);
  const cases: [string, string, Buffer, string][] = [
    ['empty.png', 'image/png', Buffer.alloc(0), 'The file size must be greater than zero.'],
    [
      'big.png',
      'image/png',
      Buffer.alloc(5 * 1024 * 1024 + 1),
      'The file size must be less than 5MB.',
    ],
    [
      'small.png',
      'image/png',
      png(40, 40),
      'The file must be an image that is no less than 48 x 48 pixels.',
    ],
    [
      'wide.png',
      'image/png',
      png(700, 400),
      'The file must be an image that is no greater than 636 x 336 pixels.',
    ],
    ['photo.gif', 'image/gif', gif, 'The file type is not supported. Add .png or .jpeg only.'],
    ['notes.png', 'image/png', notAPicture, 'An error occurred while validating the file.'],
  ];
  for (const [name, mimeType, buffer, message] of cases) {
    const dialog = await pickFile(page, name, mimeType, buffer);
    await expect(dialog.getByRole('alert')).toContainText(message);
    await expect(dialog.getByRole('button', { name: 'Add photo' })).toBeDisabled();
    if (name === 'notes.png') await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  }

  // The server never trusts the client: the same bytes sent as a PNG are refused by their magic bytes.
  const token = await page.evaluate(() => window.sessionStorage.getItem('pca.sessionToken'));
  const userId = new URL(page.url()).pathname.split('/').pop();
  const refused = await page.request.put(`/api/profile/${userId}/photo`, {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'image/png' },
    data: notAPicture,
  });
  expect(refused.status()).toBe(415);
  expect(refused.headers()['content-type']).toContain('application/problem+json');
  expect(await refused.json()).toMatchObject({
    type: '/problems/photo-type',
    status: 415,
    detail: 'The file type is not supported. Add .png or .jpeg only.',
  });
  await expect(page.getByRole('button', { name: 'Add Photo' })).toBeVisible();
});
