import sharp, { type Metadata } from 'sharp';
import { photoLimits, photoMessages } from '@pca/contracts';
import { HttpError } from '#platform/errors.ts';

// The image pipeline of the profile photo (docs/decisions/024-profile-photo.md), shared with partner services'
// logos (docs/decisions/064-partner-services.md): the server checks every upload again, whatever the SPA
// checked, and stores only what it re-encoded itself.

/** Problem types of a refused photo (stable: the SPA and the journeys read them). */
export const photoProblems = {
  empty: 'photo-empty',
  tooBig: 'photo-too-big',
  type: 'photo-type',
  invalid: 'photo-invalid',
  dimensions: 'photo-dimensions',
} as const;

/** The most pixels a photo may declare: the largest picture the rules allow (636 × 336). */
export const photoMaxPixels = photoLimits.maxWidth * photoLimits.maxHeight;

/**
 * The smallest side the server accepts. The rule for a picked file is "more than 48" (the SPA applies
 * it), but what arrives is the cropper's output, whose selection may be exactly 48 × 48 and which is only
 * ever scaled down: refusing 48 here would refuse the smallest crop the dialog allows.
 */
export const photoMinSide = photoLimits.cropMinSide;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** The image format by its first bytes (never by a file name or a Content-Type header). */
export function sniffPhotoFormat(body: Buffer): 'png' | 'jpeg' | null {
  if (body.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  if (body.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'jpeg';
  return null;
}

const refused = (status: number, type: string, detail: string, cause?: unknown) =>
  new HttpError(
    status,
    status === 413
      ? 'Request body too large'
      : status === 415
        ? 'Unsupported media type'
        : 'Invalid photo',
    detail,
    type,
    undefined,
    cause === undefined ? undefined : { cause },
  );

/** 413 for a body past 5 MB, in the wording the dialog uses. */
export const photoTooBig = () => refused(413, photoProblems.tooBig, photoMessages.tooBig);
/** 415 for anything that is not a PNG or a JPEG. */
export const photoWrongType = () => refused(415, photoProblems.type, photoMessages.type);

/**
 * Checks an uploaded photo and re-encodes it as the stored 160 × 160 PNG. In order, each refusal a
 * problem: a body at all, at most 5 MB, a PNG or JPEG by its magic bytes, then the header only — a
 * picture declaring more pixels than the largest allowed is refused before a single pixel is decoded (a
 * small file can declare 50,000 × 50,000) — then the sides, and only then the decode. The output is a
 * new image: metadata (EXIF, GPS, ICC profile, text chunks) is never copied across.
 */
export async function processPhoto(body: Buffer): Promise<Buffer> {
  if (body.length === 0) throw refused(400, photoProblems.empty, photoMessages.empty);
  if (body.length > photoLimits.maxBytes) throw photoTooBig();
  const format = sniffPhotoFormat(body);
  if (!format) throw photoWrongType();

  // sharp reads only the header for metadata(), and refuses there when the declared pixels exceed the limit.
  const input = { limitInputPixels: photoMaxPixels, failOn: 'error' } as const;
  let meta: Metadata;
  try {
    meta = await sharp(body, input).metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw refused(400, photoProblems.dimensions, photoMessages.tooLarge, error);
    throw refused(400, photoProblems.invalid, photoMessages.invalid, error);
  }
  // A PNG signature in front of a JPEG (or the reverse) is not an image we understand.
  if (meta.format !== format) throw refused(400, photoProblems.invalid, photoMessages.invalid);
  // Orientations 5–8 turn the picture a quarter: its sides as shown are the header's, swapped.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  if (width <= 0 || height <= 0) throw refused(400, photoProblems.invalid, photoMessages.invalid);
  if (width < photoMinSide || height < photoMinSide)
    throw refused(400, photoProblems.dimensions, photoMessages.tooSmall);
  if (width > photoLimits.maxWidth || height > photoLimits.maxHeight)
    throw refused(400, photoProblems.dimensions, photoMessages.tooLarge);

  try {
    return await sharp(body, input)
      .rotate() // upright by its EXIF orientation, before that metadata is dropped
      .resize(photoLimits.outputSide, photoLimits.outputSide, { fit: 'cover' })
      .png()
      .toBuffer();
  } catch (error) {
    throw refused(400, photoProblems.invalid, photoMessages.invalid, error);
  }
}

/** The stored form of a photo: a data URL, which every avatar shows as it is. */
export const photoDataOf = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
