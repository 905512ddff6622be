import { useQuery } from '@tanstack/react-query';
import {
  practitionerApiPaths,
  type PractitionerRoleOptions,
} from '@pca/contracts/practitioners.ts';
import { httpQuery } from '#lib/http-query.ts';

/** Query options of the role form's choices: the healthcare services the user may add roles to, and the role types. */
export function getRoleOptionsQueryOptions() {
  return httpQuery<PractitionerRoleOptions>(
    ['practitioner-roles', 'options'],
    practitionerApiPaths.roleOptions,
  );
}

/** The role form's choices. */
export function useRoleOptions() {
  return useQuery(getRoleOptionsQueryOptions());
}
