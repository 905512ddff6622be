import { crc32, deflateSync } from 'node:zlib';

/** One PNG chunk: length, type, data and the CRC of type and data. */
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A PNG built byte by byte, synchronously (no image library): an 8-bit RGB picture of `width` × `height`
 * whose header says what it is. With `declared`, the header claims other sides than the pixel data has —
 * a decompression bomb's trick (a few bytes declaring 50,000 × 50,000).
 */
export function craftPng(
  width: number,
  height: number,
  options: { declared?: { width: number; height: number }; fill?: number } = {},
) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(options.declared?.width ?? width, 0);
  header.writeUInt32BE(options.declared?.height ?? height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  // Each row: filter byte 0, then three bytes a pixel.
  const rows = Buffer.alloc((1 + width * 3) * height, options.fill ?? 0x80);
  for (let y = 0; y < height; y++) rows[y * (1 + width * 3)] = 0;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
