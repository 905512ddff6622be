import type { OrganisationType } from '@pca/contracts';

// SPA paths of the businesses section (organisations, locations, healthcare services, registration).

/** View page of an organisation by its type. */
export function organisationPath(type: OrganisationType, id: string): string {
  return type === 'HiOrganisation' ? `/organisation/hi/${id}` : `/organisation/participating/${id}`;
}
/** A location's page. */
export const locationPath = (id: string) => `/location/${id}`;
/** A healthcare service's page. */
export const healthcareServicePath = (id: string) => `/healthcare-service/${id}`;
/** Adds a location to an organisation. */
export const addLocationPath = (organisationId: string) =>
  `/location/add?organisationId=${encodeURIComponent(organisationId)}`;
/** Adds a healthcare service to an organisation. */
export const addHealthcareServicePath = (organisationId: string) =>
  `/healthcare-service/add?organisationId=${encodeURIComponent(organisationId)}`;
/** Register a business (new) or continue one in Pending Submission. */
export const registerBusinessPath = (organisationId?: string) =>
  organisationId
    ? `/organisation/participating/add-edit-v2/${organisationId}`
    : '/organisation/participating/add-edit-v2';
