import { photoLimits, photoMediaTypes, photoMessages } from '@pca/contracts/profile-photo-rules.ts';

// The picked file's checks (docs/product/features.md#feature-validation), in the order the dialog applies
// them; the server checks the upload again (docs/decisions/024-profile-photo.md).

/** What the checks read of a picked file. */
export type PickedFile = Pick<File, 'size' | 'type'>;

/** Size and type, before anything is decoded: the message, or null when the file may be read. */
export function checkPhotoFile(file: PickedFile): string | null {
  if (file.size <= 0) return photoMessages.empty;
  if (file.size > photoLimits.maxBytes) return photoMessages.tooBig;
  if (!(photoMediaTypes as readonly string[]).includes(file.type)) return photoMessages.type;
  return null;
}

/** The decoded picture's sides: the message, or null when it may be cropped. */
export function checkPhotoDimensions({ width, height }: { width: number; height: number }) {
  if (!(width > 0) || !(height > 0)) return photoMessages.invalid;
  if (width <= photoLimits.minSideExclusive || height <= photoLimits.minSideExclusive)
    return photoMessages.tooSmall;
  if (height > photoLimits.maxHeight || width > photoLimits.maxWidth) return photoMessages.tooLarge;
  return null;
}

/** A decoded picture the cropper can draw. */
export type DecodedPhoto = { source: CanvasImageSource; width: number; height: number };

/** Decodes a picked file in the browser (throws when it is no picture the browser can read). */
export async function decodePhoto(file: Blob): Promise<DecodedPhoto> {
  const bitmap = await createImageBitmap(file);
  return { source: bitmap, width: bitmap.width, height: bitmap.height };
}

/** The outcome of validating a picked file. */
export type PhotoValidation = { ok: true; photo: DecodedPhoto } | { ok: false; message: string };

/**
 * Every check of a picked file: size, type, then the decoded sides. A file the browser cannot decode
 * (a text file named .png) says so in the specification's words.
 */
export async function validatePhoto(
  file: File,
  decode: (file: File) => Promise<DecodedPhoto> = decodePhoto,
): Promise<PhotoValidation> {
  const early = checkPhotoFile(file);
  if (early) return { ok: false, message: early };
  let photo: DecodedPhoto;
  try {
    photo = await decode(file);
  } catch {
    return { ok: false, message: photoMessages.validationFailed };
  }
  const sides = checkPhotoDimensions(photo);
  return sides ? { ok: false, message: sides } : { ok: true, photo };
}
