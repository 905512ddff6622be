import { eq, inArray, sql } from 'drizzle-orm';
import type { RoleType } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { healthcareServices, organisations, roleMemberships } from '#db/schema/index.ts';

/**
 * What a user may reach, computed on the server for every request that needs it:
 * organisation roles are inherited down the organisation tree; service roles apply to one service;
 * PcaOperator is global.
 */
export interface AccessScope {
  userId: string;
  isOperator: boolean;
  /** Effective roles per organisation id (direct or inherited from an ancestor). */
  organisationRoles: Map<string, Set<RoleType>>;
  /** Roles held directly on a healthcare service, per service id. */
  serviceRoles: Map<string, Set<RoleType>>;
  /** Organisation id of each service in serviceRoles. */
  serviceOrganisation: Map<string, string>;
}

const add = <K>(map: Map<K, Set<RoleType>>, key: K, role: RoleType) => {
  const set = map.get(key) ?? new Set<RoleType>();
  set.add(role);
  map.set(key, set);
};

/** Loads the user's effective roles in two queries (a recursive walk down the organisation tree). */
export async function loadAccessScope(db: Database, userId: string): Promise<AccessScope> {
  // Both drivers answer raw SQL with `{ rows }`.
  const inherited = (await db.execute(sql`
    with recursive scoped(organisation_id, role_type) as (
      select ${roleMemberships.organisationId}, ${roleMemberships.roleType}
        from ${roleMemberships}
       where ${roleMemberships.userId} = ${userId} and ${roleMemberships.organisationId} is not null
      union
      select o.id, s.role_type from ${organisations} o join scoped s on o.parent_id = s.organisation_id
    )
    select organisation_id, role_type from scoped`)) as unknown as {
    rows: Array<{ organisation_id: string; role_type: RoleType }>;
  };
  const direct = await db
    .select({
      roleType: roleMemberships.roleType,
      healthcareServiceId: roleMemberships.healthcareServiceId,
      serviceOrganisationId: healthcareServices.organisationId,
    })
    .from(roleMemberships)
    .leftJoin(healthcareServices, eq(healthcareServices.id, roleMemberships.healthcareServiceId))
    .where(eq(roleMemberships.userId, userId));

  const scope: AccessScope = {
    userId,
    isOperator: direct.some((r) => r.roleType === 'PcaOperator'),
    organisationRoles: new Map(),
    serviceRoles: new Map(),
    serviceOrganisation: new Map(),
  };
  for (const row of inherited.rows)
    add(scope.organisationRoles, row.organisation_id, row.role_type);
  for (const row of direct) {
    if (row.healthcareServiceId && row.serviceOrganisationId) {
      add(scope.serviceRoles, row.healthcareServiceId, row.roleType as RoleType);
      scope.serviceOrganisation.set(row.healthcareServiceId, row.serviceOrganisationId);
    }
  }
  return scope;
}

/** Effective roles on an organisation. */
export function rolesOnOrganisation(scope: AccessScope, organisationId: string): RoleType[] {
  return [...(scope.organisationRoles.get(organisationId) ?? [])];
}

/** Effective roles on a healthcare service: its organisation's roles plus roles held on the service itself. */
export function rolesOnService(
  scope: AccessScope,
  service: { id: string; organisationId: string },
): RoleType[] {
  return [
    ...new Set([
      ...rolesOnOrganisation(scope, service.organisationId),
      ...(scope.serviceRoles.get(service.id) ?? []),
    ]),
  ];
}

/** Organisation ids the user can read something in (any effective role, or a role on one of its services). */
export function reachableOrganisationIds(scope: AccessScope): string[] {
  return [...new Set([...scope.organisationRoles.keys(), ...scope.serviceOrganisation.values()])];
}

/** Ids of every ancestor (and the organisation itself), walking parent links; for building trees. */
export async function withAncestors(db: Database, ids: string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  let frontier = ids;
  while (frontier.length) {
    const rows = await db
      .select({ id: organisations.id, parentId: organisations.parentId })
      .from(organisations)
      .where(inArray(organisations.id, frontier));
    frontier = [];
    for (const r of rows) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      if (r.parentId && !seen.has(r.parentId)) frontier.push(r.parentId);
    }
  }
  return seen;
}
