import type { RoleType } from '@pca/contracts';

/**
 * What a user may reach, read with the session on every request (platform/auth/session-context.ts):
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

/**
 * The scope of a session acting for a practitioner it manages: no organisation or service role and not
 * the operator, whatever the user holds in their own account
 * (docs/decisions/055-hpii-lookup-and-managing-powers.md).
 */
export function withoutOrganisationPowers(userId: string): AccessScope {
  return {
    userId,
    isOperator: false,
    organisationRoles: new Map(),
    serviceRoles: new Map(),
    serviceOrganisation: new Map(),
  };
}
