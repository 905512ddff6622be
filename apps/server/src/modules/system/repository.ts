import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';

/** Whether the database answers (the health check's one statement). */
export const databaseUp = (db: Database): Promise<boolean> =>
  db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
