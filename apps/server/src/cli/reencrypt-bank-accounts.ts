/**
 * `npm run bank-accounts:reencrypt`: re-encrypts every stored bank account under the current key
 * (docs/decisions/058-bank-account.md, docs/production.md#bank-account-keys). Rotate by adding the new key to
 * BANK_ACCOUNT_KEYS and naming it in BANK_ACCOUNT_KEY_ID (every API process), run this, then drop the old key.
 * Each row is rewritten in its own transaction, audited; running it again is harmless. Exits 0 when every row
 * is under the current key, 1 when some row did not decrypt (named; it is left as it was), 2 when the database
 * cannot be read. Honours `DATABASE_URL` / `DATA_DIR` (stop `npm start` first when using PGlite).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '#lib/config.ts';
import { createDatabase } from '#db/client.ts';
import { reencryptBankAccounts } from '#modules/bank-account/service.ts';

const config = loadConfig();
let handle: Awaited<ReturnType<typeof createDatabase>> | undefined;
try {
  // Opening PGlite on a missing directory would make an empty database there: refuse instead.
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'PG_VERSION')))
    throw new Error(`no PGlite database in ${config.dataDir}`);
  handle = await createDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, maxConnections: 1 }
      : { dataDir: config.dataDir },
  );
  const { reencrypted, unreadable } = await reencryptBankAccounts(
    handle.db,
    config.bankAccountKeys,
  );
  const key = config.bankAccountKeys.currentKeyId;
  console.info(`Bank accounts: ${reencrypted} re-encrypted under key "${key}".`);
  if (unreadable.length)
    console.info(
      [
        `${unreadable.length} did not decrypt with any configured key and were left as they were (practitioner ids):`,
        ...unreadable.map((id) => `  ${id}`),
      ].join('\n'),
    );
  process.exitCode = unreadable.length ? 1 : 0;
} catch (error) {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  console.error(
    `Bank accounts: the database could not be read (${cause instanceof Error ? cause.message : String(cause)}).`,
  );
  process.exitCode = 2;
} finally {
  await handle?.close();
}
