import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PractitionerProfile, Profile } from '@pca/contracts';
import { profileApiPath } from '@pca/contracts/profile-paths.ts';
import { http } from '#lib/http.ts';

/** Query options of a user's profile; every profile change invalidates the ['profile'] key. */
export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['profile', 'user', userId],
    queryFn: ({ signal }) => http<Profile>(profileApiPath('profile', userId), { signal }),
  });
}

/** A user's profile (User register: get user by id). */
export function useProfile(userId: string) {
  return useQuery(profileQueryOptions(userId));
}

/** The practitioner profile read view (Practitioner register: get practitioner by id). */
export function usePractitionerProfile(practitionerId: string) {
  return useQuery({
    queryKey: ['profile', 'practitioner', practitionerId],
    queryFn: ({ signal }) =>
      http<PractitionerProfile>(profileApiPath('practitionerProfile', practitionerId), { signal }),
  });
}
