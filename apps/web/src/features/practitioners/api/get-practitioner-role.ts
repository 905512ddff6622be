import { queryOptions, useQuery } from '@tanstack/react-query';
import { practitionerRolePath, type PractitionerRoleDetail } from '@pca/contracts/practitioners.ts';
import { http } from '#lib/http.ts';

/** Fetches one practitioner role (403 unless the user manages its healthcare service). */
export function getPractitionerRole(
  roleId: string,
  signal?: AbortSignal,
): Promise<PractitionerRoleDetail> {
  return http<PractitionerRoleDetail>(practitionerRolePath(roleId), { signal });
}

/** Query options of one role; writes to it invalidate ['practitioner-roles']. */
export function getPractitionerRoleQueryOptions(roleId: string) {
  return queryOptions({
    queryKey: ['practitioner-roles', roleId],
    queryFn: ({ signal }) => getPractitionerRole(roleId, signal),
  });
}

/** One practitioner role. */
export function usePractitionerRole(roleId: string) {
  return useQuery(getPractitionerRoleQueryOptions(roleId));
}
