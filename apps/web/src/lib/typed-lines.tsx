/**
 * Text a person typed in a multi-line field (a reason, a note), shown with the line breaks they typed: HTML folds
 * them into spaces, which ran a numbered list of corrections into one line.
 */
export function TypedLines({ children }: { children: string }) {
  return <span style={{ whiteSpace: 'pre-line' }}>{children}</span>;
}
