import type { PublishEntities, RoleType } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { rolesOnOrganisation, rolesOnService, type AccessScope } from '#platform/access/scope.ts';
import { publishSelectorRepository } from './repository.ts';

const manages = (roles: RoleType[]) =>
  roles.includes('OrganisationManager') || roles.includes('HealthcareServiceManager');

/** The publish entity selector (docs/product/features.md#publish-selector). */
export function publishSelectorService(db: Database) {
  const repo = publishSelectorRepository(db);

  /** The healthcare services, organisations and locations the user manages. */
  async function managedEntities(scope: AccessScope): Promise<PublishEntities> {
    const managedOrganisationIds = [...scope.organisationRoles.keys()].filter((id) =>
      manages(rolesOnOrganisation(scope, id)),
    );
    const [orgs, services, locs] = await Promise.all([
      repo.organisations(managedOrganisationIds),
      repo.services(managedOrganisationIds, [...scope.serviceRoles.keys()]),
      repo.locations(managedOrganisationIds),
    ]);
    return {
      healthcareServices: services
        .filter((s) => manages(rolesOnService(scope, s)))
        .map((s) => ({ id: s.id, name: s.name, context: s.organisationName })),
      organisations: orgs.map((o) => ({
        id: o.id,
        name: o.name,
        type: o.type,
        context: o.parentName ?? null,
      })),
      locations: locs.map((l) => ({ id: l.id, name: l.name, context: l.organisationName })),
    };
  }

  return { managedEntities };
}
