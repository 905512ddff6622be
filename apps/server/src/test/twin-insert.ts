import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';

/**
 * Runs `act` while every insert into `table` is preceded by an identical row of its own (a new id): the
 * stand-in for a concurrent request that passed the same check and committed first. Two requests sent
 * together through `app.inject` run one after the other, on PGlite and PostgreSQL alike, so a race between a
 * check and its insert is made this way instead; the table's real unique constraints then refuse the second
 * row. The trigger and its function are dropped afterwards, whatever `act` did.
 */
export async function withTwinInserts<T>(db: Database, table: string, act: () => Promise<T>) {
  const name = sql.identifier(`pca_test_twin_${table}`);
  const target = sql.identifier(table);
  await db.execute(sql`create function ${name}() returns trigger language plpgsql as
    $$ declare twin ${target}; begin
      twin := NEW; twin.id := gen_random_uuid();
      insert into ${target} values (twin.*);
      return NEW;
    end $$`);
  await db.execute(sql`create trigger ${name} before insert on ${target}
    for each row when (pg_trigger_depth() = 0) execute function ${name}()`);
  try {
    return await act();
  } finally {
    await db.execute(sql`drop trigger ${name} on ${target}`);
    await db.execute(sql`drop function ${name}()`);
  }
}
