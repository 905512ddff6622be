/** Accordion header initials of docs/product/shell.md#practitioners: family-name initial, then given-name initial. */
export function headerInitials(givenName: string | null | undefined, familyName: string): string {
  const first = (s: string | null | undefined) => (s?.trim()[0] ?? '').toUpperCase();
  return `${first(familyName)}${first(givenName)}`;
}
