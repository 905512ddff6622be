import type {
  BasicInformationUpdate,
  PersonalContactDetailsUpdate,
  Profile,
  RecordedSexOrGenderUpdate,
  VerifyEmailRequest,
  VerifyEmailResult,
} from '@pca/contracts';
import { profileApiPath, profileApiPaths } from '@pca/contracts/profile-paths.ts';
import { http } from '#lib/http.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

/** The profile's changes, as the User register and Practitioner register name them. */
export const profileChanges = {
  basicInformation: ({ userId, body }: { userId: string; body: BasicInformationUpdate }) =>
    http<Profile>(profileApiPath('basicInformation', userId), { method: 'PUT', body }),
  personalContactDetails: ({
    userId,
    body,
  }: {
    userId: string;
    body: PersonalContactDetailsUpdate;
  }) => http<Profile>(profileApiPath('personalContactDetails', userId), { method: 'PUT', body }),
  recordedSexOrGender: ({ userId, body }: { userId: string; body: RecordedSexOrGenderUpdate }) =>
    http<Profile>(profileApiPath('recordedSexOrGender', userId), { method: 'PUT', body }),
  resendVerification: ({ userId }: { userId: string }) =>
    http<null>(profileApiPath('emailVerification', userId), { method: 'POST' }),
};

/**
 * A profile change as a mutation: afterwards the profile and the signed-in user are read again (the
 * header and the dashboard show the same person; docs/product/features.md#profile).
 */
export function useProfileChange<TVariables, TResult>(
  change: (variables: TVariables) => Promise<TResult>,
) {
  return useRefreshingWrite(['profile'], change, ['me']);
}

/** Verifies an email address from its mailed link (no session needed). */
export function useVerifyEmail() {
  return useRefreshingWrite(
    ['profile'],
    (body: VerifyEmailRequest) =>
      http<VerifyEmailResult>(profileApiPaths.verifyEmail, {
        method: 'POST',
        body,
        redirectOnUnauthorized: false,
      }),
    ['me'],
  );
}
