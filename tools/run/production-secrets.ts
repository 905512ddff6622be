import { generateKeyPairSync } from 'node:crypto';

/**
 * The secrets an API process started with NODE_ENV=production refuses to start without (docs/production.md),
 * made for one test or benchmark run: keys for bank accounts (docs/decisions/058-bank-account.md) and the SMART
 * client key (docs/decisions/069-smart-app-launch.md). One place, so a secret production comes to require is
 * added once for every process the tests and benchmarks start.
 */
export function productionSecrets(label = 'test'): Record<string, string> {
  return {
    BANK_ACCOUNT_KEYS: `${label}:${Buffer.alloc(32, 7).toString('base64')}`,
    SMART_CLIENT_KEY: JSON.stringify(
      generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
    ),
  };
}
