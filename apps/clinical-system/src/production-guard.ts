/** Why the clinical-system stand-in must not start in this environment, or null when it may start. */
export function productionRefusal(
  env: Readonly<Record<string, string | undefined>>,
): string | null {
  if ((env['NODE_ENV'] ?? '').trim().toLowerCase() === 'production')
    return (
      'The clinical-system stand-in is a development tool and does not run with NODE_ENV=production: ' +
      'it signs practice staff in without a password. Connect the portal to the practice’s real clinical system instead.'
    );
  return null;
}
