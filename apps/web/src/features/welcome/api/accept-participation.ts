import { useMutation } from '@tanstack/react-query';
import { registrationApiPaths, type AcceptParticipationRequest } from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Accepts the participation agreement and privacy notice. */
export function acceptParticipation(body: AcceptParticipationRequest): Promise<void> {
  return http<void>(registrationApiPaths.acceptParticipation, { method: 'POST', body });
}

/** Mutation of the accept-participation dialog. */
export function useAcceptParticipation() {
  return useMutation({ mutationFn: acceptParticipation });
}
