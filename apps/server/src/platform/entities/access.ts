import { eq } from 'drizzle-orm';
import type { RoleType } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { healthcareServices, locations, organisations } from '#db/schema/index.ts';
import { type AccessScope, rolesOnOrganisation, rolesOnService } from '#platform/access/scope.ts';
import { ForbiddenError, NotFoundError } from '#platform/errors.ts';

type OrganisationRow = typeof organisations.$inferSelect;
type LocationRow = typeof locations.$inferSelect;
type ServiceRow = typeof healthcareServices.$inferSelect;

/** What the caller may do with one business entity. */
export interface EntityAccess {
  scope: AccessScope;
  roles: RoleType[];
  canEdit: boolean;
}

/** Read access to an organisation: any effective role on it, a role on one of its services, or the operator. */
function canReadOrganisation(scope: AccessScope, organisationId: string, roles: RoleType[]) {
  return (
    roles.length > 0 ||
    scope.isOperator ||
    [...scope.serviceOrganisation.values()].includes(organisationId)
  );
}

/**
 * Loads an organisation and the caller's access to it (their effective roles come with the request:
 * `request.auth.scope`): 404 when it does not exist, 403 when the caller has
 * no role there; editing needs OrganisationManager on it or an ancestor.
 */
export async function organisationAccess(
  db: Database,
  scope: AccessScope,
  organisationId: string,
): Promise<EntityAccess & { organisation: OrganisationRow }> {
  const [organisation] = await db
    .select()
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!organisation) throw new NotFoundError('The organisation does not exist.');
  const roles = rolesOnOrganisation(scope, organisationId);
  if (!canReadOrganisation(scope, organisationId, roles)) throw new ForbiddenError();
  return { organisation, scope, roles, canEdit: roles.includes('OrganisationManager') };
}

/** Like organisationAccess, and 403 unless the caller may edit the organisation. */
export async function requireOrganisationManager(
  db: Database,
  scope: AccessScope,
  organisationId: string,
) {
  const access = await organisationAccess(db, scope, organisationId);
  if (!access.canEdit) throw new ForbiddenError('Only an organisation manager can change this.');
  return access;
}

/** A location and the caller's access: read with access to its organisation, edit as its OrganisationManager. */
export async function locationAccess(
  db: Database,
  scope: AccessScope,
  locationId: string,
): Promise<EntityAccess & { location: LocationRow; organisation: OrganisationRow }> {
  const [location] = await db.select().from(locations).where(eq(locations.id, locationId));
  if (!location) throw new NotFoundError('The location does not exist.');
  const access = await organisationAccess(db, scope, location.organisationId);
  return { ...access, location };
}

/**
 * A healthcare service and the caller's access: read with any role on it (its organisation's or its own)
 * or as the operator; edit as OrganisationManager or HealthcareServiceManager.
 */
export async function serviceAccess(
  db: Database,
  scope: AccessScope,
  serviceId: string,
): Promise<EntityAccess & { service: ServiceRow; organisation: OrganisationRow }> {
  const [row] = await db
    .select({ service: healthcareServices, organisation: organisations })
    .from(healthcareServices)
    .innerJoin(organisations, eq(organisations.id, healthcareServices.organisationId))
    .where(eq(healthcareServices.id, serviceId));
  if (!row) throw new NotFoundError('The healthcare service does not exist.');
  const roles = rolesOnService(scope, row.service);
  if (roles.length === 0 && !scope.isOperator) throw new ForbiddenError();
  const canEdit =
    roles.includes('OrganisationManager') || roles.includes('HealthcareServiceManager');
  return { ...row, scope, roles, canEdit };
}
