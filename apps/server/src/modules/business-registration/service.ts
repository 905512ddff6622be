import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { RegistrationStepUpdate } from '@pca/contracts';
import {
  type Registration,
  type RegistrationStep,
  registrationStepTitle,
  type StreetAddress,
} from '@pca/contracts';
import type { z } from 'zod';
import type { Database, Transaction } from '#db/client.ts';
import {
  auditEvents,
  localities,
  locations,
  mailOutbox,
  organisations,
  roleMemberships,
  users,
} from '#db/schema/index.ts';
import type { AccessScope } from '#lib/access.ts';
import { appendAudit } from '#lib/audit.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '#lib/errors.ts';
import { requireOrganisationManager } from '#modules/entities/access.ts';
import { text } from '#modules/entities/summaries.ts';

type OrganisationRow = typeof organisations.$inferSelect;
type LocationRow = typeof locations.$inferSelect;
type StepUpdate = z.output<typeof RegistrationStepUpdate>;
type BusinessDetails = Extract<StepUpdate, { step: 'businessDetails' }>;

/** The registration's primary location: the organisation's first physical location. */
async function primaryLocation(db: Database | Transaction, organisationId: string) {
  const [row] = await db
    .select()
    .from(locations)
    .where(eq(locations.organisationId, organisationId))
    .orderBy(asc(locations.createdAt))
    .limit(1);
  return row;
}

function toAddress(l: LocationRow | undefined): StreetAddress | null {
  if (!l || !l.locality || !l.postcode || !l.state) return null;
  return {
    addressLine: l.addressLines.join(', '),
    locality: l.locality,
    postcode: l.postcode,
    state: l.state as StreetAddress['state'],
  };
}

/** Which steps are complete, in wizard order. */
function completedSteps(o: OrganisationRow, location: LocationRow | undefined) {
  return {
    businessDetails: Boolean(o.name && o.businessName && o.abn),
    contactDetails: Boolean(o.phone && o.email),
    primaryLocation: toAddress(location) !== null,
    agreement: o.agreementAcceptedAt !== null,
  } satisfies Record<RegistrationStep, boolean>;
}

/**
 * The reason of the operator's last decline, while the registration is back in Pending Submission and
 * not yet resubmitted. Read from the audit trail, which records every decision with its reason.
 */
async function declineReasonOf(db: Database, o: OrganisationRow): Promise<string | null> {
  if (o.publisherApprovalStatus !== 'PendingSubmission') return null;
  const [last] = await db
    .select({ action: auditEvents.action, changedFields: auditEvents.changedFields })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, 'Organisation'),
        eq(auditEvents.entityId, o.id),
        inArray(auditEvents.action, [
          'business-registration.declined',
          'business-registration.submitted',
        ]),
      ),
    )
    .orderBy(desc(auditEvents.at))
    .limit(1);
  const reason = last?.changedFields['reason'];
  return last?.action === 'business-registration.declined' && typeof reason === 'string'
    ? reason
    : null;
}

function toRegistration(
  o: OrganisationRow,
  location: LocationRow | undefined,
  declineReason: string | null = null,
): Registration {
  const done = completedSteps(o, location);
  const nextStep =
    (Object.keys(done) as RegistrationStep[]).find((step) => !done[step]) ?? 'agreement';
  return {
    id: o.id,
    status: o.publisherApprovalStatus ?? 'PendingSubmission',
    legalName: o.name,
    businessName: text(o.businessName),
    abn: text(o.abn),
    phone: text(o.phone),
    email: text(o.email),
    website: text(o.website),
    primaryLocation: toAddress(location),
    agreementAccepted: done.agreement,
    nextStep,
    declineReason,
  };
}

/** A registration the caller manages; 404 for organisations that are not business registrations. */
async function registrationFor(db: Database, caller: AccessScope, id: string) {
  const access = await requireOrganisationManager(db, caller, id);
  const o = access.organisation;
  if (o.type !== 'ParticipatingOrganisation' || !o.isPublisher || !o.publisherApprovalStatus)
    throw new NotFoundError('This organisation is not a business registration.');
  return o;
}

/** Starts a registration: a participating publisher in Pending Submission, the caller its OrganisationManager. */
export async function createRegistration(
  db: Database,
  userId: string,
  details: Omit<BusinessDetails, 'step'>,
  requestId: string,
): Promise<Registration> {
  await assertAbnFree(db, details.abn, null);
  const created = await db.transaction(async (tx) => {
    const [o] = await tx
      .insert(organisations)
      .values({
        type: 'ParticipatingOrganisation',
        name: details.legalName,
        businessName: details.businessName,
        abn: details.abn,
        isPublisher: true,
        publisherApprovalStatus: 'PendingSubmission',
        status: 'Active',
      })
      .returning();
    await tx
      .insert(roleMemberships)
      .values({ userId, roleType: 'OrganisationManager', organisationId: o!.id });
    await appendAudit(tx, {
      actorUserId: userId,
      action: 'business-registration.started',
      entityType: 'Organisation',
      entityId: o!.id,
      changedFields: {
        name: details.legalName,
        businessName: details.businessName,
        abn: details.abn,
      },
      requestId,
    });
    return o!;
  });
  return toRegistration(created, undefined);
}

/** The registration as saved so far. */
export async function getRegistration(db: Database, caller: AccessScope, id: string) {
  const o = await registrationFor(db, caller, id);
  const [location, declineReason] = await Promise.all([
    primaryLocation(db, id),
    declineReasonOf(db, o),
  ]);
  return toRegistration(o, location, declineReason);
}

async function assertAbnFree(db: Database, abn: string, exceptId: string | null) {
  const [other] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.abn, abn));
  if (other && other.id !== exceptId)
    throw new ValidationError([
      { field: 'abn', message: 'A business with this ABN is already registered' },
    ]);
}

async function assertLocalityExists(db: Database, a: StreetAddress) {
  const [found] = await db
    .select({ id: localities.id })
    .from(localities)
    .where(
      and(
        sql`lower(${localities.locality}) = lower(${a.locality})`,
        eq(localities.postcode, a.postcode),
        eq(localities.state, a.state),
      ),
    )
    .limit(1);
  if (!found)
    throw new ValidationError([
      { field: 'locality', message: 'Select a suburb or postcode from the list' },
    ]);
}

/** Saves one step; the registration stays in Pending Submission. */
export async function saveRegistrationStep(
  db: Database,
  caller: AccessScope,
  id: string,
  update: StepUpdate,
  requestId: string,
): Promise<Registration> {
  const o = await registrationFor(db, caller, id);
  if (o.publisherApprovalStatus !== 'PendingSubmission')
    throw new ConflictError('This registration has been submitted and can no longer be changed.');
  if (update.step === 'businessDetails') await assertAbnFree(db, update.abn, id);
  if (update.step === 'primaryLocation') await assertLocalityExists(db, update);
  const { step, ...fields } = update;
  await db.transaction(async (tx) => {
    switch (update.step) {
      case 'businessDetails':
        await tx
          .update(organisations)
          .set({ name: update.legalName, businessName: update.businessName, abn: update.abn })
          .where(eq(organisations.id, id));
        break;
      case 'contactDetails':
        await tx
          .update(organisations)
          .set({ phone: update.phone, email: update.email, website: update.website || null })
          .where(eq(organisations.id, id));
        break;
      case 'primaryLocation': {
        const values = {
          addressLines: [update.addressLine],
          locality: update.locality,
          postcode: update.postcode,
          state: update.state,
        };
        const existing = await primaryLocation(tx, id);
        if (existing) await tx.update(locations).set(values).where(eq(locations.id, existing.id));
        else
          await tx.insert(locations).values({
            organisationId: id,
            name: o.businessName ?? o.name,
            type: [],
            phone: o.phone,
            email: o.email,
            ...values,
          });
        break;
      }
      case 'agreement':
        await tx
          .update(organisations)
          .set({ agreementAcceptedAt: new Date() })
          .where(eq(organisations.id, id));
        break;
    }
    await appendAudit(tx, {
      actorUserId: caller.userId,
      action: `business-registration.${step}.saved`,
      entityType: 'Organisation',
      entityId: id,
      changedFields: fields,
      requestId,
    });
  });
  return getRegistration(db, caller, id);
}

/** Submits a complete registration for approval and queues a confirmation email to the submitter. */
export async function submitRegistration(
  db: Database,
  caller: AccessScope,
  id: string,
  requestId: string,
): Promise<Registration> {
  const o = await registrationFor(db, caller, id);
  if (o.publisherApprovalStatus !== 'PendingSubmission')
    throw new ConflictError('This registration has already been submitted.');
  const location = await primaryLocation(db, id);
  const done = completedSteps(o, location);
  const missing = (Object.keys(done) as RegistrationStep[]).filter((s) => !done[s]);
  if (missing.length)
    throw new ValidationError(
      missing.map((step) => ({
        field: step,
        message: `Complete the ${registrationStepTitle[step].toLowerCase()} step`,
      })),
      'The registration is not complete.',
    );
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId));
  if (!user) throw new ForbiddenError();
  const businessName = o.businessName ?? o.name;
  await db.transaction(async (tx) => {
    await tx
      .update(organisations)
      .set({ publisherApprovalStatus: 'PendingApproval' })
      .where(eq(organisations.id, id));
    await appendAudit(tx, {
      actorUserId: caller.userId,
      action: 'business-registration.submitted',
      entityType: 'Organisation',
      entityId: id,
      changedFields: {
        publisherApprovalStatus: { from: 'PendingSubmission', to: 'PendingApproval' },
      },
      requestId,
    });
    const to = user.email ?? o.email;
    if (to)
      await tx.insert(mailOutbox).values({
        to,
        subject: `Registration submitted: ${businessName}`,
        text:
          `Dear ${user.givenName},\n\nThank you for registering ${businessName} (ABN ${o.abn}) with Provider Connect Australia.\n` +
          'Your registration is pending approval. You will be notified of the outcome. ' +
          'This is estimated to take 24 to 48 hours to complete.\n',
      });
  });
  return getRegistration(db, caller, id);
}
