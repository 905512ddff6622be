/** A person's full name as the cards, the dialog and the header show it: given name then family name. */
export function fullName(person: { givenName: string; familyName: string }): string {
  return `${person.givenName} ${person.familyName}`.trim();
}
