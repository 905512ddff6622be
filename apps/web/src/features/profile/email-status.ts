/** What the profile's email field shows for the value being typed (docs/product/features.md#profile, rule 4.8). */
export interface EmailStatus {
  /** The field holds the stored address. */
  set: boolean;
  /** …and that address is verified. */
  verified: boolean;
}

/**
 * Editing the email so it differs from the stored one clears the set and verified indicators; restoring it
 * sets them again; clearing the field clears both. Addresses compare without case or surrounding spaces,
 * as the server compares them.
 */
export function emailStatus(stored: string | null, confirmed: boolean, typed: string): EmailStatus {
  const value = typed.trim().toLowerCase();
  if (!value || !stored) return { set: false, verified: false };
  const set = value === stored.trim().toLowerCase();
  return { set, verified: set && confirmed };
}

/**
 * A path to return to after saving, only within the portal (never another site). It is resolved as the
 * browser would follow it: browsers drop tabs and line breaks and read `\\` as `/`, so `/\t/evil.example`
 * leads to another site although it starts with a single `/`.
 */
export function safePreviousPath(
  previousPath: string | null,
  origin = window.location.origin,
): string | null {
  if (!previousPath?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(previousPath, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
