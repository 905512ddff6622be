/**
 * `npm run bench:notifications`: the notifications list and the counts with 10,000 notifications for one
 * practitioner (issue budget: list p99 ≤ 30 ms, counts ≤ 20 ms). Prepares a PGlite data directory with
 * the demo world plus 10,000 of Alice's notifications stored through storeNotification() (reused on later
 * runs) — and, when DATABASE_URL is set, that PostgreSQL database too — starts the API and the development
 * identity provider in-process on loopback, signs in as Alice, prints the plans (EXPLAIN) of the list and
 * count statements, and measures each call with autocannon for a bounded time, beside a bare Fastify route.
 * Environment: BENCH_DATA_DIR (default <tmp>/pca-bench-notifications), BENCH_SECONDS (5),
 * BENCH_CONNECTIONS (1), DATABASE_URL (optional).
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { shellApiPaths, tasksNotificationsApiPaths } from '@pca/contracts';
import { createDatabase, type CreateDatabaseOptions, type Database } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { notifications } from '#db/schema/index.ts';
import { demoIds, isDatabaseEmpty, seedDemoWorld } from '#db/seed/index.ts';
import { storeNotification } from '#db/notifications.ts';
import { measureApi } from './measure-api.ts';

const COUNT = 10_000;
const BENCH_PREFIX = 'NTF-BENCH-';
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'pca-bench-notifications');
const databaseUrl = process.env.DATABASE_URL;
const alice = demoIds.practitioner('alice');

/** Demo world plus 10,000 of Alice's notifications (about 1 in 10 unread, 1 in 5 archived), once. */
async function prepare(db: Database) {
  const [present] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.practitionerId, alice),
        sql`${notifications.externalId} like ${`${BENCH_PREFIX}%`}`,
      ),
    );
  if ((present?.n ?? 0) >= COUNT) return;
  const started = performance.now();
  const base = Date.UTC(2025, 0, 1);
  for (let i = 0; i < COUNT; i += 500) {
    await storeNotification(
      db,
      Array.from({ length: Math.min(500, COUNT - i) }, (_, k) => {
        const n = i + k;
        return {
          practitionerId: alice,
          externalId: `${BENCH_PREFIX}${n}`,
          subject: `Benchmark notification ${n}`,
          message: `<p>Notification <strong>${n}</strong> of the benchmark.</p><ul><li>one</li><li>two</li></ul>`,
          status:
            n % 10 === 0
              ? ('Unread' as const)
              : n % 5 === 1
                ? ('Archived' as const)
                : ('Read' as const),
          createdAt: new Date(base + n * 3_600_000),
        };
      }),
    );
  }
  // Fresh planner statistics and a visibility map for index-only counts (PGlite has no autovacuum).
  await db.execute(sql`vacuum analyze notifications`);
  console.info(
    `Seeded ${COUNT} notifications for Alice in ${Math.round(performance.now() - started)} ms`,
  );
}

/** The plans of the statements behind the list and the counts. */
async function explain(db: Database) {
  const statements = {
    'list, read and unread, page 1': sql`select external_id, subject, message, status, created_at from notifications
      where practitioner_id = ${alice} and status in ('Unread', 'Read')
      order by created_at desc, id desc limit 10 offset 0`,
    'list, read and unread, page 800': sql`select external_id, subject, message, status, created_at from notifications
      where practitioner_id = ${alice} and status in ('Unread', 'Read')
      order by created_at desc, id desc limit 10 offset 7990`,
    'total, read and unread': sql`select count(*) from notifications
      where practitioner_id = ${alice} and status in ('Unread', 'Read')`,
    'unread count (bell, tab)': sql`select count(*) from notifications
      where practitioner_id = ${alice} and status = 'Unread'`,
  };
  for (const [name, statement] of Object.entries(statements)) {
    const result = await db.execute(sql`explain (analyze, costs off) ${statement}`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
      string,
      string
    >[];
    console.info(`\n${name}:\n${rows.map((r) => `  ${Object.values(r)[0]}`).join('\n')}`);
  }
}

async function bench(label: string, options: CreateDatabaseOptions) {
  const handle = await createDatabase(options);
  await migrateDatabase(handle);
  if (await isDatabaseEmpty(handle.db)) await seedDemoWorld(handle.db);
  await prepare(handle.db);
  if (options.dataDir)
    writeFileSync(path.join(dataDir, 'notifications-seeded'), new Date().toISOString());
  await explain(handle.db);

  try {
    await measureApi(handle.db, {
      title: `\nNotifications API on ${label}, ${COUNT} notifications of Alice's`,
      scenarios: (address) => {
        const list = `${address}${tasksNotificationsApiPaths.notifications}`;
        return [
          {
            name: 'list, read and unread, page 1',
            url: `${list}?archived=false&page=1&pageSize=10`,
          },
          {
            name: 'list, read and unread, page 800',
            url: `${list}?archived=false&page=800&pageSize=10`,
          },
          { name: 'list, archived, page 1', url: `${list}?archived=true&page=1&pageSize=10` },
          { name: 'bell count', url: `${address}${shellApiPaths.unreadNotificationCount}` },
          { name: 'tab counts', url: `${address}${tasksNotificationsApiPaths.counts}` },
        ];
      },
    });
  } finally {
    await handle.close();
  }
}

await bench(`PGlite at ${dataDir}`, { dataDir });
if (databaseUrl) await bench('PostgreSQL', { databaseUrl });
