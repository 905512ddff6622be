import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { auditEvents, locations, organisations, roleMemberships, users } from '#db/schema/index.ts';

type OrganisationInsert = typeof organisations.$inferInsert;
type LocationInsert = typeof locations.$inferInsert;

/** The registration's primary location: the organisation's first location. */
export async function primaryLocation(db: Database | Transaction, organisationId: string) {
  const [row] = await db
    .select()
    .from(locations)
    .where(eq(locations.organisationId, organisationId))
    .orderBy(asc(locations.createdAt))
    .limit(1);
  return row;
}

/** The last decline or submission recorded for the organisation (the audit trail keeps every decision). */
export async function lastDecision(db: Database, organisationId: string) {
  const [last] = await db
    .select({ action: auditEvents.action, changedFields: auditEvents.changedFields })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, 'Organisation'),
        eq(auditEvents.entityId, organisationId),
        inArray(auditEvents.action, [
          'business-registration.declined',
          'business-registration.submitted',
        ]),
      ),
    )
    .orderBy(desc(auditEvents.at))
    .limit(1);
  return last;
}

/**
 * The participating organisation holding an ABN, if any: an HI organisation may carry its group's ABN
 * (docs/decisions/084-organisation-address.md), which registers no second business.
 */
export async function abnHolder(db: Database, abn: string) {
  const [other] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.abn, abn), eq(organisations.type, 'ParticipatingOrganisation')));
  return other;
}

/** Creates the registration's organisation with the caller as its OrganisationManager. */
export async function insertRegistration(
  tx: Transaction,
  values: OrganisationInsert,
  managerUserId: string,
) {
  const [o] = await tx.insert(organisations).values(values).returning();
  await tx
    .insert(roleMemberships)
    .values({ userId: managerUserId, roleType: 'OrganisationManager', organisationId: o!.id });
  return o!;
}

/** Only a registration still in Pending Submission is written: one submitted meanwhile is not. */
const pendingSubmission = (id: string) =>
  and(eq(organisations.id, id), eq(organisations.publisherApprovalStatus, 'PendingSubmission'));

/**
 * Saves fields of the registration's organisation while it is in Pending Submission; false when it no longer
 * is. The status is part of the UPDATE (as a transfer's answer is, docs/decisions/067-transfers.md): the
 * caller's check ran before its transaction, and a submission committed since then must win.
 */
export async function updatePendingRegistration(
  tx: Transaction,
  id: string,
  values: Partial<OrganisationInsert>,
) {
  const rows = await tx
    .update(organisations)
    .set(values)
    .where(pendingSubmission(id))
    .returning({ id: organisations.id });
  return rows.length > 0;
}

/**
 * Locks the registration's organisation while it is in Pending Submission (SELECT … FOR UPDATE), for a step
 * that writes no column of it; false when it no longer is. A submission waits for the step, or the step,
 * once the submission has committed, finds it submitted.
 */
export async function lockPendingRegistration(tx: Transaction, id: string) {
  const rows = await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(pendingSubmission(id))
    .for('update');
  return rows.length > 0;
}

/** Saves the primary location: updates the existing one or adds it. */
export async function savePrimaryLocation(
  tx: Transaction,
  organisationId: string,
  address: Pick<LocationInsert, 'addressLines' | 'locality' | 'postcode' | 'state'>,
  whenNew: Omit<
    LocationInsert,
    'organisationId' | 'addressLines' | 'locality' | 'postcode' | 'state'
  >,
) {
  const existing = await primaryLocation(tx, organisationId);
  if (existing) await tx.update(locations).set(address).where(eq(locations.id, existing.id));
  else await tx.insert(locations).values({ organisationId, ...whenNew, ...address });
}

/** A user by id. */
export async function userById(db: Database, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}
