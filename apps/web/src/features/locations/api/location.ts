import { locationApiPaths, type LocationDetail, type LocationInput } from '@pca/contracts';
import { organisationEntityApi } from '#lib/business/entity-api.ts';

/** A location: one by id, saving it, adding one to an organisation. */
export const {
  useOne: useLocation,
  useUpdate: useUpdateLocation,
  useCreate: useCreateLocation,
} = organisationEntityApi<LocationDetail, LocationInput>({
  key: 'locations',
  one: locationApiPaths.location,
  create: locationApiPaths.create,
});
