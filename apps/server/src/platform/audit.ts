import { sql, type SQL } from 'drizzle-orm';
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
  /**
   * The organisation the entity belongs to, whose managers see the event. Derived from the entity when
   * not given (organisationOf below); give it when the entity is gone by the time the event is written
   * or its table is not one appendAudit knows.
   */
  organisationId?: string | null;
  /**
   * The practitioner the event is about, who sees it with their delegates. The practitioner a delegate
   * acts for when one is; otherwise derived from the entity when not given (subjectPractitionerOf).
   */
  subjectPractitionerId?: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * The organisation of an audited entity, read in the insert itself from the row it names (one
 * statement, no read before the write), else an `organisationId` among the changed fields. The same
 * rules fill older rows in migration 0017 (docs/decisions/061-audit-events.md).
 */
export function organisationOf(entry: AuditEntry): SQL | string | null {
  if (entry.organisationId !== undefined) return entry.organisationId;
  const id = entry.entityId;
  const fallback = entry.changedFields?.organisationId;
  const orElse = isUuid(fallback) ? fallback : null;
  if (!isUuid(id)) return orElse;
  const from = (query: SQL) => sql`coalesce((${query}), ${orElse}::uuid)`;
  switch (entry.entityType) {
    case 'Organisation':
    case 'organisation':
      return id;
    case 'Location':
      return from(sql`select organisation_id from locations where id = ${id}::uuid`);
    case 'HealthcareService':
      return from(sql`select organisation_id from healthcare_services where id = ${id}::uuid`);
    case 'PractitionerRole':
      return from(
        sql`select s.organisation_id from practitioner_roles r join healthcare_services s on s.id = r.healthcare_service_id where r.id = ${id}::uuid`,
      );
    case 'PartnerPublication':
      return from(sql`select organisation_id from partner_publications where id = ${id}::uuid`);
    case 'PublicationEmailRecipient':
      return from(
        sql`select organisation_id from publication_email_recipients where id = ${id}::uuid`,
      );
    default:
      return orElse;
  }
}

/** The practitioner an audited event is about: whom a delegate acts for, else the entity's practitioner. */
export function subjectPractitionerOf(entry: AuditEntry): SQL | string | null {
  if (entry.actingForPractitionerId) return entry.actingForPractitionerId;
  if (entry.subjectPractitionerId !== undefined) return entry.subjectPractitionerId;
  const id = entry.entityId;
  if (!isUuid(id)) return null;
  const from = (table: string) =>
    sql`(select practitioner_id from ${sql.identifier(table)} where id = ${id}::uuid)`;
  switch (entry.entityType) {
    case 'Practitioner':
    case 'practitioner':
      return id;
    case 'PractitionerRole':
      return from('practitioner_roles');
    case 'practitioner-publication':
      return from('practitioner_publications');
    case 'delegation':
      return from('delegations');
    case 'task':
      return from('tasks');
    case 'notification':
      return from('notifications');
    default:
      return null;
  }
}

/** The row of an audit event. */
const rowOf = (entry: AuditEntry) => ({
  actorUserId: entry.actorUserId,
  actingForPractitionerId: entry.actingForPractitionerId ?? null,
  action: entry.action,
  entityType: entry.entityType,
  entityId: entry.entityId,
  changedFields: entry.changedFields ?? {},
  requestId: entry.requestId ?? null,
  organisationId: organisationOf(entry),
  subjectPractitionerId: subjectPractitionerOf(entry),
});

/** Appends an audit event; call it inside the same transaction as the change it records. */
export async function appendAudit(tx: Executor, entry: AuditEntry) {
  await tx.insert(auditEvents).values(rowOf(entry));
}

/**
 * Appends many audit events in one statement, for a change of many rows at once (an import): one
 * round trip however many. Give each its organisationId and subjectPractitionerId when known, so none
 * reads its entity while inserting.
 */
export async function appendAudits(tx: Executor, entries: AuditEntry[]) {
  if (!entries.length) return;
  await tx.insert(auditEvents).values(entries.map(rowOf));
}
