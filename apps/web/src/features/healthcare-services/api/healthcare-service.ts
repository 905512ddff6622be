import {
  healthcareServiceApiPaths,
  type HealthcareServiceDetail,
  type HealthcareServiceInput,
} from '@pca/contracts';
import { organisationEntityApi } from '#lib/business/entity-api.ts';

/** A healthcare service: one by id, saving it, adding one to an organisation. */
export const {
  useOne: useHealthcareService,
  useUpdate: useUpdateHealthcareService,
  useCreate: useCreateHealthcareService,
} = organisationEntityApi<HealthcareServiceDetail, HealthcareServiceInput>({
  key: 'healthcare-services',
  one: healthcareServiceApiPaths.healthcareService,
  create: healthcareServiceApiPaths.create,
  // A location's page lists its services: one moved to another location, or added, changes both pages.
  alsoChanged: [['locations']],
});
