import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { businessApiPath, type CreatedEntity } from '@pca/contracts';
import { http } from '../http.ts';
import { httpQuery } from '../http-query.ts';

/** Where an entity kept under an organisation lives: its query key's first part and its two API paths. */
export type OrganisationEntityPaths = {
  /** The first part of its query key (the domain's name, e.g. 'locations'). */
  key: string;
  /** GET / PATCH one (`:id` is its id). */
  one: string;
  /** POST: add one to the organisation (`:id` is the organisation's id). */
  create: string;
  /** Other pages a save or an addition changes, read again after it (e.g. the locations a service is at). */
  alsoChanged?: QueryKey[];
};

/**
 * The API of an entity kept under an organisation (a location, a healthcare service): its query options, one by id,
 * saving it (the page shows the saved answer; its organisation's lists refresh), and adding one to an organisation
 * (the organisation's lists refresh).
 */
export function organisationEntityApi<Detail extends { organisation: { id: string } }, Input>({
  key,
  one,
  create,
  alsoChanged = [],
}: OrganisationEntityPaths) {
  const queryOptionsOf = (id: string) => httpQuery<Detail>([key, id], businessApiPath(one, id));
  return {
    queryOptions: queryOptionsOf,
    useOne(id: string) {
      return useQuery(queryOptionsOf(id));
    },
    useUpdate(id: string) {
      const client = useQueryClient();
      return useMutation({
        mutationFn: (body: Input) =>
          http<Detail>(businessApiPath(one, id), { method: 'PATCH', body }),
        onSuccess: (saved) => {
          client.setQueryData(queryOptionsOf(id).queryKey, saved);
          for (const queryKey of [['organisations', saved.organisation.id], ...alsoChanged])
            void client.invalidateQueries({ queryKey });
        },
      });
    },
    useCreate(organisationId: string) {
      const client = useQueryClient();
      return useMutation({
        mutationFn: (body: Input) =>
          http<CreatedEntity>(businessApiPath(create, organisationId), { method: 'POST', body }),
        onSuccess: () => {
          for (const queryKey of [['organisations', organisationId], ...alsoChanged])
            void client.invalidateQueries({ queryKey });
        },
      });
    },
  };
}
