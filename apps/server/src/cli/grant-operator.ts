/**
 * `npm run operator:grant -- <RA number>`: makes the person with that RA number an operator (PcaOperator) of
 * the configured database, audited (docs/decisions/097-production-starts-empty.md). A production database
 * starts with no users; the first operator signs in once through the identity provider, then this gives their
 * account the role. Exits 0 when granted or already held, 1 when no user has that RA number or it is not one.
 * Honours `DATABASE_URL` / `DATA_DIR` (stop `npm start` first when using PGlite: one process owns its directory).
 */
import { loadConfig } from '#lib/config.ts';
import { createDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { usersService } from '#modules/users/service.ts';

const raNumber = process.argv[2]?.trim() ?? '';
if (!/^\d{10}$/.test(raNumber)) {
  console.error(
    'Give the RA number of the person to make an operator: npm run operator:grant -- 2000000077',
  );
  process.exit(1);
}
const config = loadConfig();
const handle = await createDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
try {
  await migrateDatabase(handle);
  const outcome = await usersService(handle.db).grantOperator(raNumber);
  const said = {
    granted: `RA number ${raNumber} is now an operator.`,
    'already-operator': `RA number ${raNumber} is an operator already.`,
    'no-user': `No user has RA number ${raNumber}. They sign in once first, then run this again.`,
  }[outcome];
  if (outcome === 'no-user') {
    console.error(said);
    process.exitCode = 1;
  } else console.info(said);
} finally {
  await handle.close();
}
