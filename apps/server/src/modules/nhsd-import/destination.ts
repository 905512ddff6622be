import {
  nhsdAddressText,
  nhsdConstants,
  type NhsdImportOrganisationNode,
  type NhsdLocationSearchResult,
  type OrganisationNode,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { accessOf } from '#platform/access/guards.ts';
import { cannotImportHere } from './problems.ts';
import { nhsdImportRepository as repo } from './repository.ts';

/**
 * The organisation trees the caller may import into (docs/product/features.md#feature-permissions): trees whose
 * root is an active, approved participating organisation; in them, the active organisations where the caller is
 * OrganisationManager (directly or inherited). An organisation without the role is left out and its managed
 * children move up in its place; an inactive one is left out with everything beneath it.
 */
export function importableTrees(trees: OrganisationNode[]): NhsdImportOrganisationNode[] {
  const prune = (node: OrganisationNode): NhsdImportOrganisationNode[] => {
    if (!node.isActive) return [];
    const children = node.children.flatMap(prune);
    if (!node.effectiveRoles.includes('OrganisationManager')) return children;
    return [
      {
        id: node.id,
        type: node.type,
        name: node.name,
        isActive: node.isActive,
        effectiveRoles: node.effectiveRoles,
        children,
      },
    ];
  };
  return trees
    .filter(
      (root) =>
        root.type === 'ParticipatingOrganisation' &&
        root.publisherApprovalStatus === 'Approved' &&
        root.isActive,
    )
    .flatMap(prune);
}

function idsOf(nodes: NhsdImportOrganisationNode[], into = new Set<string>()): Set<string> {
  for (const n of nodes) {
    into.add(n.id);
    idsOf(n.children, into);
  }
  return into;
}

/**
 * Step 4 of the wizard, where the services import to (docs/decisions/029-nhsd-import-wizard.md): the
 * organisations the caller may import into, and their active locations a page at a time.
 */
export function nhsdDestination(deps: Pick<AppDeps, 'db' | 'config'>) {
  const { db } = deps;

  /** The organisation ids the caller may import into (403 for any other). */
  const importableIds = (auth: AuthContext) => idsOf(importableTrees(accessOf(deps, auth).trees));

  function requireImportable(auth: AuthContext, organisationId: string) {
    if (!importableIds(auth).has(organisationId)) throw cannotImportHere();
  }

  return {
    importableIds,
    requireImportable,

    organisations: (auth: AuthContext) => ({
      organisations: importableTrees(accessOf(deps, auth).trees),
    }),

    /** One page of an importable organisation's active locations with their type codes. */
    async locations(
      auth: AuthContext,
      organisationId: string,
      page: number,
    ): Promise<NhsdLocationSearchResult> {
      requireImportable(auth, organisationId);
      const { rows, total } = await repo.activeLocations(
        db,
        organisationId,
        page,
        nhsdConstants.locationPageSize,
      );
      return {
        items: rows.map((l) => ({
          locationId: l.id,
          name: l.name,
          addressText: nhsdAddressText({
            addressLines: l.addressLines,
            city: l.locality ?? '',
            state: l.state ?? '',
            postcode: l.postcode ?? '',
          }),
          type: l.type,
        })),
        page,
        total,
      };
    },
  };
}
