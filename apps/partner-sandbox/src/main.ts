/**
 * CLI entry of the development partner sandbox (`node --import tsx apps/partner-sandbox/src/main.ts`), started
 * by `npm start`. Reads SANDBOX_PORT (3004), PORTAL_URL, SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET,
 * SANDBOX_PARTNER_NAME and SANDBOX_PUBLIC_URL (its address for browsers; by default where it listens). Refuses
 * to start with NODE_ENV=production.
 */
import { portFrom, stopOnSignals } from '@pca/dev-services';
import { startPartnerSandbox } from './server.ts';

if (process.env['NODE_ENV'] === 'production') {
  console.error(
    'The partner sandbox is a development tool; it does not run with NODE_ENV=production.',
  );
  process.exit(1);
}
const need = (name: string) => {
  const value = process.env[name];
  if (!value) {
    console.error(`The partner sandbox needs ${name}.`);
    process.exit(1);
  }
  return value;
};

const running = await startPartnerSandbox({
  port: portFrom(process.env['SANDBOX_PORT'], 3004, 'SANDBOX_PORT'),
  portalUrl: need('PORTAL_URL'),
  clientId: need('SANDBOX_CLIENT_ID'),
  clientSecret: need('SANDBOX_CLIENT_SECRET'),
  partnerName: process.env['SANDBOX_PARTNER_NAME'] ?? 'MediFund Health Insurance',
  ...(process.env['SANDBOX_PUBLIC_URL'] ? { publicUrl: process.env['SANDBOX_PUBLIC_URL'] } : {}),
});
console.info(`Partner sandbox on ${running.url.replace('127.0.0.1', 'localhost')}/`);

stopOnSignals('partner sandbox', running.close);
