import type { DecodedPhoto } from './photo-validation.ts';
import { outputSide, type Selection } from './crop-geometry.ts';

/**
 * Draws the selection into a PNG of at most 160 × 160 pixels, only ever scaling down (docs/product/
 * features.md#feature-validation); the server accepts a side of 48 and re-encodes it
 * (docs/decisions/024-profile-photo.md). Throws when the browser cannot draw or encode it.
 */
export async function cropPhoto(photo: DecodedPhoto, selection: Selection): Promise<Blob> {
  const side = outputSide(selection);
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(
    photo.source,
    selection.x,
    selection.y,
    selection.side,
    selection.side,
    0,
    0,
    side,
    side,
  );
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The crop could not be encoded'))),
      'image/png',
    ),
  );
}
