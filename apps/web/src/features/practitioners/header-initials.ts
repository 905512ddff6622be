/** Accordion header initials of spec 1 §2.7: family-name initial, then given-name initial. */
export function headerInitials(givenName: string | null | undefined, familyName: string): string {
  const first = (s: string | null | undefined) => (s?.trim()[0] ?? '').toUpperCase();
  return `${first(familyName)}${first(givenName)}`;
}
