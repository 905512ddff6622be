import type { CurrentUser } from '@pca/contracts';

/**
 * Which dialog shows on welcome load. The first three are the mandatory dialogs; `delegateInvitation` is the
 * invitation of a user whose profile is complete, which may be closed without an answer
 * (docs/decisions/092-invitation-for-a-complete-profile.md).
 */
export type MandatoryDialogKind =
  | { kind: 'registerUser' }
  | { kind: 'delegateSetup'; invitationId: string }
  | { kind: 'acceptParticipation' }
  | { kind: 'delegateInvitation'; invitationId: string }
  | null;

/**
 * The mandatory dialog rules of docs/product/rules.md#states, in the spec's order; after them, a pending
 * invitation of a user whose profile is complete (decision 092).
 */
export function chooseMandatoryDialog(
  user: Pick<
    CurrentUser,
    | 'isProfileComplete'
    | 'delegateInvitationId'
    | 'participationApprovalStatus'
    | 'isApprovedPractitionerDelegate'
    | 'isPractitioner'
  >,
  invitationInQuery: string | null,
): MandatoryDialogKind {
  const invitationId = user.delegateInvitationId ?? invitationInQuery;
  if (!user.isProfileComplete)
    return invitationId ? { kind: 'delegateSetup', invitationId } : { kind: 'registerUser' };
  if (
    user.participationApprovalStatus === null &&
    (user.isApprovedPractitionerDelegate || user.isPractitioner)
  )
    return { kind: 'acceptParticipation' };
  if (invitationId) return { kind: 'delegateInvitation', invitationId };
  return null;
}

/** Whether the dialog is one of the mandatory ones, which end the session when closed without a result. */
export function isMandatory(dialog: NonNullable<MandatoryDialogKind>): boolean {
  return dialog.kind !== 'delegateInvitation';
}
