/**
 * `npm run bench:delegations`: the delegates list API with 1,000 delegations for one practitioner.
 * Prepares a PGlite data directory with the demo world plus 1,000 delegations of Alice's (reused on later
 * runs), and measures each page as Alice beside a bare Fastify route (measure-api.ts).
 * Environment: BENCH_DATA_DIR (default <tmp>/pca-bench-delegations), BENCH_SECONDS (5), BENCH_CONNECTIONS (1).
 */
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { delegationApiPaths, delegationStatuses } from '@pca/contracts';
import { createDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { delegations } from '#db/schema/index.ts';
import { demoIds, isDatabaseEmpty, seedDemoWorld } from '#db/seed/index.ts';
import { measureApi } from './measure-api.ts';

const COUNT = 1_000;
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'pca-bench-delegations');
const marker = path.join(dataDir, 'delegations-seeded');

const handle = await createDatabase({ dataDir });
await migrateDatabase(handle);
if (!existsSync(marker)) {
  if (await isDatabaseEmpty(handle.db)) await seedDemoWorld(handle.db);
  // 1,000 delegations of Alice's over distinct RA numbers, statuses spread as a long history would have them.
  const practitionerId = demoIds.practitioner('alice');
  const rows = Array.from({ length: COUNT }, (_, n) => ({
    practitionerId,
    raNumber: String(3_000_000_000 + n),
    givenName: `Delegate${n}`,
    familyName: `Bench${n % 97}`,
    email: `delegate${n}@bench.example.com`,
    status: delegationStatuses[n % delegationStatuses.length]!,
    lastUpdated: new Date(Date.UTC(2026, 0, 1) + n * 3_600_000),
  }));
  for (let i = 0; i < rows.length; i += 250)
    await handle.db.insert(delegations).values(rows.slice(i, i + 250));
  await handle.db.execute(sql`analyze`);
  writeFileSync(marker, new Date().toISOString());
  console.info(`Seeded ${COUNT} delegations for Alice`);
}

try {
  await measureApi(handle.db, {
    title: `Delegates list API over ${COUNT + 3} delegations, PGlite at ${dataDir}`,
    scenarios: (address) => {
      const list = `${address}${delegationApiPaths.list}`;
      return [
        { name: 'delegates list, page 1', url: list },
        { name: 'delegates list, last page', url: `${list}?page=${Math.ceil((COUNT + 3) / 10)}` },
        { name: 'delegates list, Invited only', url: `${list}?status=Invited` },
      ];
    },
  });
} finally {
  await handle.close();
}
