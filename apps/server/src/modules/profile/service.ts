import {
  constants,
  profileMessages,
  type BasicInformationUpdate,
  type PersonalContactDetailsUpdate,
  type PractitionerProfile,
  type Profile,
  type RecordedSexOrGender,
  type RecordedSexOrGenderUpdate,
  type VerifyEmailRequest,
  type VerifyEmailResult,
} from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import { ConflictError, ForbiddenError, HttpError, NotFoundError } from '#platform/errors.ts';
import { hashToken } from '#lib/tokens.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { mailEmailVerification } from '#platform/mail/email-verification.ts';
import { profileRepository } from './repository.ts';

/** The problem type of a resend within the lock (stable: the page shows its warning on it). */
export const RESEND_LOCKED = 'verification-resend-locked';
/** The problem type of a link that does not verify. */
export const VERIFICATION_FAILED = 'email-verification-failed';

const toDate = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/**
 * The profile: the User register and Practitioner register calls of docs/product/features.md#feature-calls
 * and email verification (docs/decisions/022-profile-and-email-verification.md). Every change is one
 * transaction with its audit event and, for a new address, its verification mail.
 */
export function profileService(db: Database, options: { productName: string; publicUrl: string }) {
  const repo = profileRepository(db);

  /**
   * Who may open a profile: the user themselves, or a delegate whose delegation from that user's
   * practitioner record is Accepted. Unknown ids are 404, anyone else's 403.
   */
  async function access(auth: AuthContext, userId: string) {
    const row = await repo.findUser(db, userId);
    if (!row) throw new NotFoundError('Profile not found.');
    actsForManaged(auth, row.practitioner?.id ?? null);
    const isOwn = userId === auth.user.id;
    if (!isOwn) {
      const practitionerId = row.practitioner?.id;
      if (!practitionerId || !(await repo.isActiveDelegate(auth.user.id, practitionerId)))
        throw new ForbiddenError(
          'You may only open your own profile, or that of a practitioner you manage.',
        );
    }
    return { row, isOwn };
  }

  /**
   * While the session manages a practitioner it acts for that practitioner alone: another practitioner
   * the caller is a delegate of, and the caller's own profile, wait until they switch
   * (docs/decisions/055-hpii-lookup-and-managing-powers.md).
   */
  function actsForManaged(auth: AuthContext, practitionerId: string | null) {
    const managed = auth.currentUser.managingPractitioner;
    if (managed && practitionerId !== managed.id)
      throw new ForbiddenError(
        `You are managing ${managed.givenName} ${managed.familyName}: switch accounts to open another profile.`,
      );
  }

  /**
   * The profile's practitioner record, for a change its practitioner or a managing delegate may make;
   * `missing` is the 409 when the profile has none.
   */
  async function practitionerToChange(auth: AuthContext, userId: string, missing: string) {
    const { row, isOwn } = await access(auth, userId);
    if (!row.practitioner) throw new ConflictError(missing);
    return { practitioner: row.practitioner, isOwn };
  }

  /** Writes practitioner columns and their audit event (the values as changed fields) in one transaction. */
  async function writePractitioner(
    auth: AuthContext,
    requestId: string,
    { practitioner, isOwn }: { practitioner: { id: string }; isOwn: boolean },
    values: Parameters<typeof repo.updatePractitioner>[2],
    event: { action: string; entityType: string },
  ) {
    await db.transaction(async (tx) => {
      await repo.updatePractitioner(tx, practitioner.id, values);
      await appendAudit(tx, {
        actorUserId: auth.user.id,
        actingForPractitionerId: isOwn ? null : practitioner.id,
        ...event,
        entityId: practitioner.id,
        changedFields: values,
        requestId,
      });
    });
  }

  /** Changes to the sign-in account itself (email, phone, resending) are the user's own to make. */
  function requireOwn(isOwn: boolean) {
    if (!isOwn)
      throw new ForbiddenError('Only the practitioner can change their own email and phone.');
  }

  const lockedUntil = (last: Date | null) =>
    last ? new Date(last.getTime() + constants.resendVerificationLockMs) : null;

  return {
    async get(auth: AuthContext, userId: string): Promise<Profile> {
      const { row, isOwn } = await access(auth, userId);
      const { user, practitioner } = row;
      const until = lockedUntil(toDate(row.lastVerificationAt));
      return {
        id: user.id,
        givenName: user.givenName,
        familyName: user.familyName,
        authIdentifier: user.raNumber,
        email: user.email,
        emailConfirmed: user.emailConfirmed,
        phone: user.phone,
        hpii: practitioner?.hpii ?? null,
        photoData: user.photoData,
        participationApprovalStatus: user.participationApprovalStatus,
        practitionerId: practitioner?.id ?? null,
        practitionerPreferredName: practitioner?.preferredName
          ? { text: practitioner.preferredName }
          : null,
        ahpraPractitionerDetails: practitioner ? await repo.registrations(practitioner.id) : [],
        personalEmail: practitioner?.personalEmail ?? null,
        personalPhone: practitioner?.personalPhone ?? null,
        recordedSexOrGender:
          (practitioner?.recordedSexOrGender as RecordedSexOrGender | null | undefined) ?? null,
        isOwnProfile: isOwn,
        emailVerificationResendLockedUntil:
          until && until.getTime() > Date.now() ? until.toISOString() : null,
      };
    },

    /** Basic information: email and phone. A changed address is unverified until its link is used. */
    async updateBasicInformation(
      auth: AuthContext,
      userId: string,
      body: BasicInformationUpdate,
      requestId: string,
    ) {
      const { row, isOwn } = await access(auth, userId);
      requireOwn(isOwn);
      const email = body.email.trim();
      const phone = body.phone.trim();
      const emailChanged = email.toLowerCase() !== (row.user.email ?? '').toLowerCase();
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, userId, {
          email,
          phone,
          ...(emailChanged ? { emailConfirmed: false } : {}),
        });
        await appendAudit(tx, {
          actorUserId: auth.user.id,
          action: 'user.update',
          entityType: 'user',
          entityId: userId,
          changedFields: { email, phone, ...(emailChanged ? { emailConfirmed: false } : {}) },
          requestId,
        });
        if (emailChanged) await mailEmailVerification(tx, row.user, email, options);
      });
    },

    /** Personal contact details live on the practitioner record; a managing delegate may keep them. */
    async updatePersonalContactDetails(
      auth: AuthContext,
      userId: string,
      body: PersonalContactDetailsUpdate,
      requestId: string,
    ) {
      const target = await practitionerToChange(
        auth,
        userId,
        'Personal contact details belong to a practitioner. Register as a practitioner first.',
      );
      await writePractitioner(
        auth,
        requestId,
        target,
        {
          personalEmail: body.personalEmail.trim() || null,
          personalPhone: body.personalPhone.trim() || null,
        },
        { action: 'practitioner.update-personal-contact-details', entityType: 'practitioner' },
      );
    },

    /**
     * The practitioner's recorded sex or gender (docs/decisions/080-hours-all-day-and-rsg.md): theirs to give,
     * or a managing delegate's as for their other personal details; '' is "Prefer not to say" (nothing kept).
     * It is published (Practitioner's individual-recordedSexOrGender), so it is audited as a practitioner
     * change and bumps the record's last update, as partners' Provenance and `_lastUpdated` read them.
     */
    async updateRecordedSexOrGender(
      auth: AuthContext,
      userId: string,
      body: RecordedSexOrGenderUpdate,
      requestId: string,
    ) {
      const target = await practitionerToChange(
        auth,
        userId,
        'Recorded sex or gender belongs to a practitioner. Register as a practitioner first.',
      );
      const recordedSexOrGender = body.recordedSexOrGender || null;
      if (recordedSexOrGender === target.practitioner.recordedSexOrGender) return;
      await writePractitioner(
        auth,
        requestId,
        target,
        { recordedSexOrGender },
        { action: 'practitioner.updated', entityType: 'Practitioner' },
      );
    },

    /** 'Resend validation email': at most one mail every 5 minutes, decided here, not by the page. */
    async resendVerification(auth: AuthContext, userId: string, requestId: string) {
      const { row, isOwn } = await access(auth, userId);
      requireOwn(isOwn);
      const email = row.user.email;
      if (!email) throw new ConflictError('Add an email address before verifying it.');
      if (row.user.emailConfirmed) throw new ConflictError('Your email is already verified.');
      await db.transaction(async (tx) => {
        // Two resends at once: the second waits for the first's lock and then sees its row.
        await repo.lockUser(tx, userId);
        const last = await repo.lastVerification(tx, userId);
        const until = lockedUntil(last?.createdAt ?? null);
        if (until && until.getTime() > Date.now())
          throw new HttpError(
            429,
            'Too many requests',
            profileMessages.resendLocked,
            RESEND_LOCKED,
          );
        await mailEmailVerification(tx, row.user, email, options);
        await appendAudit(tx, {
          actorUserId: auth.user.id,
          action: 'user.resend-email-verification',
          entityType: 'user',
          entityId: userId,
          changedFields: { email },
          requestId,
        });
      });
    },

    /** The mailed link: verifies its address once, within 24 hours, whoever is signed in (or nobody). */
    async verifyEmail(body: VerifyEmailRequest, requestId: string): Promise<VerifyEmailResult> {
      const email = body.email.trim();
      const verified = await db.transaction(async (tx) => {
        const used = await repo.useVerification(tx, hashToken(body.code.trim()), email, new Date());
        if (!used) return null;
        const row = await repo.findUser(tx, used.userId);
        // The address changed since the link was mailed: the link is for the old one.
        if (!row || (row.user.email ?? '').toLowerCase() !== used.email.toLowerCase()) return null;
        await repo.updateUser(tx, used.userId, { emailConfirmed: true });
        await appendAudit(tx, {
          actorUserId: null,
          action: 'user.verify-email',
          entityType: 'user',
          entityId: used.userId,
          changedFields: { email: used.email, emailConfirmed: true },
          requestId,
        });
        return used.email;
      });
      if (!verified)
        throw new HttpError(
          400,
          'Email verification failed',
          profileMessages.verifyFailed,
          VERIFICATION_FAILED,
        );
      return { email: verified, emailConfirmed: true };
    },

    /** The read view: the practitioner themselves, or a delegate with an Accepted delegation. */
    async practitionerProfile(
      auth: AuthContext,
      practitionerId: string,
    ): Promise<PractitionerProfile> {
      const row = await repo.findPractitioner(practitionerId);
      if (!row) throw new NotFoundError('Practitioner not found.');
      const { practitioner, user } = row;
      actsForManaged(auth, practitioner.id);
      const allowed =
        practitioner.userId === auth.user.id ||
        (await repo.isActiveDelegate(auth.user.id, practitioner.id));
      if (!allowed)
        throw new ForbiddenError(
          'You may only open your own practitioner profile, or that of a practitioner you manage.',
        );
      return {
        id: practitioner.id,
        givenName: practitioner.givenName,
        familyName: practitioner.familyName,
        preferredName: practitioner.preferredName,
        authIdentifier: user?.raNumber ?? null,
        email: user?.email ?? null,
        phone: user?.phone ?? null,
        hpii: practitioner.hpii,
        registrations: await repo.registrations(practitioner.id),
        personalEmail: practitioner.personalEmail,
        personalPhone: practitioner.personalPhone,
      };
    },
  };
}
