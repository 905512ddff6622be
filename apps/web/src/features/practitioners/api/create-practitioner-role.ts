import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  practitionerApiPaths,
  type CreatePractitionerRole,
  type PractitionerRoleDetail,
} from '@pca/contracts/practitioners.ts';
import { http } from '#lib/http.ts';

/** Adds a practitioner role. */
export function createPractitionerRole(
  body: CreatePractitionerRole,
): Promise<PractitionerRoleDetail> {
  return http<PractitionerRoleDetail>(practitionerApiPaths.roles, { method: 'POST', body });
}

/** Adds a role, then refreshes the Practitioners page's lists. */
export function useCreatePractitionerRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPractitionerRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['service-offerings'] }),
  });
}
