import { nhsdConstants, nhsdLocationTypeFor, nhsdMessages, nhsdPartnerCodes } from '@pca/contracts';
import type { NhsdAppliesTo } from '@pca/contracts';
import type { z } from 'zod';
import type { NhsdImportRequest } from '@pca/contracts';
import {
  DirectoryUnavailableError,
  type DirectoryService,
  type NhsdDirectory,
} from '#integrations/nhsd/index.ts';
import type { AppDeps } from '#platform/deps.ts';
import { NotFoundError, ValidationError } from '#platform/errors.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import type { nhsdDestination } from './destination.ts';
import { cannotImportHere, directoryProblem, duplicateType, identifierInUse } from './problems.ts';
import type { nhsdPublication } from './publication.ts';
import { nhsdImportRepository as repo, type LocationRow } from './repository.ts';

export type ImportRequest = z.output<typeof NhsdImportRequest>;

export const locationTypeOf = (appliesTo: NhsdAppliesTo) => {
  const code = nhsdLocationTypeFor[appliesTo];
  return code ? [code] : [];
};

const sameTypes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((t) => b.includes(t));

/** What an import will write, once every rule has passed. */
export interface ImportPlan {
  organisationId: string;
  /** The chosen location, or null for the pseudo-location '0' (a new one from the first service). */
  location: LocationRow | null;
  services: DirectoryService[];
  appliesTo: NhsdAppliesTo;
  subscriptions: Array<{
    partnerServiceId: string;
    code: string;
    informationUseStatementId: string;
    publishFuturePractitioners: boolean;
    /** Chosen in the publication step now: the organisation's standing preference is saved too. */
    chosen: boolean;
  }>;
  /** Where the standing preferences live: the tree's root (its participating organisation). */
  preferenceOrganisationId: string;
}

/**
 * Checking an import before "Import now" (docs/decisions/028-nhsd-import.md): the plan of what it will write,
 * read from the directory and the database with every rule applied, and the in-use and duplicate-type rules
 * the import reads again in its own transaction.
 */
export function nhsdImportPlan(
  deps: Pick<AppDeps, 'db' | 'config'>,
  directory: NhsdDirectory,
  destination: Pick<ReturnType<typeof nhsdDestination>, 'importableIds' | 'requireImportable'>,
  publication: Pick<ReturnType<typeof nhsdPublication>, 'offeredPartners'>,
) {
  const { db } = deps;
  const { importableIds, requireImportable } = destination;
  const { offeredPartners } = publication;

  async function plan(auth: AuthContext, request: ImportRequest): Promise<ImportPlan> {
    requireImportable(auth, request.organisationId);

    let location: LocationRow | null = null;
    if (request.locationId) {
      const row = await repo.locationById(db, request.locationId);
      if (!row) throw new NotFoundError('The location does not exist.');
      if (!importableIds(auth).has(row.organisationId)) throw cannotImportHere();
      if (row.organisationId !== request.organisationId || !row.isActive)
        throw new ValidationError([
          { field: 'locationId', message: 'Choose an active location of this organisation' },
        ]);
      location = row;
    }

    const ids = [...new Set(request.importIds)];
    let services: DirectoryService[];
    try {
      services = await directory.getByIds(ids);
    } catch (error) {
      if (error instanceof DirectoryUnavailableError)
        throw directoryProblem(nhsdMessages.importError, error);
      throw error;
    }
    const byId = new Map(services.map((s) => [s.nhsdResourceIdentifier, s]));
    if (ids.some((id) => !byId.has(id)))
      throw new ValidationError([
        {
          field: 'importIds',
          message: 'One or more of the selected services are not in the directory',
        },
      ]);
    const ordered = ids.map((id) => byId.get(id)!);
    const appliesTo = ordered[0]!.appliesTo;
    if (ordered.some((s) => s.appliesTo !== appliesTo))
      throw new ValidationError([
        { field: 'importIds', message: 'Select services of one practice or business type' },
      ]);
    if (location && !sameTypes(location.type, locationTypeOf(appliesTo)))
      throw new ValidationError([
        {
          field: 'locationId',
          message: 'Choose a location of the services’ practice or business type',
        },
      ]);

    const subscriptions = await subscriptionsFor(request);
    const chain = await repo.organisationChain(db, request.organisationId);
    return {
      organisationId: request.organisationId,
      location,
      services: ordered,
      appliesTo,
      subscriptions,
      preferenceOrganisationId: chain.at(-1) ?? request.organisationId,
    };
  }

  /**
   * The subscriptions an import writes: those chosen in the publication step (each a directory partner offered
   * here, on its latest statement), the providers-only directory with the national one, and every directory
   * partner the organisation already publishes to by its standing preference.
   */
  async function subscriptionsFor(request: ImportRequest): Promise<ImportPlan['subscriptions']> {
    const partners = await offeredPartners(nhsdConstants.partnerServiceRole);
    const byId = new Map(partners.map((p) => [p.id, p]));
    const chosen: ImportPlan['subscriptions'] = [];
    for (const [n, s] of request.nhsdSubscriptions.entries()) {
      const partner = byId.get(s.partnerServiceId);
      if (!partner || partner.statementId !== s.informationUseStatementId)
        throw new ValidationError([
          {
            field: `nhsdSubscriptions.${n}`,
            message: 'Accept the latest information use statement of a directory offered here',
          },
        ]);
      if (chosen.some((c) => c.partnerServiceId === partner.id)) continue;
      chosen.push({
        partnerServiceId: partner.id,
        code: partner.code,
        informationUseStatementId: partner.statementId,
        publishFuturePractitioners: s.subscribeFuturePractitioners,
        chosen: true,
      });
    }
    // Choosing the directory for providers and consumers also subscribes the providers-only one.
    const national = chosen.find((c) => c.code === nhsdPartnerCodes.directory);
    const providers = partners.find((p) => p.code === nhsdPartnerCodes.directoryProviders);
    if (national && providers && !chosen.some((c) => c.partnerServiceId === providers.id))
      chosen.push({
        partnerServiceId: providers.id,
        code: providers.code,
        informationUseStatementId: providers.statementId,
        publishFuturePractitioners: national.publishFuturePractitioners,
        chosen: true,
      });
    const standing = await repo.preferencesFor(db, request.organisationId);
    for (const p of standing)
      if (
        p.publishService &&
        byId.has(p.partnerServiceId) &&
        !chosen.some((c) => c.partnerServiceId === p.partnerServiceId)
      )
        chosen.push({
          partnerServiceId: p.partnerServiceId,
          code: p.partnerServiceCode,
          informationUseStatementId: p.informationUseStatementId,
          publishFuturePractitioners: p.publishFuturePractitioners,
          chosen: false,
        });
    return chosen;
  }

  /** The in-use and duplicate-type rules, read through `executor` (the import's own transaction). */
  async function checkConflicts(
    executor: Parameters<typeof repo.identifiersInUse>[0],
    p: ImportPlan,
  ) {
    const inUse = await repo.identifiersInUse(
      executor,
      p.services.map((s) => s.nhsdResourceIdentifier),
    );
    if (inUse.size) throw identifierInUse();
    const taken = p.location
      ? await repo.serviceTypesAt(executor, p.location.id)
      : new Set<string>();
    for (const s of p.services) {
      const type = s.serviceTypes[0] ?? '';
      if (taken.has(type)) throw duplicateType(type);
      taken.add(type);
    }
  }

  return {
    plan,
    checkConflicts,

    /** Every rule of the import, nothing written: 403, 400, 404, 409 (in use, duplicate type) or fine. */
    async validate(auth: AuthContext, request: ImportRequest): Promise<void> {
      await checkConflicts(db, await plan(auth, request));
    },
  };
}
