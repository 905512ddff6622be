import { sql } from 'drizzle-orm';
import { check, pgTable, text } from 'drizzle-orm/pg-core';
import { id, inList } from './columns.ts';
import { hiServiceStatuses } from './enums.ts';

/** The local stand-in for the Healthcare Identifiers Service: HPI-I lookups by number and names. */
export const hiServiceRegistry = pgTable(
  'hi_service_registry',
  {
    id: id(),
    hpii: text('hpii').notNull().unique(),
    familyName: text('family_name').notNull(),
    givenName: text('given_name').notNull(),
    status: text('status', { enum: hiServiceStatuses }).notNull(),
  },
  () => [
    check('hi_service_registry_status_check', sql.raw(`status IN (${inList(hiServiceStatuses)})`)),
  ],
);
