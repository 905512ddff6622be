import type { Database } from '#db/client.ts';
import { auditEvents } from '#db/schema/index.ts';

/** Anything that can run inserts: the database or a transaction. */
export type Executor = Pick<Database, 'insert'>;

export interface AuditEntry {
  actorUserId: string | null;
  actingForPractitionerId?: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  changedFields?: Record<string, unknown>;
  requestId?: string | null;
}

/** Appends an audit event; call it inside the same transaction as the change it records. */
export async function appendAudit(tx: Executor, entry: AuditEntry) {
  await tx.insert(auditEvents).values({
    actorUserId: entry.actorUserId,
    actingForPractitionerId: entry.actingForPractitionerId ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    changedFields: entry.changedFields ?? {},
    requestId: entry.requestId ?? null,
  });
}
