import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

// RA numbers of the demo identities the businesses tests sign in as.
/** Demo identity Alice. */
export const ALICE = '2000000011';
/** Demo identity Ben. */
export const BEN = '2000000022';
/** Demo identity George. */
export const GEORGE = '2000000066';
/** Demo identity Priya. */
export const PRIYA = '2000000077';
/** Demo identity Isla. */
export const ISLA = '2000000099';
/** Demo identity Jack. */
export const JACK = '2000000101';

/**
 * One seeded test app for the calling test file (started before its tests, closed after them; the arguments
 * are createTestApp's: environment, and `onQuery` to see every statement sent), and
 * `as(raNumber)`: the bearer header of that demo identity, signed in once per file.
 */
export function useTestApp(...args: Parameters<typeof createTestApp>) {
  // Filled in by beforeAll: the tests only touch it once the app has started.
  const t = {} as TestApp;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    Object.assign(t, await createTestApp(...args));
  });
  afterAll(() => t.close?.());
  async function as(raNumber: string) {
    if (!tokens.has(raNumber)) tokens.set(raNumber, await t.tokenFor(raNumber));
    return t.bearer(tokens.get(raNumber)!);
  }
  return { t, as };
}
