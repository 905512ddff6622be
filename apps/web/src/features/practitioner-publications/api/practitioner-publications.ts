import { useQuery } from '@tanstack/react-query';
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
import { httpQuery } from '#lib/http-query.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

/** Every query of these pages lives under this key; each change refetches it. */
const root = ['practitioner-publications'] as const;

/** The practitioner's publishing settings (own, or the managed practitioner's). */
export function usePractitionerPublications() {
  return useQuery(httpQuery<PractitionerPublications>([...root, 'list'], paths.list));
}

/** Partner services not yet added. */
export function useAvailablePartners() {
  return useQuery(
    httpQuery<AvailablePublicationPartners>([...root, 'available'], paths.availablePartners),
  );
}

export const useAddPublication = () =>
  useRefreshingWrite(root, (body: PractitionerPublicationRequest) =>
    http<PractitionerPublication>(paths.list, { method: 'POST', body }),
  );

export const useUpdatePublication = () =>
  useRefreshingWrite(
    root,
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
  useRefreshingWrite(root, ({ partnerServiceId }: { partnerServiceId: string }) =>
    http<null>(practitionerPublicationApiPath(partnerServiceId), { method: 'DELETE' }),
  );
