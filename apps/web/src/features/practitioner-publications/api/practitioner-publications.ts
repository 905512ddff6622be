import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AvailablePublicationPartners,
  PractitionerPublication,
  PractitionerPublicationRequest,
  PractitionerPublicationSettings,
  PractitionerPublications,
} from '@pca/contracts';
import {
  practitionerPublicationApiPath,
  practitionerPublicationApiPaths as paths,
} from '@pca/contracts/practitioner-publications-paths.ts';
import { http } from '#lib/http.ts';

/** Every query of these pages lives under this key; each change refetches it. */
const root = ['practitioner-publications'] as const;

/** The practitioner's publishing settings (own, or the managed practitioner's). */
export function usePractitionerPublications() {
  return useQuery({
    queryKey: [...root, 'list'],
    queryFn: ({ signal }) => http<PractitionerPublications>(paths.list, { signal }),
  });
}

/** Partner services not yet added. */
export function useAvailablePartners() {
  return useQuery({
    queryKey: [...root, 'available'],
    queryFn: ({ signal }) =>
      http<AvailablePublicationPartners>(paths.availablePartners, { signal }),
  });
}

function useChange<TVariables, TResult>(change: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root }),
  });
}

export const useAddPublication = () =>
  useChange((body: PractitionerPublicationRequest) =>
    http<PractitionerPublication>(paths.list, { method: 'POST', body }),
  );

export const useUpdatePublication = () =>
  useChange(
    ({
      partnerServiceId,
      body,
    }: {
      partnerServiceId: string;
      body: PractitionerPublicationSettings;
    }) =>
      http<PractitionerPublication>(practitionerPublicationApiPath(partnerServiceId), {
        method: 'PUT',
        body,
      }),
  );

export const useRemovePublication = () =>
  useChange(({ partnerServiceId }: { partnerServiceId: string }) =>
    http<null>(practitionerPublicationApiPath(partnerServiceId), { method: 'DELETE' }),
  );
