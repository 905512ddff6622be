import { nhsdConstants, nhsdLocationTypeFor, nhsdMessages, nhsdPartnerCodes } from '@pca/contracts';
import type { NhsdAppliesTo, OrganisationType } from '@pca/contracts';
import type { z } from 'zod';
import type { NhsdImportRequest } from '@pca/contracts';
import {
  DirectoryUnavailableError,
  type DirectoryService,
  type NhsdDirectory,
} from '#integrations/nhsd/index.ts';
import type { AppDeps } from '#platform/deps.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '#platform/errors.ts';
import { organisationAccess } from '#platform/entities/access.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import type { nhsdDestination } from './destination.ts';
import {
  cannotImportHere,
  directoryProblem,
  duplicateType,
  identifierInUse,
  statementNotLatest,
} from './problems.ts';
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
  /** The partners chosen in the publication step, each on the statement the step showed and sent. */
  subscriptions: Array<{
    partnerServiceId: string;
    code: string;
    /** The partner's name and the version of its statement (for the preference's audit event and mail). */
    partnerName: string;
    version: number;
    informationUseStatementId: string;
    publishFuturePractitioners: boolean;
    /** A directory: the organisation's standing preference is saved too (docs/decisions/028-nhsd-import.md). */
    standing: boolean;
  }>;
  /**
   * Partners the services would inherit a publication to under an older statement (or one nobody is recorded
   * as accepting), not accepted again in the step: the services get their own "not published" choice.
   */
  withheld: string[];
  /**
   * Where the standing preferences are saved (null: no directory was chosen, so none is): the highest
   * organisation of the chain that the caller may change on the Partner services tab.
   */
  preference: PreferenceLevel | null;
}

/**
 * The organisation whose standing choice an import saves: the highest of the organisation and those above it
 * where the caller is OrganisationManager (directly or inherited), as `organisationAccess` decides for a change
 * of an organisation's publication on the Partner services tab — the tree's root for a manager of the group,
 * the organisation itself for a manager of it alone, never a level the caller could not change there.
 */
export interface PreferenceLevel {
  organisationId: string;
  name: string;
  type: OrganisationType;
  /** It and the organisations above it, nearest first: their publication email recipients are mailed. */
  organisationIds: string[];
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
  publication: Pick<ReturnType<typeof nhsdPublication>, 'offeredPartners' | 'inherited'>,
) {
  const { db } = deps;
  const { importableIds, requireImportable } = destination;
  const { offeredPartners, inherited } = publication;

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

    const { subscriptions, withheld } = await subscriptionsFor(request, location);
    const preference = subscriptions.some((s) => s.standing)
      ? await preferenceLevel(auth, request.organisationId)
      : null;
    return {
      organisationId: request.organisationId,
      location,
      services: ordered,
      appliesTo,
      subscriptions,
      withheld,
      preference,
    };
  }

  /** The highest organisation of the chain the caller may change publications of (PreferenceLevel). */
  async function preferenceLevel(
    auth: AuthContext,
    organisationId: string,
  ): Promise<PreferenceLevel> {
    const chain = await repo.organisationChain(db, organisationId);
    // From the root down: the first the caller may edit. Roles are inherited downwards, so every
    // organisation below it (down to the one imported into, which the caller manages) is theirs too.
    for (const [n, id] of [...chain.entries()].reverse()) {
      const access = await organisationAccess(db, auth.scope, id).catch((error: unknown) => {
        // No role there at all: not a level the caller can change.
        if (error instanceof ForbiddenError) return null;
        throw error;
      });
      if (access?.canEdit)
        return {
          organisationId: id,
          name: access.organisation.name,
          type: access.organisation.type,
          organisationIds: chain.slice(n),
        };
    }
    // requireImportable has checked the caller manages the organisation imported into.
    throw cannotImportHere();
  }

  /**
   * The publication choices an import writes (docs/decisions/056-publications-need-current-acceptance.md):
   * only those the person made in the publication step, each on the statement the step showed them — a
   * directory offered here, or a partner the services would inherit under an older statement. A statement of
   * the partner that is not its latest is 409 (the step showed an old one), anything else 400. The national
   * directory brings the providers-only one along, whose statement must have been shown and sent too. What
   * the organisation already publishes is inherited, not copied; an inherited publication that is not on the
   * current statement and was not accepted again is withheld.
   */
  async function subscriptionsFor(
    request: ImportRequest,
    location: LocationRow | null,
  ): Promise<Pick<ImportPlan, 'subscriptions' | 'withheld'>> {
    const [directories, everyPartner, inheritedHere] = await Promise.all([
      offeredPartners(nhsdConstants.partnerServiceRole),
      repo.partnersWithLatestStatement(db),
      inherited(request.organisationId, location ? { id: location.id, name: location.name } : null),
    ]);
    const isDirectory = new Set(directories.map((p) => p.id));
    const renewable = new Set(inheritedHere.filter((i) => !i.current).map((i) => i.partner.id));
    const latest = new Map(everyPartner.map((p) => [p.id, p]));
    const chosen: ImportPlan['subscriptions'] = [];
    for (const [n, s] of request.nhsdSubscriptions.entries()) {
      const partner = latest.get(s.partnerServiceId);
      const statement = await repo.statement(db, s.informationUseStatementId);
      if (
        !partner ||
        !(isDirectory.has(partner.id) || renewable.has(partner.id)) ||
        statement?.partnerServiceId !== partner.id
      )
        throw new ValidationError([
          {
            field: `nhsdSubscriptions.${n}`,
            message:
              'Choose a directory offered here, or a partner whose inherited publication needs its latest statement accepted, with one of its statements',
          },
        ]);
      if (partner.statementId !== s.informationUseStatementId)
        throw statementNotLatest(partner.name);
      if (chosen.some((c) => c.partnerServiceId === partner.id)) continue;
      chosen.push({
        partnerServiceId: partner.id,
        code: partner.code,
        partnerName: partner.name,
        version: partner.version,
        informationUseStatementId: partner.statementId,
        publishFuturePractitioners: s.subscribeFuturePractitioners,
        standing: isDirectory.has(partner.id),
      });
    }
    // Choosing the directory for providers and consumers also subscribes the providers-only one: the step
    // shows its statement too, and sends it.
    const national = chosen.find((c) => c.code === nhsdPartnerCodes.directory);
    const providers = directories.find((p) => p.code === nhsdPartnerCodes.directoryProviders);
    if (national && providers && !chosen.some((c) => c.partnerServiceId === providers.id))
      throw new ValidationError([
        {
          field: 'nhsdSubscriptions',
          message: `Publishing to ${latest.get(national.partnerServiceId)?.name ?? 'the national directory'} also publishes to ${providers.name}: accept its information use statement too`,
        },
      ]);
    const withheld = [...renewable].filter((id) => !chosen.some((c) => c.partnerServiceId === id));
    return { subscriptions: chosen, withheld };
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
