import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  practitionerApiPaths,
  type PractitionerRoleOptions,
} from '@pca/contracts/practitioners.ts';
import { http } from '#lib/http.ts';

/** Fetches the healthcare services the user may add roles to, and the role types. */
export function getRoleOptions(signal?: AbortSignal): Promise<PractitionerRoleOptions> {
  return http<PractitionerRoleOptions>(practitionerApiPaths.roleOptions, { signal });
}

/** Query options of the role form's choices. */
export function getRoleOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['practitioner-roles', 'options'],
    queryFn: ({ signal }) => getRoleOptions(signal),
  });
}

/** The role form's choices. */
export function useRoleOptions() {
  return useQuery(getRoleOptionsQueryOptions());
}
