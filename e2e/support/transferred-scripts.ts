import type { Page, Response } from '@playwright/test';

/** One script a page load fetched: what crossed the network for it and how it was encoded. */
export interface TransferredScript {
  /** Response headers plus the body as sent (compressed), in bytes. */
  bytes: number;
  /** The body as sent, in bytes. */
  bodyBytes: number;
  /** The response's content-encoding (br or gzip when compressed), or null. */
  encoding: string | null;
}

/**
 * JavaScript of the bare Vite + React + React Router page, as transferred (brotli), measured by
 * `npm run lighthouse` on 23 November 2026. The budgets are set against it
 * (docs/decisions/006-signed-out-javascript-budget.md).
 */
export const BARE_PAGE_SCRIPT_BYTES = 82.7 * 1024;

const isScript = (response: Response) =>
  response.request().resourceType() === 'script' ||
  new URL(response.url()).pathname.endsWith('.js');

/**
 * Runs `load` on an empty HTTP cache and returns every script it fetched, by URL, with the bytes the
 * browser's network log says were transferred — not a size computed offline, which would count a
 * compression the server might not send.
 */
export async function transferredScripts(
  page: Page,
  load: () => Promise<unknown>,
): Promise<Map<string, TransferredScript>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const responses: Response[] = [];
  const listener = (response: Response) => {
    if (isScript(response)) responses.push(response);
  };
  page.on('response', listener);
  try {
    await load();
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', listener);
  }
  const scripts = new Map<string, TransferredScript>();
  for (const response of responses) {
    const sizes = await response.request().sizes();
    scripts.set(response.url(), {
      bytes: sizes.responseHeadersSize + sizes.responseBodySize,
      bodyBytes: sizes.responseBodySize,
      encoding: (await response.headerValue('content-encoding')) ?? null,
    });
  }
  return scripts;
}

/** Sum of the transferred bytes. */
export const totalBytes = (scripts: Iterable<TransferredScript>) =>
  [...scripts].reduce((sum, s) => sum + s.bytes, 0);

/**
 * Below this the build writes no compressed copy (apps/web/build/precompress.ts): compressing saves less
 * than the headers cost.
 */
const COMPRESSION_THRESHOLD_BYTES = 1024;

/** URLs of scripts worth compressing that travelled uncompressed (neither brotli nor gzip). */
export const uncompressed = (scripts: Map<string, TransferredScript>) =>
  [...scripts]
    .filter(
      ([, s]) =>
        s.encoding !== 'br' && s.encoding !== 'gzip' && s.bodyBytes >= COMPRESSION_THRESHOLD_BYTES,
    )
    .map(([url]) => url);
