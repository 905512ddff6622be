/** Why the mail catcher must not start in this environment, or null when it may start. */
export function productionRefusal(
  env: Readonly<Record<string, string | undefined>>,
): string | null {
  if ((env['NODE_ENV'] ?? '').trim().toLowerCase() === 'production') {
    return (
      'The development mail catcher must never run in production (NODE_ENV=production). ' +
      'It swallows every message it is sent. Point SMTP_URL at a real mail relay instead.'
    );
  }
  return null;
}
