import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import {
  credentialDocumentLimits,
  credentialDocumentMessages as messages,
  credentialDocumentProblemTypes as problemTypes,
  type CredentialDocumentMediaType,
} from '@pca/contracts';
import { HttpError } from '#platform/errors.ts';

// What an uploaded credential document is, decided from its bytes as they stream past
// (docs/decisions/057-credential-documents.md): never its name or the Content-Type a client declared.

const slug = (type: string) => type.replace(/^\/problems\//, '');

/** A refused upload: a problem whose field error the page shows under the file. */
export class UploadRefused extends HttpError {
  constructor(status: number, type: string, detail: string) {
    super(status, status === 413 ? 'Payload too large' : 'Invalid request', detail, slug(type), [
      { field: 'file', message: detail },
    ]);
  }
}

export const refusals = {
  empty: () => new UploadRefused(400, problemTypes.empty, messages.fileEmpty),
  tooBig: () => new UploadRefused(413, problemTypes.tooBig, messages.fileTooBig),
  wrongType: () => new UploadRefused(415, problemTypes.fileType, messages.fileType),
  executable: () => new UploadRefused(415, problemTypes.fileType, messages.fileExecutable),
  script: () => new UploadRefused(422, problemTypes.unsafe, messages.fileScript),
  embedded: () => new UploadRefused(422, problemTypes.unsafe, messages.fileEmbedded),
  incomplete: () => new UploadRefused(400, problemTypes.incomplete, messages.fileIncomplete),
};

const bytes = (...values: number[]) => Buffer.from(values);
const ascii = (text: string) => Buffer.from(text, 'latin1');

/** The accepted formats' signatures. */
const formats: Array<{ type: CredentialDocumentMediaType; magic: Buffer }> = [
  { type: 'application/pdf', magic: ascii('%PDF-') },
  { type: 'image/png', magic: bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) },
  { type: 'image/jpeg', magic: bytes(0xff, 0xd8, 0xff) },
];

/** Programs whatever they are called: Windows PE, ELF, Mach-O (thin and fat), a script's shebang, WebAssembly. */
const programs = [
  ascii('MZ'),
  bytes(0x7f, 0x45, 0x4c, 0x46),
  bytes(0xfe, 0xed, 0xfa, 0xce),
  bytes(0xfe, 0xed, 0xfa, 0xcf),
  bytes(0xce, 0xfa, 0xed, 0xfe),
  bytes(0xcf, 0xfa, 0xed, 0xfe),
  bytes(0xca, 0xfe, 0xba, 0xbe),
  ascii('#!'),
  bytes(0x00, 0x61, 0x73, 0x6d),
];

/** Bytes enough to decide: the longest signature. */
const SNIFF_BYTES = 8;

/** What the first bytes are: an accepted type, a program, or something else. */
export function sniff(head: Buffer): CredentialDocumentMediaType | 'program' | null {
  for (const { type, magic } of formats)
    if (head.length >= magic.length && head.subarray(0, magic.length).equals(magic)) return type;
  // A byte-order mark or leading spaces before a shebang is still a script to a shell.
  const trimmed = head.subarray(head[0] === 0xef && head[1] === 0xbb ? 3 : 0);
  for (const magic of programs)
    if (trimmed.length >= magic.length && trimmed.subarray(0, magic.length).equals(magic))
      return 'program';
  return null;
}

/**
 * PDF names that make a document act when opened: JavaScript (an /OpenAction or /AA runs it through /JS),
 * launching a program, and files carried inside. Names are compared after their #xx escapes are decoded,
 * so /J#61vaScript is /JavaScript.
 */
const scriptNames = new Set(['JS', 'JavaScript']);
const embeddedNames = new Set(['EmbeddedFile', 'EmbeddedFiles', 'Launch']);
/** A PDF name: a solidus and regular characters (ISO 32000-1 §7.3.5), #xx escapes included. */
const NAME = /\/((?:[^\s/[\]()<>{}%\0]|#[0-9A-Fa-f]{2})+)/g;
/** Characters kept from one chunk for the next: a name cut at a chunk's end is read whole there. */
const CARRY = 256;

/** The first refusal a stretch of PDF text earns, ignoring a name that touches its end unless it is the last. */
export function scanPdfText(text: string, final: boolean): UploadRefused | null {
  for (const match of text.matchAll(NAME)) {
    if (!final && match.index + match[0].length === text.length) continue;
    const name = match[1]!.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    if (scriptNames.has(name)) return refusals.script();
    if (embeddedNames.has(name)) return refusals.embedded();
  }
  return null;
}

/** Whether the file's last bytes end it as its format requires (a cut-off upload does not). */
export function endsWhole(type: CredentialDocumentMediaType, tail: Buffer): boolean {
  switch (type) {
    case 'application/pdf':
      return tail.includes('%%EOF', 0, 'latin1');
    case 'image/png':
      // The IEND chunk: its type, then its CRC (always AE 42 60 82).
      return (
        tail.length >= 8 &&
        tail.subarray(tail.length - 8).equals(bytes(0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82))
      );
    case 'image/jpeg': {
      // The end-of-image marker, allowing the padding some writers add after it.
      let end = tail.length;
      while (
        end > 0 &&
        (tail[end - 1] === 0x00 || tail[end - 1] === 0x0a || tail[end - 1] === 0x0d)
      )
        end--;
      return end >= 2 && tail[end - 2] === 0xff && tail[end - 1] === 0xd9;
    }
  }
}

/** What the inspector found once the file has passed through whole. */
export interface Inspected {
  mediaType: CredentialDocumentMediaType;
  sizeBytes: number;
  sha256: string;
}

/** The inspector: a Transform that passes the bytes on unchanged, or fails with the refusal they earn. */
export interface Inspector extends Transform {
  /** Set once the stream has ended without a refusal. */
  result: Inspected | null;
}

/**
 * Inspects a file while it streams to storage: the first bytes decide its type (refused unless a PDF, PNG or
 * JPEG, and refused as a program when they are one); bytes are counted and the stream fails past the limit;
 * a PDF's text is scanned chunk by chunk, with the end of each chunk carried into the next so a name split
 * across two chunks is still found; and the last bytes must end the file as its format requires. Nothing is
 * held but the first 8 bytes, the carried text and the last 1 KB.
 */
export function inspector(maxBytes: number = credentialDocumentLimits.maxBytes): Inspector {
  const hash = createHash('sha256');
  let head = Buffer.alloc(0);
  let type: CredentialDocumentMediaType | null = null;
  let size = 0;
  let carry = '';
  let tail = Buffer.alloc(0);

  function decide(): UploadRefused | null {
    const found = sniff(head);
    if (found === 'program') return refusals.executable();
    if (found === null) return refusals.wrongType();
    type = found;
    return null;
  }

  function take(chunk: Buffer): UploadRefused | null {
    size += chunk.length;
    if (size > maxBytes) return refusals.tooBig();
    if (type === 'application/pdf') {
      const text = carry + chunk.toString('latin1');
      const refused = scanPdfText(text, false);
      if (refused) return refused;
      carry = text.slice(-CARRY);
    }
    hash.update(chunk);
    tail = Buffer.concat([tail, chunk]);
    if (tail.length > 1024) tail = tail.subarray(tail.length - 1024);
    return null;
  }

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (type === null) {
        head = Buffer.concat([head, chunk]);
        if (head.length < SNIFF_BYTES) return callback();
        const refused = decide() ?? take(head);
        const held = head;
        head = Buffer.alloc(0);
        return refused ? callback(refused) : callback(null, held);
      }
      const refused = take(chunk);
      return refused ? callback(refused) : callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      if (type === null) {
        if (head.length === 0) return callback(refusals.empty());
        const refused = decide() ?? take(head);
        if (refused) return callback(refused);
        this.push(head);
      }
      if (type === 'application/pdf') {
        const refused = scanPdfText(carry, true);
        if (refused) return callback(refused);
      }
      if (!endsWhole(type!, tail)) return callback(refusals.incomplete());
      (stream as Inspector).result = {
        mediaType: type!,
        sizeBytes: size,
        sha256: hash.digest('hex'),
      };
      callback();
    },
  }) as Inspector;
  stream.result = null;
  return stream;
}

/**
 * The name a download is given: the uploaded file's last path segment, without control or quoting
 * characters, at most 120 characters, and ending in the extension of the type found (a JPEG keeps .jpeg).
 */
export function safeFileName(given: string | undefined, type: CredentialDocumentMediaType) {
  const name = (given ?? '').split(/[\\/]/).pop()!;
  const extension =
    type === 'image/jpeg' && /\.jpeg$/i.test(name)
      ? '.jpeg'
      : { 'application/pdf': '.pdf', 'image/png': '.png', 'image/jpeg': '.jpg' }[type];
  const base = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"*:<>?|\\;]/g, '')
    .replace(/[\uD800-\uDFFF]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .slice(0, 120 - extension.length)
    .trim();
  return `${base || 'document'}${extension}`;
}
