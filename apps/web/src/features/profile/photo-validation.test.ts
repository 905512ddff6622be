import { describe, expect, it } from 'vitest';
import { photoMessages } from '@pca/contracts/profile-photo-rules.ts';
import { checkPhotoDimensions, checkPhotoFile, validatePhoto } from './photo-validation.ts';

const MB = 1024 * 1024;
const file = (size: number, type: string) =>
  new File([new Uint8Array(size)], 'photo', { type }) as File;
const decoded = (width: number, height: number) => async () => ({
  source: {} as CanvasImageSource,
  width,
  height,
});

describe('checkPhotoFile', () => {
  it('refuses an empty file, one over 5 MB, and anything but PNG or JPEG, in that order', () => {
    expect(checkPhotoFile({ size: 0, type: 'image/gif' })).toBe(
      'The file size must be greater than zero.',
    );
    expect(checkPhotoFile({ size: 5 * MB + 1, type: 'image/gif' })).toBe(
      'The file size must be less than 5MB.',
    );
    expect(checkPhotoFile({ size: 10, type: 'image/gif' })).toBe(
      'The file type is not supported. Add .png or .jpeg only.',
    );
    expect(checkPhotoFile({ size: 10, type: '' })).toBe(photoMessages.type);
  });

  it('lets a PNG or JPEG of up to exactly 5 MB through', () => {
    expect(checkPhotoFile({ size: 5 * MB, type: 'image/png' })).toBeNull();
    expect(checkPhotoFile({ size: 1, type: 'image/jpeg' })).toBeNull();
  });
});

describe('checkPhotoDimensions', () => {
  it.each([
    [0, 100, 'The file is an invalid image.'],
    [100, 0, 'The file is an invalid image.'],
    [48, 100, 'The file must be an image that is no less than 48 x 48 pixels.'],
    [100, 48, 'The file must be an image that is no less than 48 x 48 pixels.'],
    [40, 40, photoMessages.tooSmall],
    [637, 100, 'The file must be an image that is no greater than 636 x 336 pixels.'],
    [100, 337, photoMessages.tooLarge],
    [700, 400, photoMessages.tooLarge],
  ])('%i × %i: %s', (width, height, message) => {
    expect(checkPhotoDimensions({ width, height })).toBe(message);
  });

  it('accepts 49 × 49 and 636 × 336', () => {
    expect(checkPhotoDimensions({ width: 49, height: 49 })).toBeNull();
    expect(checkPhotoDimensions({ width: 636, height: 336 })).toBeNull();
  });
});

describe('validatePhoto', () => {
  it('answers the decoded picture when every check passes', async () => {
    const result = await validatePhoto(file(100, 'image/png'), decoded(300, 200));
    expect(result).toMatchObject({ ok: true, photo: { width: 300, height: 200 } });
  });

  it('says a file the browser cannot decode could not be validated', async () => {
    const result = await validatePhoto(file(100, 'image/png'), () =>
      Promise.reject(new Error('not an image')),
    );
    expect(result).toEqual({ ok: false, message: 'An error occurred while validating the file.' });
  });

  it('never decodes a file refused by its size or type', async () => {
    let decodes = 0;
    const counting = async () => {
      decodes++;
      return { source: {} as CanvasImageSource, width: 100, height: 100 };
    };
    expect(await validatePhoto(file(0, 'image/png'), counting)).toEqual({
      ok: false,
      message: photoMessages.empty,
    });
    expect(await validatePhoto(file(10, 'image/gif'), counting)).toEqual({
      ok: false,
      message: photoMessages.type,
    });
    expect(decodes).toBe(0);
  });

  it('refuses the decoded sides with their messages', async () => {
    expect(await validatePhoto(file(10, 'image/jpeg'), decoded(40, 40))).toEqual({
      ok: false,
      message: photoMessages.tooSmall,
    });
    expect(await validatePhoto(file(10, 'image/jpeg'), decoded(700, 400))).toEqual({
      ok: false,
      message: photoMessages.tooLarge,
    });
  });
});
