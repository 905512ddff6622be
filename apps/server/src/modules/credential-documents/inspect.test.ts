import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { craftPdf } from '../../test/multipart.ts';
import { inspector, safeFileName, scanPdfText, sniff, UploadRefused } from './inspect.ts';

/** Streams `data` through a fresh inspector in chunks of `size` bytes. */
async function inspect(data: Buffer, size: number, max?: number) {
  const chunks = Array.from({ length: Math.ceil(data.length / size) }, (_, i) =>
    data.subarray(i * size, (i + 1) * size),
  );
  const stream = inspector(max);
  const out = buffer(Readable.from(chunks).pipe(stream));
  const body = await new Promise<Buffer>((resolve, reject) => {
    stream.once('error', reject);
    out.then(resolve, reject);
  });
  return { body, result: stream.result };
}

describe('the upload inspector', () => {
  it('passes a PDF through unchanged, whatever the chunk size, with its type, size and digest', async () => {
    const pdf = craftPdf();
    for (const size of [1, 3, 7, 64, 4096]) {
      const { body, result } = await inspect(pdf, size);
      expect(body.equals(pdf)).toBe(true);
      expect(result).toMatchObject({ mediaType: 'application/pdf', sizeBytes: pdf.length });
      expect(result!.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('finds /JavaScript split across chunk boundaries at every offset', async () => {
    const pdf = craftPdf('x', '6 0 obj\n<< /S /JavaScript /JS (1) >>\nendobj\n');
    const at = pdf.indexOf('/JavaScript');
    for (let cut = at - 1; cut <= at + 11; cut++) {
      const stream = inspector();
      const done = new Promise((_, reject) => stream.once('error', reject));
      stream.resume();
      stream.write(pdf.subarray(0, cut));
      stream.end(pdf.subarray(cut));
      await expect(done).rejects.toBeInstanceOf(UploadRefused);
    }
  });

  it('does not take /JSON or /JavaScriptish names for script, nor a name cut at a chunk end', () => {
    expect(scanPdfText('<< /JSON 1 /JavaScriptish 2 >>', true)).toBeNull();
    expect(scanPdfText('<< /JS', false)).toBeNull();
    expect(scanPdfText('<< /JS', true)).toBeInstanceOf(UploadRefused);
    expect(scanPdfText('<< /#4A#53 (x) >>', true)).toBeInstanceOf(UploadRefused);
  });

  it('knows the formats and programs by their first bytes', () => {
    expect(sniff(Buffer.from('%PDF-1.7'))).toBe('application/pdf');
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniff(Buffer.from('MZ'))).toBe('program');
    expect(sniff(Buffer.from([0xef, 0xbb, 0xbf, 0x23, 0x21]))).toBe('program');
    expect(sniff(Buffer.from('<html>'))).toBeNull();
  });

  it('counts past the limit and refuses', async () => {
    await expect(inspect(craftPdf(), 100, 500)).rejects.toMatchObject({ status: 413 });
  });

  it('names downloads safely', () => {
    expect(safeFileName('C:\\fakepath\\My "cert".PDF', 'application/pdf')).toBe('My cert.pdf');
    expect(safeFileName('evil.exe', 'image/png')).toBe('evil.png');
    expect(safeFileName('', 'image/jpeg')).toBe('document.jpg');
    expect(safeFileName('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
    expect(safeFileName(`${'a'.repeat(300)}.pdf`, 'application/pdf')).toHaveLength(120);
  });
});
