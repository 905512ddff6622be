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
  // Independent reads, issued together. Both drivers answer raw SQL with `{ rows }`.
  const [inherited, direct] = await Promise.all([
    db.execute(sql`
      with recursive scoped(organisation_id, role_type) as (
        select ${roleMemberships.organisationId}, ${roleMemberships.roleType}
          from ${roleMemberships}
         where ${roleMemberships.userId} = ${userId} and ${roleMemberships.organisationId} is not null
        union
        select o.id, s.role_type from ${organisations} o join scoped s on o.parent_id = s.organisation_id
      )
      select organisation_id, role_type from scoped`) as unknown as Promise<{
      rows: Array<{ organisation_id: string; role_type: RoleType }>;
    }>,
    db
      .select({
        roleType: roleMemberships.roleType,
        healthcareServiceId: roleMemberships.healthcareServiceId,
        serviceOrganisationId: healthcareServices.organisationId,
      })
      .from(roleMemberships)
      .leftJoin(healthcareServices, eq(healthcareServices.id, roleMemberships.healthcareServiceId))
      .where(eq(roleMemberships.userId, userId)),
  ]);

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
      add(scope.serviceRoles, row.healthcareServiceId, row.roleType);
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

/** Ids of every ancestor (and the organisation itself), walking parent links in one recursive query. */
export async function withAncestors(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  // Both drivers answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`
    with recursive up(id, parent_id) as (
      select ${organisations.id}, ${organisations.parentId}
        from ${organisations} where ${inArray(organisations.id, ids)}
      union
      select o.id, o.parent_id from ${organisations} o join up on o.id = up.parent_id
    )
    select id from up`)) as unknown as { rows: Array<{ id: string }> };
  return new Set(result.rows.map((r) => r.id));
}
