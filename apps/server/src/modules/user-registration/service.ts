import {
  delegateConsentList,
  sameName,
  type AcceptDelegateInvitationAsRegisteredUserRequest,
  type AcceptDelegateInvitationRequest,
  type AcceptParticipationRequest,
  type DelegateInvitation,
  type DelegateInvitationOutcome,
  type RegisterUserRequest,
} from '@pca/contracts';
import type { Database, Transaction } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '#platform/errors.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { registrationRepository } from './repository.ts';
import { queueMail } from '#platform/outbox.ts';
import { delegationMails } from '#platform/mail/delegation-mails.ts';
import { mailEmailVerification } from '#platform/mail/email-verification.ts';

type Invitation = NonNullable<
  Awaited<ReturnType<ReturnType<typeof registrationRepository>['findInvitation']>>
>;

/** User registration: the three mandatory dialogs of docs/product/rules.md#states, each one audited transaction. */
export function registrationService(db: Database, productName: string, publicUrl: string) {
  const repo = registrationRepository(db);
  const mails = delegationMails(productName, publicUrl);

  /** An open invitation addressed to the caller (by RA number or email); 404 for anything else. */
  async function invitationFor(auth: AuthContext, id: string): Promise<Invitation> {
    const invitation = await repo.findInvitation(id);
    const caller = auth.user;
    const addressedToCaller =
      invitation &&
      (invitation.raNumber === caller.raNumber ||
        (caller.email !== null &&
          invitation.email.toLowerCase() === caller.email.trim().toLowerCase()));
    if (!invitation || !addressedToCaller) throw new NotFoundError('Invitation not found.');
    if (invitation.status !== 'Invited')
      throw new ConflictError('This invitation has already been answered or withdrawn.');
    return invitation;
  }

  const inviterName = (i: Invitation) => `${i.givenName} ${i.familyName}`;

  /**
   * Signed in under other names than the practitioner typed: the practitioner confirms the new names before
   * the delegation is live (Pending; docs/decisions/020-delegation.md).
   */
  const acceptedStatus = (invitation: Invitation, auth: AuthContext) =>
    !sameName(invitation.invitedGivenName, auth.user.givenName) ||
    !sameName(invitation.invitedFamilyName, auth.user.familyName)
      ? ('Pending' as const)
      : ('Accepted' as const);

  /**
   * The delegation part of an accept, inside its transaction: the invitation answered (unless it no longer is
   * Invited), its audit event with the acceptances given, and the inviting practitioner's mail.
   */
  async function answerAccepted(
    tx: Transaction,
    auth: AuthContext,
    invitation: Invitation,
    status: 'Accepted' | 'Pending',
    requestId: string,
    acceptances: Record<string, boolean>,
  ) {
    const { id } = invitation;
    if (!(await repo.answerInvitation(tx, id, status, auth.user.id)))
      throw new ConflictError('This invitation has already been answered or withdrawn.');
    await appendAudit(tx, {
      actorUserId: auth.user.id,
      action: 'delegation.accept',
      entityType: 'delegation',
      entityId: id,
      changedFields: {
        status,
        delegateUserId: auth.user.id,
        practitionerId: invitation.practitionerId,
        consents: [...delegateConsentList],
        ...acceptances,
      },
      requestId,
    });
    if (invitation.practitionerUserEmail && status === 'Pending')
      await queueMail(
        tx,
        mails.detailsUpdateRequest(
          invitation.practitionerUserEmail,
          { givenName: invitation.givenName },
          { givenName: invitation.invitedGivenName, familyName: invitation.invitedFamilyName },
          auth.user,
          id,
        ),
      );
    else if (invitation.practitionerUserEmail)
      await queueMail(tx, {
        to: invitation.practitionerUserEmail,
        subject: `${auth.user.givenName} ${auth.user.familyName} accepted your delegate invitation`,
        text: `Hello ${inviterName(invitation)},\n\n${auth.user.givenName} ${auth.user.familyName} accepted your invitation and is now your delegate in ${productName}.\n`,
      });
  }

  return {
    /** Register-user dialog: saves email and phone, records the terms and privacy acceptance. */
    async registerUser(auth: AuthContext, body: RegisterUserRequest, requestId: string) {
      if (auth.user.isProfileComplete) throw new ConflictError('Your profile is already complete.');
      const email = body.email.trim();
      const phone = body.phone.trim();
      const emailConfirmed =
        email.toLowerCase() === auth.user.email?.toLowerCase() && auth.user.emailConfirmed;
      await db.transaction(async (tx) => {
        if (!(await repo.completeProfile(tx, auth.user.id, { email, phone, emailConfirmed })))
          throw new ConflictError('Your profile is already complete.');
        await appendAudit(tx, {
          actorUserId: auth.user.id,
          action: 'user.register',
          entityType: 'user',
          entityId: auth.user.id,
          changedFields: {
            email,
            phone,
            isProfileComplete: true,
            acceptedTermsOfUse: body.acceptTermsOfUse,
            acceptedPrivacyNotice: body.acceptPrivacyNotice,
          },
          requestId,
        });
        await queueMail(tx, {
          to: email,
          subject: `Welcome to ${productName}`,
          text: `Hello ${auth.user.givenName},\n\nYour ${productName} account is set up.${emailConfirmed ? '' : ' We have sent you a separate email to verify your email address.'}\n`,
        });
        // An address not yet verified gets its link now (docs/decisions/022-profile-and-email-verification.md).
        if (!emailConfirmed)
          await mailEmailVerification(tx, auth.user, email, { productName, publicUrl });
      });
    },

    /** The invitation as its invitee sees it: who invited them and what they consent to. */
    async invitation(auth: AuthContext, id: string): Promise<DelegateInvitation> {
      const i = await invitationFor(auth, id);
      return {
        id: i.id,
        invitedEmail: i.email,
        inviter: {
          practitionerId: i.practitionerId,
          givenName: i.givenName,
          familyName: i.familyName,
          preferredName: i.preferredName,
        },
        consents: [...delegateConsentList],
      };
    },

    /** Accepts: the caller becomes an approved delegate and their profile is complete. */
    async acceptInvitation(
      auth: AuthContext,
      id: string,
      body: AcceptDelegateInvitationRequest,
      requestId: string,
    ): Promise<DelegateInvitationOutcome> {
      if (auth.user.isProfileComplete) throw new ConflictError('Your profile is already complete.');
      const invitation = await invitationFor(auth, id);
      const email = body.email.trim();
      const phone = body.phone.trim();
      const status = acceptedStatus(invitation, auth);
      await db.transaction(async (tx) => {
        await answerAccepted(tx, auth, invitation, status, requestId, {
          acceptedTermsOfUse: body.acceptTermsOfUse,
          acceptedPrivacyNotice: body.acceptPrivacyNotice,
        });
        await repo.updateUser(tx, auth.user.id, { email, phone, isProfileComplete: true });
        await appendAudit(tx, {
          actorUserId: auth.user.id,
          action: 'user.register',
          entityType: 'user',
          entityId: auth.user.id,
          changedFields: { email, phone, isProfileComplete: true },
          requestId,
        });
      });
      return { id, status };
    },

    /**
     * Accepts with a profile that is already complete (docs/decisions/092-invitation-for-a-complete-profile.md):
     * the delegation is answered as above, the profile is left as it is, and only the delegation consent is
     * asked for: the terms of use and the privacy notice were accepted when the profile was completed.
     */
    async acceptInvitationAsRegisteredUser(
      auth: AuthContext,
      id: string,
      body: AcceptDelegateInvitationAsRegisteredUserRequest,
      requestId: string,
    ): Promise<DelegateInvitationOutcome> {
      // Told before the invitation is looked up, as the other accept tells a complete profile: a 409 about the
      // caller, which reveals nothing of the invitation.
      if (!auth.user.isProfileComplete)
        throw new ConflictError(
          'Your profile is not complete: accept the invitation with your email and phone.',
        );
      const invitation = await invitationFor(auth, id);
      const status = acceptedStatus(invitation, auth);
      await db.transaction((tx) =>
        answerAccepted(tx, auth, invitation, status, requestId, {
          acceptedDelegation: body.acceptDelegation,
        }),
      );
      return { id, status };
    },

    /** Declines: the invitation is Rejected and the inviting practitioner is told. */
    async declineInvitation(
      auth: AuthContext,
      id: string,
      requestId: string,
    ): Promise<DelegateInvitationOutcome> {
      const invitation = await invitationFor(auth, id);
      await db.transaction(async (tx) => {
        if (!(await repo.answerInvitation(tx, id, 'Rejected', auth.user.id)))
          throw new ConflictError('This invitation has already been answered or withdrawn.');
        await appendAudit(tx, {
          actorUserId: auth.user.id,
          action: 'delegation.decline',
          entityType: 'delegation',
          entityId: id,
          changedFields: { status: 'Rejected', practitionerId: invitation.practitionerId },
          requestId,
        });
        if (invitation.practitionerUserEmail)
          await queueMail(tx, {
            to: invitation.practitionerUserEmail,
            subject: `${auth.user.givenName} ${auth.user.familyName} declined your delegate invitation`,
            text: `Hello ${inviterName(invitation)},\n\n${auth.user.givenName} ${auth.user.familyName} declined your invitation to act as your delegate in ${productName}.\n`,
          });
      });
      return { id, status: 'Rejected' };
    },

    /** Accept-participation dialog: only for a complete profile of a practitioner or approved delegate. */
    async acceptParticipation(
      auth: AuthContext,
      body: AcceptParticipationRequest,
      requestId: string,
    ) {
      const { user } = auth;
      if (!user.isProfileComplete)
        throw new ForbiddenError('Complete your profile before accepting participation.');
      const [practitioner, delegate] = await Promise.all([
        repo.isPractitioner(user.id),
        repo.isApprovedDelegate(user.id),
      ]);
      if (!practitioner && !delegate)
        throw new ForbiddenError('Only practitioners and approved delegates accept participation.');
      if (user.participationApprovalStatus !== null)
        throw new ConflictError('Participation has already been answered.');
      // Not asked twice in a row (issue 30): left out, the privacy notice must have been accepted before.
      const privacyEarlier =
        body.acceptPrivacyNotice !== true && (await repo.hasAcceptedPrivacyNotice(user.id));
      if (body.acceptPrivacyNotice !== true && !privacyEarlier)
        throw new ValidationError([
          { field: 'acceptPrivacyNotice', message: 'You must accept the privacy notice' },
        ]);
      await db.transaction(async (tx) => {
        if (!(await repo.answerParticipation(tx, user.id)))
          throw new ConflictError('Participation has already been answered.');
        await appendAudit(tx, {
          actorUserId: user.id,
          action: 'user.accept-participation',
          entityType: 'user',
          entityId: user.id,
          changedFields: {
            participationApprovalStatus: 'Accepted',
            acceptedParticipationAgreement: body.acceptParticipationAgreement,
            acceptedPrivacyNotice: body.acceptPrivacyNotice === true,
            ...(privacyEarlier ? { privacyNoticeAcceptedEarlier: true } : {}),
          },
          requestId,
        });
        if (user.email)
          await queueMail(tx, {
            to: user.email,
            subject: `You have accepted the ${productName} participation agreement`,
            text: `Hello ${user.givenName},\n\nThank you for accepting the participation agreement and privacy notice of ${productName}.\n`,
          });
      });
    },
  };
}
