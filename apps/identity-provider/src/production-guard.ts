/** Why the development identity provider must not start in this environment, or null when it may start. */
export function productionRefusal(
  env: Readonly<Record<string, string | undefined>>,
): string | null {
  if ((env['NODE_ENV'] ?? '').trim().toLowerCase() === 'production') {
    return (
      'The development identity provider must never run in production (NODE_ENV=production). ' +
      'It signs anyone in by RA number without a password. Configure OIDC_ISSUER to point the portal ' +
      'at the real provider-login service instead.'
    );
  }
  return null;
}
