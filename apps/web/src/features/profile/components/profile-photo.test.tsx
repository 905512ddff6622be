import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { dialogWidths } from '@pca/contracts/constants.ts';
import { photoFileAccept, photoMessages } from '@pca/contracts/profile-photo-rules.ts';
import { profileApiPath } from '@pca/contracts/profile-paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { heldReply, installFakeServer, json, type FakeHandler } from '../../../test/fake-server.ts';
import { validatePhoto } from '../photo-validation.ts';
import type { PhotoTools } from './photo-upload-dialog.tsx';
import { ProfilePhoto } from './profile-photo.tsx';

const userId = '11111111-1111-4111-8111-111111111111';
const photoPath = profileApiPath('photo', userId);
const storedPhoto = 'data:image/png;base64,iVBORw0KGgo=';
const MB = 1024 * 1024;

/** The sides the injected decoder gives each test file, by name; a name missing here cannot be decoded. */
const sides: Record<string, { width: number; height: number }> = {
  'wide.png': { width: 300, height: 200 },
  'tiny.png': { width: 40, height: 40 },
  'huge.png': { width: 700, height: 400 },
  'zero.png': { width: 0, height: 0 },
};

const file = (name: string, type = 'image/png', size = 100) =>
  new File([new Uint8Array(size)], name, { type });

/** jsdom decodes, shows and draws no pictures: these stand in for the browser's. */
function testTools(over: Partial<PhotoTools> = {}): PhotoTools {
  return {
    validate: (picked) =>
      validatePhoto(picked, async (f) => {
        const found = sides[f.name];
        if (!found) throw new Error('not a picture');
        return { source: {} as CanvasImageSource, ...found };
      }),
    crop: vi.fn(async () => new Blob([new Uint8Array(8)], { type: 'image/png' })),
    readAsUrl: async () => 'data:image/png;base64,cGljdHVyZQ==',
    ...over,
  };
}

function setUp({
  photoData = null as string | null,
  routes = {} as Record<string, FakeHandler>,
  tools = testTools(),
} = {}) {
  setSessionToken('tok');
  const requests = installFakeServer(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  const onStatus = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <ProfilePhoto
        userId={userId}
        photoData={photoData}
        fullName="Jane Citizen"
        onStatus={onStatus}
        tools={tools}
      />
    </QueryClientProvider>,
  );
  // A person may choose "All files" in the picker, so the accept list does not filter the tests' files.
  const user = userEvent.setup({ applyAccept: false });
  const input = screen.getByTestId('photo-file-input') as HTMLInputElement;
  return { requests, invalidated, onStatus, user, input, tools };
}

/** Picks a file as the Add/Replace button's picker would hand it over. */
async function pick(setup: ReturnType<typeof setUp>, picked: File) {
  await setup.user.upload(setup.input, picked);
  return screen.findByRole('dialog', { name: 'Upload photo' });
}

const wait = { timeout: 10_000 };

describe('the profile photo', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('without a photo shows the placeholder image and Add Photo, and no Remove', () => {
    const { input } = setUp();
    // A placeholder image, not initials (docs/product/features.md#profile).
    const placeholder = screen.getByRole('img', { name: 'Jane Citizen has no photo' });
    expect(placeholder.tagName.toLowerCase()).toBe('svg');
    expect(placeholder).toHaveAttribute('data-size', 'xl');
    expect(placeholder).not.toHaveTextContent('JC');
    expect(screen.getByRole('button', { name: 'Add Photo' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Replace Photo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(input).toHaveAttribute('accept', photoFileAccept);
    expect(input).not.toBeVisible();
  });

  it('with a photo shows it, Replace Photo and Remove', () => {
    setUp({ photoData: storedPhoto });
    expect(screen.getByRole('img', { name: 'Jane Citizen' })).toHaveAttribute('src', storedPhoto);
    expect(screen.getByRole('button', { name: 'Replace Photo' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeVisible();
  });

  it('opens the file picker from the button and clears the banner', async () => {
    const setup = setUp();
    const opened = vi.fn();
    setup.input.addEventListener('click', opened);
    await setup.user.click(screen.getByRole('button', { name: 'Add Photo' }));
    expect(opened).toHaveBeenCalledOnce();
    expect(setup.onStatus).toHaveBeenCalledWith(null);
  });

  it.each([
    ['an empty file', file('empty.png', 'image/png', 0), photoMessages.empty],
    ['a file over 5 MB', file('big.png', 'image/png', 5 * MB + 1), photoMessages.tooBig],
    ['a GIF', file('photo.gif', 'image/gif'), photoMessages.type],
    ['a text file', file('notes.txt', 'text/plain'), photoMessages.type],
    ['a text file renamed .png', file('renamed.png'), photoMessages.validationFailed],
    ['a 40 × 40 picture', file('tiny.png'), photoMessages.tooSmall],
    ['a 700 × 400 picture', file('huge.png'), photoMessages.tooLarge],
    ['a picture of no size', file('zero.png'), photoMessages.invalid],
  ])('refuses %s with its message, and Save stays disabled', async (_, picked, message) => {
    const setup = setUp();
    const dialog = await pick(setup, picked);
    const alert = await within(dialog).findByRole('alert', undefined, wait);
    expect(alert).toHaveTextContent(message);
    expect(within(dialog).getByRole('button', { name: 'Add photo' })).toBeDisabled();
    expect(within(dialog).queryByRole('application')).toBeNull();
    expect(setup.requests).toEqual([]);
  });

  it('states the size limits before a file is picked, beside Add Photo', () => {
    setUp();
    const add = screen.getByRole('button', { name: 'Add Photo' });
    expect(screen.getByText(photoMessages.limits)).toBeVisible();
    expect(add).toHaveAccessibleDescription(photoMessages.limits);
    expect(photoMessages.limits).toMatch(/5MB.*48 x 48.*636 x 336/);
  });

  it('after refusing a file offers to choose another, and checks that one afresh', async () => {
    const setup = setUp();
    const dialog = await pick(setup, file('huge.png'));
    expect(await within(dialog).findByRole('alert', undefined, wait)).toHaveTextContent(
      photoMessages.tooLarge,
    );
    expect(within(dialog).getByText(photoMessages.limits)).toBeVisible();
    const another = within(dialog).getByRole('button', { name: 'Choose another photo' });
    const input = within(dialog).getByTestId('photo-dialog-file-input') as HTMLInputElement;
    const opened = vi.fn();
    input.addEventListener('click', opened);
    await setup.user.click(another);
    expect(opened).toHaveBeenCalledOnce();

    await setup.user.upload(input, file('wide.png'));
    await within(dialog).findByRole('application', { name: 'Crop area' }, wait);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Choose another photo' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Add photo' })).toBeEnabled();
  });

  it('opens Upload photo at 400 px with the cropper, its keyboard help, Close and Add photo', async () => {
    const setup = setUp();
    const dialog = await pick(setup, file('wide.png'));
    expect(dialog.style.maxWidth).toBe(`${dialogWidths.photoUpload}px`);
    const area = await within(dialog).findByRole('application', { name: 'Crop area' }, wait);
    expect(area).toHaveAccessibleDescription(photoMessages.keyboardHelp);
    expect(within(dialog).getByText(photoMessages.keyboardHelp)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Add photo' })).toBeEnabled();
    await setup.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says Save photo when a photo is kept already', async () => {
    const setup = setUp({ photoData: storedPhoto });
    const dialog = await pick(setup, file('wide.png'));
    await within(dialog).findByRole('application', undefined, wait);
    expect(within(dialog).getByRole('button', { name: 'Save photo' })).toBeEnabled();
    expect(within(dialog).queryByRole('button', { name: 'Add photo' })).toBeNull();
  });

  it('is operated by the keyboard: arrows move, Shift enlarges, Shift and Alt shrink, digits set the step', async () => {
    const setup = setUp();
    const dialog = await pick(setup, file('wide.png'));
    const area = await within(dialog).findByRole('application', { name: 'Crop area' }, wait);
    const at = () => ({
      x: Number(area.dataset['selectionX']),
      y: Number(area.dataset['selectionY']),
      side: Number(area.dataset['selectionSide']),
    });
    // The largest square of the 300 × 200 picture, centred.
    expect(at()).toEqual({ x: 50, y: 0, side: 200 });
    area.focus();

    await setup.user.keyboard('{ArrowRight}');
    expect(at()).toEqual({ x: 53, y: 0, side: 200 });
    await setup.user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(at()).toEqual({ x: 47, y: 0, side: 200 });

    await setup.user.keyboard('{Shift>}{Alt>}{ArrowRight}{/Alt}{/Shift}');
    expect(at()).toEqual({ x: 50, y: 0, side: 197 });
    await setup.user.keyboard('{Shift>}{Alt>}{ArrowUp}{/Alt}{/Shift}');
    expect(at()).toEqual({ x: 50, y: 0, side: 194 });

    await setup.user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(at()).toEqual({ x: 50, y: 0, side: 197 });
    await setup.user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(at()).toEqual({ x: 47, y: 0, side: 200 });

    await setup.user.keyboard('9');
    expect(area).toHaveAttribute('data-step', '9');
    await setup.user.keyboard('{Shift>}{Alt>}{ArrowDown}{/Alt}{/Shift}');
    expect(at()).toEqual({ x: 47, y: 9, side: 191 });
    await setup.user.keyboard('{ArrowRight}');
    expect(at()).toEqual({ x: 56, y: 9, side: 191 });
    await setup.user.keyboard('1{ArrowUp}');
    expect(at()).toEqual({ x: 56, y: 8, side: 191 });
    expect(
      within(dialog).getByText('Selection 191 × 191 pixels at 56, 8; step 1.'),
    ).toBeInTheDocument();

    // The selection never leaves the picture nor goes under 48 pixels.
    for (let i = 0; i < 60; i += 1)
      await setup.user.keyboard('{Shift>}{Alt>}{ArrowLeft}{/Alt}{/Shift}');
    expect(at().side).toBe(131);
    await setup.user.keyboard('9');
    for (let i = 0; i < 12; i += 1)
      await setup.user.keyboard('{Shift>}{Alt>}{ArrowLeft}{/Alt}{/Shift}');
    expect(at().side).toBe(48);
    for (let i = 0; i < 30; i += 1) await setup.user.keyboard('{ArrowRight}');
    expect(at()).toEqual({ x: 252, y: 8, side: 48 });
  });

  it('crops the selection, uploads it as a PNG, announces Saving photo then Photo successfully saved', async () => {
    const saved = heldReply();
    const tools = testTools();
    const setup = setUp({
      tools,
      routes: {
        [`PUT ${photoPath}`]: saved.reply,
      },
    });
    const dialog = await pick(setup, file('wide.png'));
    const area = await within(dialog).findByRole('application', undefined, wait);
    area.focus();
    await setup.user.keyboard('{ArrowRight}');
    await setup.user.click(within(dialog).getByRole('button', { name: 'Add photo' }));

    const statuses = () => screen.getAllByRole('status').map((s) => s.textContent);
    await waitFor(() => expect(statuses()).toContain(photoMessages.saving), wait);
    expect(tools.crop).toHaveBeenCalledWith(expect.objectContaining({ width: 300, height: 200 }), {
      x: 53,
      y: 0,
      side: 200,
    });
    saved.release(json({ photoData: storedPhoto }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), wait);
    expect(statuses()).toContain(photoMessages.saved);
    expect(setup.onStatus).toHaveBeenLastCalledWith(photoMessages.updated);
    const put = setup.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(photoPath);
    expect(put?.headers.get('Content-Type')).toBe('image/png');
    expect(setup.invalidated).toHaveBeenCalledWith({ queryKey: ['me'] });
    expect(setup.invalidated).toHaveBeenCalledWith({ queryKey: ['profile'] });
  });

  it('shows the server’s own words when it refuses the picture, and disables Save', async () => {
    const setup = setUp({
      routes: {
        [`PUT ${photoPath}`]: () =>
          new Response(
            JSON.stringify({
              type: '/problems/photo-type',
              title: 'Unsupported photo type',
              status: 415,
              detail: photoMessages.type,
            }),
            { status: 415, headers: { 'Content-Type': 'application/problem+json' } },
          ),
      },
    });
    const dialog = await pick(setup, file('wide.png'));
    await within(dialog).findByRole('application', undefined, wait);
    await setup.user.click(within(dialog).getByRole('button', { name: 'Add photo' }));
    expect(await within(dialog).findByRole('alert', undefined, wait)).toHaveTextContent(
      photoMessages.type,
    );
    expect(within(dialog).getByRole('button', { name: 'Add photo' })).toBeDisabled();
    expect(setup.onStatus).not.toHaveBeenCalledWith(photoMessages.updated);
  });

  it.each([
    [
      'the server fails',
      { routes: { [`PUT ${photoPath}`]: () => new Response('', { status: 500 }) } },
      photoMessages.saveFailed,
    ],
    [
      'the answer has no photo',
      { routes: { [`PUT ${photoPath}`]: () => json({}) } },
      photoMessages.dataFailed,
    ],
    [
      'the crop fails',
      {
        tools: testTools({
          crop: () => Promise.reject(new Error('no canvas')),
        }),
      },
      photoMessages.cropFailed,
    ],
  ])('says so when %s', async (_, options, message) => {
    const setup = setUp(options);
    const dialog = await pick(setup, file('wide.png'));
    await within(dialog).findByRole('application', undefined, wait);
    await setup.user.click(within(dialog).getByRole('button', { name: 'Add photo' }));
    expect(await within(dialog).findByRole('alert', undefined, wait)).toHaveTextContent(message);
    expect(within(dialog).getByRole('button', { name: 'Add photo' })).toBeDisabled();
  });

  it('says Error getting photo data. when the picked file cannot be read', async () => {
    const unreadable = setUp({
      tools: testTools({
        readAsUrl: () => Promise.reject(new Error('unreadable')),
      }),
    });
    const dialog = await pick(unreadable, file('wide.png'));
    expect(await within(dialog).findByRole('alert', undefined, wait)).toHaveTextContent(
      photoMessages.dataFailed,
    );
    expect(within(dialog).getByRole('button', { name: 'Add photo' })).toBeDisabled();
  });

  it('says so when the picture cannot be shown', async () => {
    const setup = setUp();
    const dialog = await pick(setup, file('wide.png'));
    const area = await within(dialog).findByRole('application', undefined, wait);
    const img = area.querySelector('img');
    if (!img) throw new Error('no picture in the crop area');
    fireEvent.error(img);
    expect(await within(dialog).findByRole('alert', undefined, wait)).toHaveTextContent(
      photoMessages.loadFailed,
    );
    expect(within(dialog).getByRole('button', { name: 'Add photo' })).toBeDisabled();
  });

  it('asks before removing; Cancel keeps the photo', async () => {
    const setup = setUp({ photoData: storedPhoto });
    await setup.user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove photo' });
    expect(dialog).toHaveTextContent(photoMessages.removeConfirm);
    expect(setup.onStatus).toHaveBeenCalledWith(null);
    await setup.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(setup.requests).toEqual([]);
  });

  it('removes the photo and says so', async () => {
    const setup = setUp({
      photoData: storedPhoto,
      routes: { [`DELETE ${photoPath}`]: () => new Response(null, { status: 204 }) },
    });
    await setup.user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove photo' });
    await setup.user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), wait);
    expect(setup.onStatus).toHaveBeenLastCalledWith(photoMessages.removed);
    // The Remove button goes with the photo; focus lands on the photo's other button.
    expect(screen.getByRole('button', { name: 'Replace Photo' })).toHaveFocus();
    expect(setup.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE ${photoPath}`]);
    expect(setup.invalidated).toHaveBeenCalledWith({ queryKey: ['me'] });
  });

  it('says Error removing user photo. when the removal fails, and stays open', async () => {
    const setup = setUp({
      photoData: storedPhoto,
      routes: { [`DELETE ${photoPath}`]: () => new Response('', { status: 500 }) },
    });
    await setup.user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove photo' });
    await setup.user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert', undefined, wait)).toHaveTextContent(
      photoMessages.removeFailed,
    );
    expect(setup.onStatus).not.toHaveBeenCalledWith(photoMessages.removed);
  });
});
