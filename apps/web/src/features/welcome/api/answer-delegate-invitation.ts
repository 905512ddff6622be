import { useMutation } from '@tanstack/react-query';
import {
  delegateInvitationApiPath,
  type AcceptDelegateInvitationAsRegisteredUserRequest,
  type AcceptDelegateInvitationRequest,
  type DelegateInvitationOutcome,
} from '@pca/contracts';
import { http } from '#lib/http.ts';

/**
 * What the invitee answers: accept with their details (the profile is completed with them), accept with the
 * delegation consent only (the profile is complete already: docs/decisions/092-invitation-for-a-complete-profile.md),
 * or decline.
 */
export type DelegateInvitationAnswer =
  | { id: string; answer: 'accept'; body: AcceptDelegateInvitationRequest }
  | {
      id: string;
      answer: 'acceptAsRegisteredUser';
      body: AcceptDelegateInvitationAsRegisteredUserRequest;
    }
  | { id: string; answer: 'decline' };

/** Accepts or declines a delegate invitation. */
export function answerDelegateInvitation(
  answer: DelegateInvitationAnswer,
): Promise<DelegateInvitationOutcome> {
  switch (answer.answer) {
    case 'accept':
      return http(delegateInvitationApiPath('acceptDelegateInvitation', answer.id), {
        method: 'POST',
        body: answer.body,
      });
    case 'acceptAsRegisteredUser':
      return http(
        delegateInvitationApiPath('acceptDelegateInvitationAsRegisteredUser', answer.id),
        { method: 'POST', body: answer.body },
      );
    case 'decline':
      return http(delegateInvitationApiPath('declineDelegateInvitation', answer.id), {
        method: 'POST',
      });
  }
}

/** Mutation of the delegate account setup dialog and of the invitation dialog. */
export function useAnswerDelegateInvitation() {
  return useMutation({ mutationFn: answerDelegateInvitation });
}
