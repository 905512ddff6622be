import { useMutation } from '@tanstack/react-query';
import {
  delegateInvitationApiPath,
  type AcceptDelegateInvitationRequest,
  type DelegateInvitationOutcome,
} from '@pca/contracts';
import { http } from '#lib/http.ts';

/** What the invitee answers: accept with their details, or decline. */
export type DelegateInvitationAnswer =
  | { id: string; accept: true; body: AcceptDelegateInvitationRequest }
  | { id: string; accept: false };

/** Accepts or declines a delegate invitation. */
export function answerDelegateInvitation(
  answer: DelegateInvitationAnswer,
): Promise<DelegateInvitationOutcome> {
  return answer.accept
    ? http(delegateInvitationApiPath('acceptDelegateInvitation', answer.id), {
        method: 'POST',
        body: answer.body,
      })
    : http(delegateInvitationApiPath('declineDelegateInvitation', answer.id), { method: 'POST' });
}

/** Mutation of the delegate account setup dialog. */
export function useAnswerDelegateInvitation() {
  return useMutation({ mutationFn: answerDelegateInvitation });
}
