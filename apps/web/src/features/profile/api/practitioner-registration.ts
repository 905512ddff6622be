import { useMutation } from '@tanstack/react-query';
import type {
  HpiiCheckRequest,
  HpiiCheckResult,
  PractitionerRegistrationRequest,
  PractitionerRegistrationResult,
} from '@pca/contracts';
import { profileApiPath } from '@pca/contracts/profile-paths.ts';
import { http } from '#lib/http.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

/** The identity step: the server asks the HI Service about the HPI-I (docs/decisions/023-register-as-practitioner.md). */
export function useHpiiCheck() {
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: HpiiCheckRequest }) =>
      http<HpiiCheckResult>(profileApiPath('hpiiCheck', userId), { method: 'POST', body }),
  });
}

/**
 * Saving the terms step. Afterwards the signed-in user (whose HPI-I and practitioner id the header, the
 * navigation and the capabilities read) and the profile are read again.
 */
export function usePractitionerRegistration() {
  return useRefreshingWrite(
    ['profile'],
    ({ userId, body }: { userId: string; body: PractitionerRegistrationRequest }) =>
      http<PractitionerRegistrationResult>(profileApiPath('practitionerRegistration', userId), {
        method: 'POST',
        body,
      }),
    ['me'],
  );
}
