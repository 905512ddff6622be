import { useQuery } from '@tanstack/react-query';
import { practitionerRolePath, type PractitionerRoleDetail } from '@pca/contracts/practitioners.ts';
import { httpQuery } from '#lib/http-query.ts';

/** Query options of one role (403 unless the user manages its healthcare service); writes to it invalidate ['practitioner-roles']. */
export function getPractitionerRoleQueryOptions(roleId: string) {
  return httpQuery<PractitionerRoleDetail>(
    ['practitioner-roles', roleId],
    practitionerRolePath(roleId),
  );
}

/** One practitioner role. */
export function usePractitionerRole(roleId: string) {
  return useQuery(getPractitionerRoleQueryOptions(roleId));
}
