/**
 * `npm run bench:delegations`: the delegates list API with 1,000 delegations for one practitioner.
 * Prepares a PGlite data directory with the demo world plus 1,000 delegations of Alice's (reused on later
 * runs), starts the API and the development identity provider in-process on loopback, signs in as Alice,
 * and measures each page with autocannon for a bounded time, beside a bare Fastify route in the same run.
 * Environment: BENCH_DATA_DIR (default <tmp>/pca-bench-delegations), BENCH_SECONDS (5), BENCH_CONNECTIONS (1).
 */
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { delegationApiPaths, delegationStatuses } from '@pca/contracts';
import { createDatabase } from '#db/client.ts';
import { startBenchApi } from './bench-api.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { delegations } from '#db/schema/index.ts';
import { demoIds, isDatabaseEmpty, seedDemoWorld } from '#db/seed/index.ts';

const COUNT = 1_000;
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'pca-bench-delegations');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 1);
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

const api = await startBenchApi(handle.db, { RATE_LIMITS: 'false' });
const app = api.app;

// The bare baseline: the same machine, the same load tool, a route that does nothing.
const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));

try {
  const token = await api.signIn('2000000011');
  const headers = { authorization: `Bearer ${token}` };

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const bareAddress = await bare.listen({ host: '127.0.0.1', port: 0 });
  const list = `${address}${delegationApiPaths.list}`;
  const scenarios = [
    { name: 'bare Fastify route', url: `${bareAddress}/bare`, headers: {} },
    { name: 'delegates list, page 1', url: list, headers },
    {
      name: 'delegates list, last page',
      url: `${list}?page=${Math.ceil((COUNT + 3) / 10)}`,
      headers,
    },
    { name: 'delegates list, Invited only', url: `${list}?status=Invited`, headers },
  ];
  console.info(
    `Delegates list API over ${COUNT + 3} delegations, ${seconds} s per scenario, ${connections} connection(s), PGlite at ${dataDir}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const rows = [];
  let bareRate = 0;
  for (const scenario of scenarios) {
    for (let i = 0; i < 20; i++) await fetch(scenario.url, { headers: scenario.headers });
    const result = await autocannon({
      url: scenario.url,
      connections,
      duration: seconds,
      headers: scenario.headers,
    });
    if (result.non2xx || result.errors)
      throw new Error(`${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    const rate = result.requests.average;
    if (!bareRate) bareRate = rate;
    rows.push({
      scenario: scenario.name,
      requests: result.requests.total,
      'req/s': Math.round(rate),
      'of bare': `${((rate / bareRate) * 100).toFixed(1)} %`,
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
    });
  }
  console.table(rows);
} finally {
  await api.close();
  await bare.close();
  await handle.close();
}
