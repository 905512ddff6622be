import { generateKeyPairSync } from 'node:crypto';

/**
 * The secrets an API process started with NODE_ENV=production refuses to start without (docs/production.md),
 * made for one test or benchmark run: keys for bank accounts (docs/decisions/058-bank-account.md), the SMART
 * client key (docs/decisions/069-smart-app-launch.md) and the partner tokens' key
 * (docs/decisions/030-publishing-to-partners.md). One place, so a secret production comes to require is
 * added once for every process the tests and benchmarks start. PUBLIC_URL and DATABASE_URL, also required,
 * are each caller's: its own address and database.
 */
export function productionSecrets(label = 'test'): Record<string, string> {
  const ecKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  return {
    BANK_ACCOUNT_KEYS: `${label}:${Buffer.alloc(32, 7).toString('base64')}`,
    SMART_CLIENT_KEY: JSON.stringify(ecKey().export({ format: 'jwk' })),
    PARTNER_TOKEN_PRIVATE_KEY: ecKey().export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
