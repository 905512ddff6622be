/** The footer's dialogs (docs/product/shell.md#layout). */
export type FooterDialog = 'privacy' | 'needHelp' | 'accessibility' | 'ipNotices';

/** Titles of the footer dialogs, also the footer's link texts. */
export const footerDialogTitles: Record<FooterDialog, string> = {
  privacy: 'Privacy',
  needHelp: 'Need help',
  accessibility: 'Accessibility',
  ipNotices: 'IP notices',
};

/** The `showDialog` query values that open a footer dialog (privacy routes redirect with one). */
export function footerDialogFromQuery(value: string | null): FooterDialog | null {
  return value !== null && value in footerDialogTitles ? (value as FooterDialog) : null;
}
