import {
  practitionerApiPaths,
  type CreatePractitionerRole,
  type PractitionerRoleDetail,
} from '@pca/contracts/practitioners.ts';
import { http } from '#lib/http.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

/** Adds a practitioner role. */
export function createPractitionerRole(
  body: CreatePractitionerRole,
): Promise<PractitionerRoleDetail> {
  return http<PractitionerRoleDetail>(practitionerApiPaths.roles, { method: 'POST', body });
}

/**
 * Adds a role, then refreshes the Practitioners page's lists and the Practitioners tabs of its service and
 * organisations.
 */
export function useCreatePractitionerRole() {
  return useRefreshingWrite(
    ['service-offerings'],
    createPractitionerRole,
    ['healthcare-services'],
    ['organisations'],
  );
}
