import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  businessApiPath,
  businessRegistrationApiPaths,
  type Registration,
  type RegistrationBusinessDetails,
  type RegistrationStepUpdate,
} from '@pca/contracts';
import { currentUserQueryOptions } from '#lib/current-user.ts';
import { myOrganisationsQueryOptions } from '#lib/my-organisations.ts';
import { http } from '#lib/http.ts';
import { httpQuery } from '#lib/http-query.ts';

/** Query options of one registration in progress. */
export function getRegistrationQueryOptions(id: string) {
  return httpQuery<Registration>(
    ['business-registrations', id],
    businessApiPath(businessRegistrationApiPaths.registration, id),
  );
}

/** One registration; idle without an id (a new registration). */
export function useRegistration(id: string | undefined) {
  return useQuery({ ...getRegistrationQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** Starts a registration with its business details. */
export function createRegistration(body: RegistrationBusinessDetails) {
  return http<Registration>(businessRegistrationApiPaths.registrations, { method: 'POST', body });
}

/** Saves one step. */
export function saveRegistrationStep(id: string, body: RegistrationStepUpdate) {
  return http<Registration>(businessApiPath(businessRegistrationApiPaths.registration, id), {
    method: 'PUT',
    body,
  });
}

/** Submits a registration for approval. */
export function submitRegistration(id: string) {
  return http<Registration>(businessApiPath(businessRegistrationApiPaths.submit, id), {
    method: 'POST',
  });
}

/** Saving a step: creates the registration on the first step, then updates it; keeps the cache current. */
export function useSaveRegistrationStep(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RegistrationStepUpdate) => {
      if (id) return saveRegistrationStep(id, body);
      if (body.step !== 'businessDetails')
        throw new Error('A registration starts with its business details');
      const { step: _, ...details } = body;
      return createRegistration(details);
    },
    onSuccess: (saved) => {
      client.setQueryData(getRegistrationQueryOptions(saved.id).queryKey, saved);
      // A new registration adds an organisation (and the welcome banner follows its status).
      void client.invalidateQueries({ queryKey: myOrganisationsQueryOptions().queryKey });
      void client.invalidateQueries({ queryKey: ['me', 'welcome'] });
    },
  });
}

/** Submitting; refreshes the user's organisations and user (the welcome banner reads them). */
export function useSubmitRegistration(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => submitRegistration(id ?? ''),
    // Not awaited: reading the user and organisations again re-renders the wizard's guard, and a page that
    // unmounts meanwhile never runs its own onSuccess, which goes to the dashboard.
    onSuccess: (saved) => {
      client.setQueryData(getRegistrationQueryOptions(saved.id).queryKey, saved);
      void client.invalidateQueries({ queryKey: myOrganisationsQueryOptions().queryKey });
      void client.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
      void client.invalidateQueries({ queryKey: ['me', 'welcome'] });
    },
  });
}
