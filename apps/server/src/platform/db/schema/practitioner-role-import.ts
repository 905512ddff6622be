import { boolean, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/**
 * A practitioner role import being read from a clinical information system, page by page, for one
 * manager (docs/decisions/070-practitioner-role-import.md). The next page's address stays here, never in
 * the browser; the run is deleted when imported or cancelled, and a day after it started.
 */
export const practitionerRoleImportRuns = pgTable('practitioner_role_import_runs', {
  id: id(),
  // The connection read (the SMART connections' table); the run holds no token of it.
  connectionId: uuid('connection_id').notNull(),
  connectionName: text('connection_name').notNull(),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The path and query (under the connection's FHIR base) of the next page; null when read to the end. */
  nextPath: text('next_path'),
  pagesRead: integer('pages_read').notNull().default(0),
  rolesRead: integer('roles_read').notNull().default(0),
  total: integer('total'),
  done: boolean('done').notNull().default(false),
  createdAt: createdAt(),
});

/** The resources of one page of a run's search: the roles and what they included. */
export const practitionerRoleImportPages = pgTable(
  'practitioner_role_import_pages',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => practitionerRoleImportRuns.id, { onDelete: 'cascade' }),
    pageNumber: integer('page_number').notNull(),
    resources: jsonb('resources').$type<unknown[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.pageNumber] })],
);
