/**
 * `npm run bench:users`: the operator's user search with 1,000,000 users (issue 33's budget: a name search
 * p99 ≤ 50 ms on PostgreSQL and ≤ 150 ms on PGlite, one connection). Prepares the database once — the demo
 * world plus a million users (db/seed/performance-users.ts) — prints the plan (EXPLAIN ANALYZE) of the
 * name search and the SQL statements each request sends, then measures each call beside a bare Fastify
 * route in the same run. Runs on PostgreSQL when DATABASE_URL is set, else on PGlite at BENCH_DATA_DIR.
 * Environment: DATABASE_URL, BENCH_DATA_DIR (default <tmp>/pca-bench-users), BENCH_SECONDS (5),
 * BENCH_CONNECTIONS (1), BENCH_USERS (1,000,000).
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { usersApiPaths } from '@pca/contracts';
import { createDatabase, type CreateDatabaseOptions } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { usersSearchText } from '#db/schema/index.ts';
import { demoIds, isDatabaseEmpty, seedDemoWorld } from '#db/seed/index.ts';
import { seedUsers } from '#db/seed/performance-users.ts';
import { startBenchApi } from './bench-api.ts';
import { measureApi } from './measure-api.ts';

const COUNT = Number(process.env.BENCH_USERS ?? 1_000_000);
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'pca-bench-users');
const databaseUrl = process.env.DATABASE_URL;
const PRIYA = '2000000077';

type Rows<T> = { rows: T[] };

/** The calls measured, by the API's address: `family` and `given` are one seeded person's names. */
function scenarioUrls(address: string, person: { given: string; family: string }) {
  const list = `${address}${usersApiPaths.list}`;
  const part = person.family.slice(1, 7).toLowerCase();
  return [
    { name: `name search: "${part}" (part of a family name)`, url: `${list}?q=${part}` },
    {
      name: `name search: "${person.given} ${person.family.slice(0, 4)}"`,
      url: `${list}?q=${encodeURIComponent(`${person.given} ${person.family.slice(0, 4)}`)}`,
    },
    { name: 'RA number search: "300012345"', url: `${list}?q=300012345` },
    {
      name: 'email search: "wick42@gp.ex"',
      url: `${list}?q=${encodeURIComponent('wick42@gp.ex')}`,
    },
    { name: 'no search, page 1 by name', url: list },
    {
      name: 'no search, page 50 by last sign-in, desc',
      url: `${list}?sort=lastLogin&direction=desc&page=50`,
    },
    {
      name: 'wide search: "kel" (tens of thousands match)',
      url: `${list}?q=kel&sort=email`,
    },
    {
      name: "one user's page (Alice)",
      url: `${address}${usersApiPaths.detail.replace(':id', demoIds.user('alice'))}`,
    },
  ];
}

async function bench(label: string, options: CreateDatabaseOptions) {
  let statements = 0;
  const handle = await createDatabase({ ...options, onQuery: () => void statements++ });
  await migrateDatabase(handle);
  if (await isDatabaseEmpty(handle.db)) await seedDemoWorld(handle.db);
  const started = performance.now();
  const added = await seedUsers(handle.db, COUNT);
  if (added) {
    // Fresh planner statistics and visibility map (PGlite has no autovacuum; PostgreSQL's may lag).
    await handle.db.execute(sql`vacuum analyze users`);
    console.info(`Seeded ${added} users in ${Math.round(performance.now() - started)} ms`);
  }
  const [{ n: rows } = { n: 0 }] = (
    (await handle.db.execute(sql`select count(*)::int as n from users`)) as unknown as Rows<{
      n: number;
    }>
  ).rows;
  const [person] = (
    (await handle.db.execute(
      sql`select given_name as given, family_name as family from users where ra_number = '3000123457'`,
    )) as unknown as Rows<{ given: string; family: string }>
  ).rows;
  if (!person) throw new Error('The benchmark users are missing');

  const api = await startBenchApi(handle.db, { RATE_LIMITS: 'false' });
  const address = await api.app.listen({ host: '127.0.0.1', port: 0 });
  const token = await api.signIn(PRIYA);
  const headers = { authorization: `Bearer ${token}` };
  const counts = [];
  for (const s of scenarioUrls(address, person)) {
    await (await fetch(s.url, { headers })).arrayBuffer();
    const before = statements;
    const res = await fetch(s.url, { headers });
    const body = (await res.json()) as { total?: number; totalIsCapped?: boolean };
    counts.push({
      scenario: s.name,
      status: res.status,
      matches: body.total === undefined ? '' : `${body.total}${body.totalIsCapped ? '+' : ''}`,
      'SQL statements': statements - before,
    });
  }
  console.info(`\nSQL statements per request on ${label} (session read from the request cache):`);
  console.table(counts);
  await api.close();

  const part = person.family.slice(1, 7).toLowerCase();
  const plan = (await handle.db.execute(sql`explain (analyze, buffers, costs off)
    select u.id from users u where ${usersSearchText} like ${`%${part}%`}
     order by u.family_name, u.given_name, u.id limit 20`)) as unknown as Rows<
    Record<string, string>
  >;
  console.info(
    `\nPlan of the name search "${part}":\n${plan.rows.map((r) => `  ${Object.values(r)[0]}`).join('\n')}`,
  );

  try {
    await measureApi(handle.db, {
      title: `\nUsers API on ${label}, ${rows.toLocaleString('en-AU')} users`,
      raNumber: PRIYA,
      scenarios: (apiAddress) => scenarioUrls(apiAddress, person),
    });
  } finally {
    await handle.close();
  }
}

if (databaseUrl) await bench('PostgreSQL', { databaseUrl });
else await bench(`PGlite at ${dataDir}`, { dataDir });
