import { describe, expect, it } from 'vitest';
import { chooseMandatoryDialog, isMandatory } from './choose-mandatory-dialog.ts';

const base = {
  isProfileComplete: true,
  delegateInvitationId: null,
  participationApprovalStatus: 'Accepted' as const,
  isApprovedPractitionerDelegate: false,
  isPractitioner: false,
};
const invitation = '7c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe('chooseMandatoryDialog (docs/product/rules.md#states, in order)', () => {
  it('registers an incomplete profile without an invitation', () => {
    expect(chooseMandatoryDialog({ ...base, isProfileComplete: false }, null)).toEqual({
      kind: 'registerUser',
    });
  });

  it('sets up a delegate when the invitation is on the user or in the query', () => {
    const incomplete = { ...base, isProfileComplete: false };
    expect(
      chooseMandatoryDialog({ ...incomplete, delegateInvitationId: invitation }, null),
    ).toEqual({ kind: 'delegateSetup', invitationId: invitation });
    expect(chooseMandatoryDialog(incomplete, invitation)).toEqual({
      kind: 'delegateSetup',
      invitationId: invitation,
    });
  });

  it('asks practitioners and approved delegates without a status to accept participation', () => {
    const open = { ...base, participationApprovalStatus: null };
    expect(chooseMandatoryDialog({ ...open, isPractitioner: true }, null)).toEqual({
      kind: 'acceptParticipation',
    });
    expect(chooseMandatoryDialog({ ...open, isApprovedPractitionerDelegate: true }, null)).toEqual({
      kind: 'acceptParticipation',
    });
    // Neither a practitioner nor a delegate: nothing to accept.
    expect(chooseMandatoryDialog(open, null)).toBeNull();
  });

  it('shows nothing for a complete profile with a status and no invitation', () => {
    expect(chooseMandatoryDialog({ ...base, isPractitioner: true }, null)).toBeNull();
  });

  // An existing user invited from the "Invite someone" search (docs/decisions/092-invitation-for-a-complete-profile.md).
  it('offers a complete profile its pending invitation, on the user or in the query, after the mandatory dialogs', () => {
    expect(chooseMandatoryDialog({ ...base, delegateInvitationId: invitation }, null)).toEqual({
      kind: 'delegateInvitation',
      invitationId: invitation,
    });
    expect(chooseMandatoryDialog({ ...base, isPractitioner: true }, invitation)).toEqual({
      kind: 'delegateInvitation',
      invitationId: invitation,
    });
    // Participation comes first; the invitation shows once it is answered.
    expect(
      chooseMandatoryDialog(
        {
          ...base,
          isPractitioner: true,
          participationApprovalStatus: null,
          delegateInvitationId: invitation,
        },
        null,
      ),
    ).toEqual({ kind: 'acceptParticipation' });
  });

  it('counts every dialog but the invitation of a complete profile as mandatory', () => {
    expect(isMandatory({ kind: 'registerUser' })).toBe(true);
    expect(isMandatory({ kind: 'delegateSetup', invitationId: invitation })).toBe(true);
    expect(isMandatory({ kind: 'acceptParticipation' })).toBe(true);
    expect(isMandatory({ kind: 'delegateInvitation', invitationId: invitation })).toBe(false);
  });
});
