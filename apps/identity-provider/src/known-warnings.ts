/**
 * oidc-provider prints two warnings at start-up that do not apply to this development stand-in, and a
 * newcomer reads them as "broken". Exactly these two are held back (matched as whole messages, so any
 * other warning still prints) and `main.ts` prints {@link KNOWN_WARNINGS_NOTE} instead:
 * - "Unsupported runtime": oidc-provider 9 asks for Node.js 22; the project supports Node.js 20.19+,
 *   where this provider's tests (identity-provider.test.ts, and every API test that signs in) pass. It
 *   never runs in production (production-guard.ts), so its runtime is the developer's.
 * - "in-memory adapter": sign-ins are kept in memory on purpose. Its signing and cookie keys are made
 *   anew by each process (create-provider.ts), so stored sessions could not outlive a restart anyway,
 *   and only one instance runs (see the README).
 */
export const KNOWN_WARNINGS = [
  'oidc-provider WARNING: Unsupported runtime. Use Node.js v22.x LTS, or a later LTS release.',
  'oidc-provider WARNING: a quick start development-only in-memory adapter is used, you MUST change' +
    ' it in order to not lose all stateful provider data upon restart and to be able to share these' +
    ' between processes',
] as const;

/** The one line printed in their place (by the CLI, when they were held back). */
export const KNOWN_WARNINGS_NOTE =
  "oidc-provider's warnings about Node.js 22 and its in-memory store were held back: they do not" +
  ' apply to this development-only stand-in (apps/identity-provider/README.md).';

// oidc-provider colours its warnings on a terminal.
// eslint-disable-next-line no-control-regex
const ansi = /\x1b\[[0-9;]*m/g;

const heldBack = new Set<string>();

/** Which known warnings have been held back in this process. */
export const heldBackWarnings = (): readonly string[] => [...heldBack];

/** console.warn as given, except that exactly the known warnings are held back. */
function filtered(warn: typeof console.warn): typeof console.warn {
  return (...args: unknown[]) => {
    const text = args.length === 1 && typeof args[0] === 'string' ? args[0].replace(ansi, '') : '';
    if ((KNOWN_WARNINGS as readonly string[]).includes(text)) heldBack.add(text);
    else warn.apply(console, args);
  };
}

/** Runs `fn` with the known warnings held back; console.warn is restored when `fn` settles. */
export async function withoutKnownWarnings<T>(fn: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = filtered(warn);
  try {
    return await fn();
  } finally {
    console.warn = warn;
  }
}

/** {@link withoutKnownWarnings} for synchronous work (the provider's constructor). */
export function withoutKnownWarningsSync<T>(fn: () => T): T {
  const warn = console.warn;
  console.warn = filtered(warn);
  try {
    return fn();
  } finally {
    console.warn = warn;
  }
}
