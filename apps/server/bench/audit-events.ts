/**
 * `npm run bench:audit`: the audit-events page and its CSV with 1,000,000 audit rows (issue 32's budget: a
 * filtered page p99 ≤ 50 ms on PostgreSQL). Prepares the database once — the demo world plus a million
 * events (db/seed/performance-audit.ts), about 80,000 of them in Alice's trail (hers, Ben's for her, and
 * her four Harbour organisations') — prints the plans (EXPLAIN ANALYZE) of the page statements and the SQL
 * statements each request sends, then measures each call beside a bare Fastify route in the same run.
 * Runs on PostgreSQL when DATABASE_URL is set, else on PGlite at BENCH_DATA_DIR.
 * Environment: DATABASE_URL, BENCH_DATA_DIR (default <tmp>/pca-bench-audit), BENCH_SECONDS (5),
 * BENCH_CONNECTIONS (1).
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { auditEventsApiPaths, type AuditEventsPage } from '@pca/contracts';
import { createDatabase, type CreateDatabaseOptions } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { demoIds, isDatabaseEmpty, seedDemoWorld } from '#db/seed/index.ts';
import { seedAuditEvents } from '#db/seed/performance-audit.ts';
import { startBenchApi } from './bench-api.ts';
import { measureApi } from './measure-api.ts';

const COUNT = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'pca-bench-audit');
const databaseUrl = process.env.DATABASE_URL;

/** The calls measured, by the API's address; `cursor` is a place deep in Alice's trail. */
function scenarioUrls(address: string, cursor: string) {
  const list = `${address}${auditEventsApiPaths.list}`;
  const csv = `${address}${auditEventsApiPaths.csv}`;
  const ben = demoIds.user('ben');
  return [
    { name: 'page 1, no filter', url: list },
    {
      name: 'filtered: entity + 6 months',
      url: `${list}?entity=location&from=2025-11-01&to=2026-04-30`,
    },
    { name: 'filtered: actor (Ben)', url: `${list}?actor=${ben}` },
    { name: 'filtered: entity, deep cursor', url: `${list}?entity=organisation&cursor=${cursor}` },
    {
      name: 'filtered: one quiet day',
      url: `${list}?from=2025-06-14&to=2025-06-14&entity=account`,
    },
    { name: 'CSV: entity + 1 month', url: `${csv}?entity=location&from=2026-03-01&to=2026-03-31` },
  ];
}

async function bench(label: string, options: CreateDatabaseOptions) {
  let statements = 0;
  const handle = await createDatabase({ ...options, onQuery: () => void statements++ });
  await migrateDatabase(handle);
  if (await isDatabaseEmpty(handle.db)) await seedDemoWorld(handle.db);
  const started = performance.now();
  const added = await seedAuditEvents(handle.db, COUNT);
  if (added) {
    // Fresh planner statistics and visibility map (PGlite has no autovacuum; PostgreSQL's may lag).
    await handle.db.execute(sql`vacuum analyze audit_events`);
    console.info(`Seeded ${added} audit events in ${Math.round(performance.now() - started)} ms`);
  }
  const [{ n: rows } = { n: 0 }] = (
    (await handle.db.execute(sql`select count(*)::int as n from audit_events`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;

  // A cursor half-way down Alice's trail, and each request's statements, through the API itself.
  const api = await startBenchApi(handle.db, { RATE_LIMITS: 'false' });
  const address = await api.app.listen({ host: '127.0.0.1', port: 0 });
  const token = await api.signIn('2000000011');
  const headers = { authorization: `Bearer ${token}` };
  let cursor: string | null = null;
  for (let i = 0; i < 200 && i >= 0; i++) {
    const page = (await (
      await fetch(
        `${address}${auditEventsApiPaths.list}?entity=organisation&pageSize=100${cursor ? `&cursor=${cursor}` : ''}`,
        { headers },
      )
    ).json()) as AuditEventsPage;
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  const counts = [];
  for (const s of scenarioUrls(address, cursor!)) {
    await (await fetch(s.url, { headers })).arrayBuffer();
    const before = statements;
    const res = await fetch(s.url, { headers });
    const bytes = (await res.arrayBuffer()).byteLength;
    counts.push({
      scenario: s.name,
      status: res.status,
      bytes,
      'SQL statements': statements - before,
    });
  }
  console.info(`\nSQL statements per request on ${label} (session read from the request cache):`);
  console.table(counts);

  // Alice's whole trail as one CSV, read as it arrives: its time, size, and how far the heap grew
  // (batches of 500 rows: the file is never held whole).
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 5);
  const before = statements;
  const startedCsv = performance.now();
  const whole = await fetch(`${address}${auditEventsApiPaths.csv}`, { headers });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of whole.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 10) lines++;
  }
  clearInterval(sampler);
  console.info(
    `\nCSV of Alice's whole trail: ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${Math.round(performance.now() - startedCsv)} ms, ` +
      `${statements - before} SQL statements, heap grew at most ${((heapPeak - heapBefore) / 1e6).toFixed(1)} MB (server and client share this process)`,
  );
  await api.close();

  // The plan of the filtered page's statement, as the repository builds it (6 branches for Alice).
  const plan = (await handle.db.execute(sql`explain (analyze, buffers, costs off)
    select * from (
      (select e.* from audit_events e where e.actor_user_id = ${demoIds.user('alice')}::uuid
        and e.entity_type = 'Location' and e.at >= '2025-10-31T13:00:00Z' and e.at < '2026-04-30T14:00:00Z'
        order by e.at desc, e.id desc limit 21)
      union all
      (select e.* from audit_events e where e.organisation_id = ${demoIds.organisation('harbour-group')}::uuid
        and e.actor_user_id is distinct from ${demoIds.user('alice')}::uuid
        and e.entity_type = 'Location' and e.at >= '2025-10-31T13:00:00Z' and e.at < '2026-04-30T14:00:00Z'
        order by e.at desc, e.id desc limit 21)
    ) u order by u.at desc, u.id desc limit 21`)) as unknown as { rows: Record<string, string>[] };
  console.info(
    `\nPlan, two of the filtered page's branches:\n${plan.rows.map((r) => `  ${Object.values(r)[0]}`).join('\n')}`,
  );

  try {
    await measureApi(handle.db, {
      title: `\nAudit events API on ${label}, ${rows.toLocaleString('en-AU')} audit rows`,
      scenarios: (apiAddress) => scenarioUrls(apiAddress, cursor!),
    });
  } finally {
    await handle.close();
  }
}

if (databaseUrl) await bench('PostgreSQL', { databaseUrl });
else await bench(`PGlite at ${dataDir}`, { dataDir });
