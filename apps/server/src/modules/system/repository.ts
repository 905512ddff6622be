import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { migrationsPending } from '#db/migrate.ts';

/** Whether the database answers (the health check's one statement). */
export const databaseUp = (db: Database): Promise<boolean> =>
  db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );

/** What keeps the database from serving this build: unreachable, migrations pending, or nothing. */
export const databaseReadiness = (db: Database): Promise<'down' | 'migrations-pending' | 'ready'> =>
  migrationsPending(db).then(
    (pending) => (pending ? 'migrations-pending' : 'ready'),
    () => 'down' as const,
  );
