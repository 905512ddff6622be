import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  businessApiPath,
  organisationApiPaths,
  type OrganisationDetail,
  type OrganisationUpdate,
} from '@pca/contracts';
import { myOrganisationsQueryOptions } from '#lib/my-organisations.ts';
import { http } from '#lib/http.ts';
import { getOrganisationQueryOptions } from '#lib/business/get-organisation.ts';

/** Saves an organisation's details. */
export function updateOrganisation(id: string, body: OrganisationUpdate) {
  return http<OrganisationDetail>(businessApiPath(organisationApiPaths.organisation, id), {
    method: 'PATCH',
    body,
  });
}

/** Mutation saving an organisation's details; refreshes it and the user's organisation trees. */
export function useUpdateOrganisation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganisationUpdate) => updateOrganisation(id, body),
    onSuccess: (saved) => {
      client.setQueryData(getOrganisationQueryOptions(id).queryKey, saved);
      void client.invalidateQueries({ queryKey: myOrganisationsQueryOptions().queryKey });
    },
  });
}
