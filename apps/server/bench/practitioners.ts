/**
 * `npm run bench:practitioners`: the Practitioners API at a large organisation's scale.
 * Prepares a PGlite data directory with the demo world plus the performance dataset (10,000 roles over
 * 2,000 practitioners; reused on later runs), starts the API and the development identity provider
 * in-process on loopback, signs in as Alice, and measures each scenario with autocannon for a bounded time.
 * Environment: BENCH_DATA_DIR (default <tmp>/pca-bench-practitioners), BENCH_SECONDS (5), BENCH_CONNECTIONS (1).
 */
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { practitionerApiPaths } from '@pca/contracts';
import { createDatabase } from '#db/client.ts';
import { startBenchApi } from './bench-api.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { demoIds, isDatabaseEmpty, seedDemoWorld } from '#db/seed/index.ts';
import {
  PERFORMANCE_ORGANISATION_KEY,
  seedPerformanceDataset,
} from '#db/seed/performance-dataset.ts';

const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'pca-bench-practitioners');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 1);
const marker = path.join(dataDir, 'performance-seeded');

const handle = await createDatabase({ dataDir });
await migrateDatabase(handle);
if (!existsSync(marker)) {
  const started = performance.now();
  if (await isDatabaseEmpty(handle.db)) await seedDemoWorld(handle.db);
  const seeded = await seedPerformanceDataset(handle.db);
  // Fresh planner statistics, as `npm run seed:performance` leaves them (PGlite has no autovacuum).
  await handle.db.execute(sql`analyze`);
  writeFileSync(marker, new Date().toISOString());
  console.info(
    `Seeded ${seeded.roles} roles over ${seeded.practitioners} practitioners in ${Math.round(performance.now() - started)} ms`,
  );
}

const api = await startBenchApi(handle.db, {});
const app = api.app;

try {
  // Sign in as Alice (OrganisationManager of the benchmark organisation) exactly as the browser does.
  const token = await api.signIn('2000000011');

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `${address}${practitionerApiPaths.serviceOfferings}`;
  const metro = demoIds.organisation(PERFORMANCE_ORGANISATION_KEY);
  const scenarios = [
    { name: 'unfiltered', query: '' },
    { name: 'name filter', query: '?name=smi' },
    { name: 'organisation filter', query: `?organisationId=${metro}` },
    {
      name: 'organisation + name + active',
      query: `?organisationId=${metro}&name=an&isActive=true`,
    },
  ];
  console.info(
    `Practitioners API, ${seconds} s per scenario, ${connections} connection(s), PGlite at ${dataDir}`,
  );
  const rows = [];
  for (const scenario of scenarios) {
    const url = base + scenario.query;
    // Warm-up requests, so the samples measure the steady state rather than JIT compilation and caches filling.
    for (let i = 0; i < 20; i++)
      await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const result = await autocannon({
      url,
      connections,
      duration: seconds,
      headers: { authorization: `Bearer ${token}` },
    });
    if (result.non2xx || result.errors)
      throw new Error(`${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    rows.push({
      scenario: scenario.name,
      requests: result.requests.total,
      'req/s': Math.round(result.requests.average),
      // The minimum shows the uncontended cost when other work shares the machine's cores.
      'min ms': result.latency.min,
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
    });
  }
  console.table(rows);
} finally {
  await api.close();
  await handle.close();
}
