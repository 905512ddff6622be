/**
 * What the development services built on oidc-provider (apps/identity-provider, apps/clinical-system) share
 * for their own sign-in and consent pages: an HTML answer, a small form body, and a signing key made for the
 * run (docs/decisions/039-development-services.md). Node only; no app's code.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A form larger than this is refused: the pages post a few short fields. */
export const MAX_FORM_BYTES = 16 * 1024;

/** Answers a page of HTML, never cached (each carries a one-off interaction). */
export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(html);
}

/** Reads an `application/x-www-form-urlencoded` body of at most `maxBytes`; a larger one is cut and refused. */
export function readForm(
  req: IncomingMessage,
  maxBytes = MAX_FORM_BYTES,
): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(new Error('form too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

/** An RS256 signing key made for this run (ID tokens; nothing outlives the process). */
export function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), use: 'sig', alg: 'RS256' };
}
