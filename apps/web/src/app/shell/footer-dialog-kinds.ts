/**
 * The footer's dialogs (docs/product/shell.md#layout), and the documents a person accepts by a tick, which
 * open the same way from `?showDialog=` (lib/documents.tsx) but have no footer link.
 */
export type FooterDialog =
  'privacy' | 'needHelp' | 'accessibility' | 'ipNotices' | 'termsOfUse' | 'participationAgreement';

/** Titles of the footer dialogs, also the footer's link texts. */
export const footerDialogTitles: Record<FooterDialog, string> = {
  privacy: 'Privacy',
  needHelp: 'Need Help',
  accessibility: 'Accessibility',
  ipNotices: 'IP Notices',
  termsOfUse: 'Terms of use',
  participationAgreement: 'Participation agreement',
};

/** The `showDialog` query values that open a footer dialog (privacy routes redirect with one). */
export function footerDialogFromQuery(value: string | null): FooterDialog | null {
  return value !== null && value in footerDialogTitles ? (value as FooterDialog) : null;
}
