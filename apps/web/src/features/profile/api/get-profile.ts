import { useQuery } from '@tanstack/react-query';
import type { PractitionerProfile, Profile } from '@pca/contracts';
import { profileApiPath } from '@pca/contracts/profile-paths.ts';
import { httpQuery } from '#lib/http-query.ts';

/** Query options of a user's profile; every profile change invalidates the ['profile'] key. */
export function profileQueryOptions(userId: string) {
  return httpQuery<Profile>(['profile', 'user', userId], profileApiPath('profile', userId));
}

/** A user's profile (User register: get user by id). */
export function useProfile(userId: string) {
  return useQuery(profileQueryOptions(userId));
}

/** The practitioner profile read view (Practitioner register: get practitioner by id). */
export function usePractitionerProfile(practitionerId: string) {
  return useQuery(
    httpQuery<PractitionerProfile>(
      ['profile', 'practitioner', practitionerId],
      profileApiPath('practitionerProfile', practitionerId),
    ),
  );
}
