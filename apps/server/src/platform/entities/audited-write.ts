import { and, eq, sql } from 'drizzle-orm';
import { ConflictError } from '#platform/errors.ts';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import { appendAudit, type AuditEntry } from '#platform/audit.ts';

// The audited writes of organisations, locations and healthcare services.

/** The stamp every save of an organisation's, location's or service's details writes. */
export const detailsVerifiedNow = { detailsVerifiedAt: sql`now()` };

/** The fields whose value differs, as { field: { from, to } } for the audit trail. */
export function changedFields<T extends Record<string, unknown>>(
  before: Partial<Record<keyof T, unknown>>,
  after: T,
): Record<string, { from: unknown; to: unknown }> {
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before[key as keyof T];
    if (JSON.stringify(from ?? null) !== JSON.stringify(to ?? null)) changed[key] = { from, to };
  }
  return changed;
}

/**
 * Saves `next` on the row `id` of `table` and audits the changed fields in one transaction; when
 * nothing changed it writes nothing, not even the audit entry — except `stamp`, which every save writes
 * and which is not audited (an entity's details_verified_at: saving the details confirms them,
 * docs/decisions/027-reminders.md).
 */
export async function updateAudited<TTable extends PgTable & { id: PgColumn }>(
  db: Database,
  table: TTable,
  id: string,
  before: Record<string, unknown>,
  next: PgUpdateSetSource<TTable> & Record<string, unknown>,
  audit: Omit<AuditEntry, 'entityId' | 'changedFields'>,
  stamp?: PgUpdateSetSource<TTable>,
): Promise<void> {
  const changed = changedFields<Record<string, unknown>>(before, next);
  if (!Object.keys(changed).length) {
    if (stamp) await db.update(table).set(stamp).where(eq(table.id, id));
    return;
  }
  // A location or service is saved only while it still belongs to the organisation the caller was
  // authorised on: a transfer that moved it meanwhile wins, and this save is refused rather than applied
  // to another organisation's row (docs/decisions/067-transfers.md). On PostgreSQL the update waits for the
  // transfer's row lock and then re-reads the row, so one of the two wins whole.
  const owner = 'organisationId' in table ? (table.organisationId as PgColumn) : undefined;
  const stillOwned =
    owner && typeof before.organisationId === 'string'
      ? and(eq(table.id, id), eq(owner, before.organisationId))
      : eq(table.id, id);
  await db.transaction(async (tx) => {
    const saved = await tx
      .update(table)
      .set({ ...next, ...stamp })
      .where(stillOwned)
      .returning({ id: table.id });
    if (!saved.length)
      throw new ConflictError(
        'This has moved to another organisation since you opened it. Reload the page to see where it is now.',
      );
    await appendAudit(tx, { ...audit, entityId: id, changedFields: changed });
  });
}

/** Inserts a row of an organisation's child table and audits it in one transaction; returns its id. */
export async function insertAudited<TTable extends PgTable & { id: PgColumn }>(
  db: Database,
  table: TTable,
  values: PgInsertValue<TTable>,
  audit: Omit<AuditEntry, 'entityId' | 'changedFields'>,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(table).values(values).returning({ id: table.id });
    const id = String(row!.id);
    await appendAudit(tx, { ...audit, entityId: id, changedFields: values });
    return id;
  });
}

/**
 * The audited writes of a table of details (organisations, locations, healthcare services): `save` writes the
 * changed fields and audits them, stamping details_verified_at on every save; `insert` adds a row with its
 * audit event. One place names each table (its module's repository); every module binds its own.
 */
export function detailsWrites<TTable extends PgTable & { id: PgColumn }>(table: TTable) {
  return {
    save: (
      db: Database,
      id: string,
      before: Record<string, unknown>,
      next: PgUpdateSetSource<TTable> & Record<string, unknown>,
      audit: Omit<AuditEntry, 'entityId' | 'changedFields'>,
    ) => updateAudited(db, table, id, before, next, audit, detailsVerifiedNow),
    insert: (
      db: Database,
      values: PgInsertValue<TTable>,
      audit: Omit<AuditEntry, 'entityId' | 'changedFields'>,
    ) => insertAudited(db, table, values, audit),
  };
}
