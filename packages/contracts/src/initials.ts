// zod-free, so the design system's avatar can use the rule without loading the schemas.

/** Initials rule of docs/product/rules.md#entities: upper-case first letter of the (optional) given name plus the family name's. */
export function initialsOf(givenName: string | null | undefined, familyName: string): string {
  const first = (s: string | null | undefined) => (s?.trim()[0] ?? '').toUpperCase();
  return `${first(givenName)}${first(familyName)}`;
}
