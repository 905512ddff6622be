import type { RegistrationStepUpdate } from '@pca/contracts';
import {
  type Registration,
  type RegistrationStep,
  registrationStepTitle,
  type StreetAddress,
} from '@pca/contracts';
import type { z } from 'zod';
import type { Database } from '#db/client.ts';
import type { locations, organisations } from '#db/schema/index.ts';
import type { AccessScope } from '#platform/access/scope.ts';
import { requireOwnAccount } from '#platform/access/guards.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { appendAudit } from '#platform/audit.ts';
import { queueMail } from '#platform/outbox.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '#platform/errors.ts';
import { requireOrganisationManager } from '#platform/entities/access.ts';
import { text } from '#platform/entities/summaries.ts';
import { requireLocality } from '#platform/entities/localities.ts';
import { isUniqueViolation } from '#lib/database-errors.ts';
import {
  abnHolder,
  insertRegistration,
  lastDecision,
  lockPendingRegistration,
  primaryLocation,
  savePrimaryLocation,
  updatePendingRegistration,
  userById,
} from './repository.ts';

type OrganisationRow = typeof organisations.$inferSelect;
type LocationRow = typeof locations.$inferSelect;
type StepUpdate = z.output<typeof RegistrationStepUpdate>;
type BusinessDetails = Extract<StepUpdate, { step: 'businessDetails' }>;

/** The index that keeps one participating organisation per ABN (schema/organisations.ts). */
const ABN_INDEX = 'organisations_participating_abn_unique';

/** What a write to a registration no longer in Pending Submission answers (409). */
const STEP_AFTER_SUBMISSION = 'This registration has been submitted and can no longer be changed.';
const ALREADY_SUBMITTED = 'This registration has already been submitted.';

const abnInUse = () =>
  new ValidationError([
    { field: 'abn', message: 'A business with this ABN is already registered' },
  ]);

/**
 * Passes on the error of a write that set an ABN. The check before it cannot see a registration of the same
 * ABN committed meanwhile; the index refuses that one, and the caller gets the check's answer (the
 * transaction rolls back on it).
 */
function abnTakenMeanwhile(error: unknown): never {
  if (isUniqueViolation(error, ABN_INDEX)) throw abnInUse();
  throw error;
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

/** The Register a business wizard: start, read, save a step, submit for approval. */
export function businessRegistrationService(db: Database) {
  /**
   * The reason of the operator's last decline, while the registration is back in Pending Submission and
   * not yet resubmitted. Read from the audit trail, which records every decision with its reason.
   */
  async function declineReasonOf(o: OrganisationRow): Promise<string | null> {
    if (o.publisherApprovalStatus !== 'PendingSubmission') return null;
    const last = await lastDecision(db, o.id);
    const reason = last?.changedFields['reason'];
    return last?.action === 'business-registration.declined' && typeof reason === 'string'
      ? reason
      : null;
  }

  /** A registration the caller manages; 404 for organisations that are not business registrations. */
  async function registrationFor(caller: AccessScope, id: string) {
    const access = await requireOrganisationManager(db, caller, id);
    const o = access.organisation;
    if (o.type !== 'ParticipatingOrganisation' || !o.isPublisher || !o.publisherApprovalStatus)
      throw new NotFoundError('This organisation is not a business registration.');
    return o;
  }

  /** Starts a registration: a participating publisher in Pending Submission, the caller its OrganisationManager. */
  async function createRegistration(
    auth: AuthContext,
    details: Omit<BusinessDetails, 'step'>,
    requestId: string,
  ): Promise<Registration> {
    // Manage businesses is off while managing a practitioner (the capability table, docs/product/rules.md#permissions).
    requireOwnAccount(auth, 'Switch back to your own account to register a business.');
    const userId = auth.user.id;
    await assertAbnFree(details.abn, null);
    const created = await db.transaction(async (tx) => {
      const o = await insertRegistration(
        tx,
        {
          type: 'ParticipatingOrganisation',
          name: details.legalName,
          businessName: details.businessName,
          abn: details.abn,
          isPublisher: true,
          publisherApprovalStatus: 'PendingSubmission',
          status: 'Active',
        },
        userId,
      ).catch(abnTakenMeanwhile);
      await appendAudit(tx, {
        actorUserId: userId,
        action: 'business-registration.started',
        entityType: 'Organisation',
        entityId: o.id,
        changedFields: {
          name: details.legalName,
          businessName: details.businessName,
          abn: details.abn,
        },
        requestId,
      });
      return o;
    });
    return toRegistration(created, undefined);
  }

  /** The registration as saved so far. */
  async function getRegistration(caller: AccessScope, id: string) {
    const o = await registrationFor(caller, id);
    const [location, declineReason] = await Promise.all([
      primaryLocation(db, id),
      declineReasonOf(o),
    ]);
    return toRegistration(o, location, declineReason);
  }

  async function assertAbnFree(abn: string, exceptId: string | null) {
    const other = await abnHolder(db, abn);
    if (other && other.id !== exceptId) throw abnInUse();
  }

  /** Saves one step; the registration stays in Pending Submission. */
  async function saveRegistrationStep(
    caller: AccessScope,
    id: string,
    update: StepUpdate,
    requestId: string,
  ): Promise<Registration> {
    const o = await registrationFor(caller, id);
    if (o.publisherApprovalStatus !== 'PendingSubmission')
      throw new ConflictError(STEP_AFTER_SUBMISSION);
    if (update.step === 'businessDetails') await assertAbnFree(update.abn, id);
    if (update.step === 'primaryLocation') await requireLocality(db, update);
    const { step, ...fields } = update;
    await db.transaction(async (tx) => {
      // The check above ran before this transaction: each write below finds out again whether the
      // registration is still in Pending Submission, and a submission committed meanwhile makes it a 409.
      let pending: boolean;
      switch (update.step) {
        case 'businessDetails':
          pending = await updatePendingRegistration(tx, id, {
            name: update.legalName,
            businessName: update.businessName,
            abn: update.abn,
          }).catch(abnTakenMeanwhile);
          break;
        case 'contactDetails':
          pending = await updatePendingRegistration(tx, id, {
            phone: update.phone,
            email: update.email,
            website: update.website || null,
          });
          break;
        case 'primaryLocation': {
          pending = await lockPendingRegistration(tx, id);
          if (pending)
            await savePrimaryLocation(
              tx,
              id,
              {
                addressLines: [update.addressLine],
                locality: update.locality,
                postcode: update.postcode,
                state: update.state,
              },
              { name: o.businessName ?? o.name, type: [], phone: o.phone, email: o.email },
            );
          break;
        }
        case 'agreement':
          pending = await updatePendingRegistration(tx, id, { agreementAcceptedAt: new Date() });
          break;
      }
      if (!pending) throw new ConflictError(STEP_AFTER_SUBMISSION);
      await appendAudit(tx, {
        actorUserId: caller.userId,
        action: `business-registration.${step}.saved`,
        entityType: 'Organisation',
        entityId: id,
        changedFields: fields,
        requestId,
      });
    });
    return getRegistration(caller, id);
  }

  /** Submits a complete registration for approval and queues a confirmation email to the submitter. */
  async function submitRegistration(
    caller: AccessScope,
    id: string,
    requestId: string,
  ): Promise<Registration> {
    const o = await registrationFor(caller, id);
    if (o.publisherApprovalStatus !== 'PendingSubmission')
      throw new ConflictError(ALREADY_SUBMITTED);
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
    const user = await userById(db, caller.userId);
    if (!user) throw new ForbiddenError();
    const businessName = o.businessName ?? o.name;
    await db.transaction(async (tx) => {
      // Two submissions at once both pass the check above; only the first UPDATE finds it pending, so the
      // other sends no second mail nor event.
      if (
        !(await updatePendingRegistration(tx, id, { publisherApprovalStatus: 'PendingApproval' }))
      )
        throw new ConflictError(ALREADY_SUBMITTED);
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
        await queueMail(tx, {
          to,
          subject: `Registration submitted: ${businessName}`,
          text:
            `Dear ${user.givenName},\n\nThank you for registering ${businessName} (ABN ${o.abn}) with Provider Connect Australia.\n` +
            'Your registration is pending approval. You will be notified of the outcome. ' +
            'This is estimated to take 24 to 48 hours to complete.\n',
        });
    });
    return getRegistration(caller, id);
  }

  return { createRegistration, getRegistration, saveRegistrationStep, submitRegistration };
}
