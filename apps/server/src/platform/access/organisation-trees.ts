import type { OrganisationNode, RoleType } from '@pca/contracts';
import { type AccessScope, rolesOnOrganisation } from '#platform/access/scope.ts';
import type { ScopedOrganisation } from '#platform/auth/session-context.ts';

/**
 * The user's organisation trees: every organisation where they hold an effective role or a role on one of
 * its services, with the ancestors that place it in its tree (those show empty effectiveRoles). Built from
 * the organisations `authenticate` already read with the session.
 */
export function organisationTrees(
  rows: ScopedOrganisation[],
  scope: AccessScope,
): OrganisationNode[] {
  const serviceRolesByOrganisation = new Map<string, OrganisationNode['serviceRoles']>();
  for (const [serviceId, roles] of scope.serviceRoles) {
    const orgId = scope.serviceOrganisation.get(serviceId)!;
    const list = serviceRolesByOrganisation.get(orgId) ?? [];
    list.push({ healthcareServiceId: serviceId, roles: [...roles] as RoleType[] });
    serviceRolesByOrganisation.set(orgId, list);
  }

  const nodes = new Map<string, OrganisationNode>(
    rows.map((o) => [
      o.id,
      {
        id: o.id,
        type: o.type,
        name: o.name,
        alias: o.alias,
        businessName: o.businessName,
        isPublisher: o.isPublisher,
        publisherApprovalStatus: o.publisherApprovalStatus ?? null,
        status: o.status,
        isActive: o.status === 'Active',
        dateCreated: o.createdAt.toISOString(),
        effectiveRoles: rolesOnOrganisation(scope, o.id),
        serviceRoles: serviceRolesByOrganisation.get(o.id) ?? [],
        children: [],
      },
    ]),
  );
  const roots: OrganisationNode[] = [];
  for (const o of rows) {
    const node = nodes.get(o.id)!;
    const parent = o.parentId ? nodes.get(o.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const byName = (a: OrganisationNode, b: OrganisationNode) =>
    a.name.localeCompare(b.name, 'en-AU');
  const sortTree = (list: OrganisationNode[]) => {
    list.sort(byName);
    for (const n of list) sortTree(n.children);
  };
  sortTree(roots);
  return roots;
}
