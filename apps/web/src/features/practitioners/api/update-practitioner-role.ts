import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  practitionerRolePath,
  type PractitionerRoleDetail,
  type UpdatePractitionerRole,
} from '@pca/contracts/practitioners.ts';
import { http } from '#lib/http.ts';

/** Saves a role's fields. */
export function updatePractitionerRole({
  roleId,
  body,
}: {
  roleId: string;
  body: UpdatePractitionerRole;
}): Promise<PractitionerRoleDetail> {
  return http<PractitionerRoleDetail>(practitionerRolePath(roleId), { method: 'PUT', body });
}

/**
 * Saves a role, then refreshes it, the Practitioners page's lists and the Practitioners tabs of its service and
 * organisations.
 */
export function useUpdatePractitionerRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePractitionerRole,
    onSuccess: async (role) => {
      queryClient.setQueryData(['practitioner-roles', role.id], role);
      await Promise.all(
        [['service-offerings'], ['healthcare-services'], ['organisations']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
