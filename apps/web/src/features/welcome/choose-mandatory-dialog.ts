import type { CurrentUser } from '@pca/contracts';

/** Which mandatory dialog shows on welcome load. */
export type MandatoryDialogKind =
  | { kind: 'registerUser' }
  | { kind: 'delegateSetup'; invitationId: string }
  | { kind: 'acceptParticipation' }
  | null;

/** The mandatory dialog rules of docs/product/rules.md#states, in the spec's order. */
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
  return null;
}
