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
  // Its name and address show elsewhere: on its parent participating organisation's Locations tab, on the pages
  // of the services at it, and on the Practitioners page.
  alsoChanged: [['organisations'], ['healthcare-services'], ['service-offerings']],
});
