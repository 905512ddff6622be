import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openTestDatabase } from '../../test/database.ts';
import { createDatabase, type DatabaseHandle } from './client.ts';
import { countsAsWrite, LISTENER_NAME, SESSION_LOOKUP_STATEMENT } from './committed-writes.ts';
import { rateLimits, users } from './schema/index.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const ISLA = '2000000099';

/** Whether `work` changed the handle's committed-writes generation. */
async function changes(work: () => Promise<unknown>) {
  const before = handle.writes.generation();
  await work();
  return handle.writes.generation() !== before;
}

describe('what counts as a committed write (docs/decisions/021-request-context-cache.md)', () => {
  it('every transaction and every writing statement changes the generation; reads do not', async () => {
    const { db } = handle;
    const [isla] = await db.select().from(users).where(eq(users.raNumber, ISLA));
    expect(await changes(() => db.select().from(users).limit(1))).toBe(false);
    expect(await changes(() => db.execute(sql`select count(*) from users`))).toBe(false);
    expect(
      await changes(() => db.update(users).set({ showHelper: true }).where(eq(users.id, isla!.id))),
    ).toBe(true);
    expect(
      await changes(() => db.execute(sql`update users set show_helper = true where false`)),
    ).toBe(true);
    expect(
      await changes(() => db.transaction(async (tx) => tx.select().from(users).limit(1))),
    ).toBe(true);
    // A failed transaction counts too: a cache miss too many, never a stale answer.
    expect(
      await changes(() =>
        db
          .transaction(async () => {
            throw new Error('rolled back');
          })
          .catch(() => undefined),
      ),
    ).toBe(true);
    // Rate-limit counters are written by reads, and no cached read looks at them.
    expect(
      await changes(() =>
        db.insert(rateLimits).values({ key: 'test:writes', hits: 1, resetAt: new Date() }),
      ),
    ).toBe(false);
  });

  it('classifies statements by what they do, not by where they come from', () => {
    const metadata = (type: 'insert' | 'update' | 'delete' | 'select', table: string) => ({
      type,
      tables: [table],
    });
    expect(countsAsWrite('insert into "users" …', undefined, metadata('insert', 'users'))).toBe(
      true,
    );
    expect(
      countsAsWrite('delete from "rate_limits" …', undefined, metadata('delete', 'rate_limits')),
    ).toBe(false);
    expect(
      countsAsWrite(
        'with x as (update "sessions" set …) insert into "rate_limits" …',
        undefined,
        metadata('insert', 'rate_limits'),
      ),
    ).toBe(true);
    expect(countsAsWrite('select * from users', undefined, metadata('select', 'users'))).toBe(
      false,
    );
    expect(
      countsAsWrite('with "t" as (delete from "users" …) select 1', undefined, undefined),
    ).toBe(true);
    expect(countsAsWrite('  SELECT 1', undefined, undefined)).toBe(false);
    expect(countsAsWrite('select 1 from users for update', undefined, undefined)).toBe(false);
    expect(countsAsWrite('truncate users', undefined, undefined)).toBe(true);
    expect(countsAsWrite('analyze', undefined, undefined)).toBe(true);
    // The session lookup's slide only moves times a cached context checks on every request.
    expect(
      countsAsWrite(
        'with "touched" as (update "sessions" …) select …',
        SESSION_LOOKUP_STATEMENT,
        metadata('select', 'sessions'),
      ),
    ).toBe(false);
  });

  it('is heard at once on PGlite, where one process owns the database', async () => {
    if (handle.kind !== 'pglite') return;
    expect(handle.writes.heard()).toBe(true);
    await handle.writes.whenHeard();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('several processes on one PostgreSQL', () => {
  let other: DatabaseHandle;
  beforeAll(async () => {
    other = await createDatabase({
      databaseUrl: String(handle.pool!.options.connectionString),
      maxConnections: 2,
    });
    expect(other.writes.heard()).toBe(false);
    await other.writes.whenHeard();
  });
  afterAll(() => other?.close());

  it('hears the other process’s committed writes, a transaction’s at its commit', async () => {
    let announced = other.writes.nextGeneration();
    await handle.db.transaction(async (tx) => {
      await tx.update(users).set({ showHelper: false }).where(eq(users.raNumber, ISLA));
    });
    await announced;
    announced = other.writes.nextGeneration();
    await handle.db.update(users).set({ showHelper: true }).where(eq(users.raNumber, ISLA));
    await announced;
  });

  it('is not heard while its listener is lost, and again once it has reconnected', async () => {
    const lost = other.writes.nextGeneration();
    await handle.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
           where application_name = ${LISTENER_NAME} and datname = current_database()`,
    );
    await lost;
    expect(other.writes.heard()).toBe(false);
    await other.writes.whenHeard();
    expect(other.writes.heard()).toBe(true);
  });
});
