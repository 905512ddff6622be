import {
  hpiiCheckMessages,
  hpiiProblemTypes,
  type HpiiCheckErrorKey,
  type HpiiCheckResult,
  type PractitionerRegistrationRequest,
  type PractitionerRegistrationResult,
} from '@pca/contracts';
import type { Database, Transaction } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import { databaseErrorCode } from '#lib/database-errors.ts';
import { ForbiddenError, HttpError, NotFoundError } from '#platform/errors.ts';
import type { HiService } from '#integrations/hi-service/hi-service.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { practitionerRegistrationRepository } from './repository.ts';

type Executor = Database | Transaction;

/** How long the HI Service may take before the check is the general error (hpiiError). */
export const HI_SERVICE_TIMEOUT_MS = 10_000;

/** Problem types of a refused registration (docs/decisions/023-register-as-practitioner.md). */
export const registrationProblemTypes = {
  alreadyRegistered: 'practitioner-already-registered',
  contactDetailsMissing: 'practitioner-contact-details-missing',
  hpiiInUse: 'hpii-in-use',
} as const;

/** The HPI-I field's error for one of the check's keys: a problem the dialog shows on the field. */
export class HpiiCheckError extends HttpError {
  constructor(
    readonly key: HpiiCheckErrorKey,
    options?: ErrorOptions,
  ) {
    // A number the HI Service refused is an unprocessable request (422); a failed or slow HI Service is a
    // bad gateway (502), which a later attempt may get past.
    super(
      key === 'hpiiError' ? 502 : 422,
      key === 'hpiiError' ? 'HPI-I check failed' : 'HPI-I not accepted',
      hpiiCheckMessages[key],
      hpiiProblemTypes[key],
      [{ field: 'hpii', message: hpiiCheckMessages[key] }],
      options,
    );
  }
}

/** A conflict with the account's state, 409 with its own problem type. */
class RegistrationConflict extends HttpError {
  constructor(type: string, detail: string, errors?: Array<{ field: string; message: string }>) {
    super(409, 'Conflict', detail, type, errors);
  }
}

const hpiiInUseMessage =
  'This HPI-I number is already registered to another account. Please contact support.';

/** Rejects after `ms`, so a hanging HI Service ends as the general error instead of holding the request. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`HI Service gave no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const keyOfServiceMessage: Record<string, HpiiCheckErrorKey | null> = {
  SUCCESS: null,
  NO_MATCH: 'hpiiNoMatch',
  NOT_ACTIVE: 'hpiiNotActive',
  NOT_LINKED: 'hpiiNotLinked',
};

/**
 * Registering as a practitioner with an HPI-I (docs/product/features.md#profile,
 * docs/decisions/023-register-as-practitioner.md): the identity step asks the HI Service by the route the
 * certificate feature flag chooses; saving the terms asks again (the identity step's answer is never
 * trusted), then accepts participation and links the practitioner record in one transaction with its audit
 * event.
 */
export function practitionerRegistrationService(
  db: Database,
  hiService: HiService,
  options: { certificate: boolean; timeoutMs?: number },
) {
  const repo = practitionerRegistrationRepository();
  const timeoutMs = options.timeoutMs ?? HI_SERVICE_TIMEOUT_MS;

  /** The caller registering themselves: any other user id is refused, an unknown one is not found. */
  async function self(auth: AuthContext, userId: string, tx: Executor = db, forUpdate = false) {
    const row = await repo.findUser(tx, userId, forUpdate);
    if (!row) throw new NotFoundError('Profile not found.');
    if (userId !== auth.user.id)
      throw new ForbiddenError('Only the user themselves may register as a practitioner.');
    return row;
  }

  /** The condition of the 'Register as a practitioner' button: no HPI-I yet, and both email and phone. */
  function requireEligible(row: NonNullable<Awaited<ReturnType<typeof repo.findUser>>>) {
    if (row.hpii)
      throw new RegistrationConflict(
        registrationProblemTypes.alreadyRegistered,
        'You are already registered as a practitioner.',
      );
    if (!row.email || !row.phone)
      throw new RegistrationConflict(
        registrationProblemTypes.contactDetailsMissing,
        'Add your email and phone to your profile before registering as a practitioner.',
      );
  }

  /** Asks the HI Service by the flag's route; anything but a found identifier is the field's error. */
  async function check(row: { givenName: string; familyName: string }, hpii: string) {
    let key: HpiiCheckErrorKey | null;
    try {
      if (options.certificate) {
        const found = await withTimeout(
          hiService.searchProvider({
            familyName: row.familyName,
            givenName: row.givenName,
            hpii,
            identifierType: 'hpii',
          }),
          timeoutMs,
        );
        key = found?.hpii === hpii ? null : 'hpiiNoMatch';
      } else {
        const { serviceMessage } = await withTimeout(
          hiService.readAdministrativeIndividual(hpii, {
            familyName: row.familyName,
            givenName: row.givenName,
          }),
          timeoutMs,
        );
        // Anything but the four service messages is the general error.
        key = Object.hasOwn(keyOfServiceMessage, serviceMessage)
          ? keyOfServiceMessage[serviceMessage]!
          : 'hpiiError';
      }
    } catch (error) {
      throw new HpiiCheckError('hpiiError', { cause: error });
    }
    if (key) throw new HpiiCheckError(key);
  }

  /** An HPI-I already linked to someone else cannot be registered again. */
  async function requireFree(tx: Executor, hpii: string, userId: string) {
    const holder = await repo.practitionerByHpii(tx, hpii);
    if (holder?.userId && holder.userId !== userId)
      throw new RegistrationConflict(registrationProblemTypes.hpiiInUse, hpiiInUseMessage, [
        { field: 'hpii', message: hpiiInUseMessage },
      ]);
    return holder;
  }

  return {
    /** The identity step: may this user register with this HPI-I? */
    async checkHpii(auth: AuthContext, userId: string, hpii: string): Promise<HpiiCheckResult> {
      const row = await self(auth, userId);
      requireEligible(row);
      await requireFree(db, hpii, userId);
      await check(row, hpii);
      return { hpii };
    },

    /** Saving the terms step: check again, accept participation, link the practitioner record. */
    async register(
      auth: AuthContext,
      userId: string,
      body: PractitionerRegistrationRequest,
      requestId: string,
    ): Promise<PractitionerRegistrationResult> {
      const hpii = body.hpii.trim();
      const before = await self(auth, userId);
      requireEligible(before);
      // In the identity step's order, so both steps give one answer for a number another account holds.
      await requireFree(db, hpii, userId);
      // The HI Service is asked outside the transaction: no row lock is held while it answers.
      await check(before, hpii);
      try {
        return await db.transaction(async (tx) => {
          // Two saves at once: the second waits for the first's lock, then finds the HPI-I registered.
          const row = await self(auth, userId, tx, true);
          requireEligible(row);
          const holder = await requireFree(tx, hpii, userId);
          let practitionerId: string;
          let link: 'linked' | 'created' | 'hpii-added';
          if (holder && row.practitionerId && holder.id !== row.practitionerId)
            // Two practitioner records for one person would need merging, which is not ours to guess.
            throw new RegistrationConflict(registrationProblemTypes.hpiiInUse, hpiiInUseMessage, [
              { field: 'hpii', message: hpiiInUseMessage },
            ]);
          if (holder) {
            practitionerId = holder.id;
            link = 'linked';
            await repo.linkPractitioner(tx, holder.id, userId);
          } else if (row.practitionerId) {
            practitionerId = row.practitionerId;
            link = 'hpii-added';
            await repo.setHpii(tx, row.practitionerId, hpii);
          } else {
            link = 'created';
            practitionerId = await repo.insertPractitioner(tx, {
              userId,
              hpii,
              givenName: row.givenName,
              familyName: row.familyName,
            });
          }
          await repo.acceptParticipation(tx, userId);
          await appendAudit(tx, {
            actorUserId: auth.user.id,
            action: 'user.register-practitioner',
            entityType: 'user',
            entityId: userId,
            changedFields: {
              hpii,
              practitionerId,
              practitionerRecord: link,
              participationApprovalStatus: 'Accepted',
              participationAccepted: true,
              privacyAccepted: true,
              hiServiceRoute: options.certificate
                ? 'provider-search'
                : 'read-administrative-individual',
            },
            requestId,
          });
          return { hpii, practitionerId };
        });
      } catch (error) {
        // Another account took the HPI-I between our read and our write (the column is unique).
        if (databaseErrorCode(error) === '23505')
          throw new RegistrationConflict(registrationProblemTypes.hpiiInUse, hpiiInUseMessage, [
            { field: 'hpii', message: hpiiInUseMessage },
          ]);
        throw error;
      }
    },
  };
}
