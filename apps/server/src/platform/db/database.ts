import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

/** The Drizzle database both drivers share: modules code against this, never a driver type. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction of {@link Database}, for helpers that must run inside the caller's transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
