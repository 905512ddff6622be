import {
  nhsdAddressText,
  nhsdConstants,
  nhsdLocationTypeFor,
  nhsdMessages,
  nhsdPartnerCodes,
  nhsdProblemTypes,
  type NhsdAppliesTo,
  type NhsdBanner,
  type NhsdImportOrganisationNode,
  type NhsdImportResult,
  type NhsdLocationSearchResult,
  type NhsdSearchResult,
  type OrganisationNode,
  type PartnerServiceSearchResult,
  type PublicationPreferenceStatus,
  type RuntimeConfig,
} from '@pca/contracts';
import type { z } from 'zod';
import type { NhsdFindRequest, NhsdImportRequest, PartnerServicesQuery } from '@pca/contracts';
import {
  DirectoryUnavailableError,
  type DirectoryService,
  type NhsdDirectory,
} from '#integrations/nhsd/index.ts';
import { appendAudit } from '#platform/audit.ts';
import type { AppDeps } from '#platform/deps.ts';
import { ForbiddenError, HttpError, NotFoundError, ValidationError } from '#platform/errors.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { accessOf } from '#platform/access/guards.ts';
import { nhsdImportRepository as repo, type LocationRow } from './repository.ts';

type FindRequest = z.output<typeof NhsdFindRequest>;
type ImportRequest = z.output<typeof NhsdImportRequest>;
type PartnerQuery = z.output<typeof PartnerServicesQuery>;

/** The slug of one of the import's problem types (`/problems/<slug>`). */
const slug = (type: string) => type.replace(/^\/problems\//, '');

/** The directory could not answer: the §8 message of what was being done, as a 502 problem, never a 500. */
const directoryProblem = (detail: string, cause: unknown) =>
  new HttpError(
    502,
    'Directory unavailable',
    detail,
    slug(nhsdProblemTypes.directoryUnavailable),
    undefined,
    { cause },
  );

const identifierInUse = () =>
  new HttpError(
    409,
    'Conflict',
    nhsdMessages.identifierInUse,
    slug(nhsdProblemTypes.identifierInUse),
  );

const duplicateType = (type: string) =>
  new HttpError(
    409,
    'Conflict',
    `${nhsdMessages.duplicateServiceTypeDetail} '${type}'.`,
    slug(nhsdProblemTypes.duplicateServiceType),
  );

const cannotImportHere = () =>
  new ForbiddenError('You cannot import services into this organisation or location.');

/** Whether the error is the unique constraint on healthcare_services.nhsd_resource_identifier refusing a row. */
export function isIdentifierTaken(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
  if (
    e.code === '23505' &&
    (e.constraint === 'healthcare_services_nhsd_resource_identifier_unique' ||
      (typeof e.message === 'string' &&
        e.message.includes('healthcare_services_nhsd_resource_identifier_unique')))
  )
    return true;
  return isIdentifierTaken(e.cause, depth + 1);
}

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

/** Whether a partner service's feature flag (if any) is on in this deployment. */
function flagOn(features: RuntimeConfig['features'], flag: string | null) {
  return flag === null || (features as Record<string, boolean>)[flag] === true;
}

const locationTypeOf = (appliesTo: NhsdAppliesTo) => {
  const code = nhsdLocationTypeFor[appliesTo];
  return code ? [code] : [];
};

const sameTypes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((t) => b.includes(t));

/** What an import will write, once every rule has passed. */
interface ImportPlan {
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
 * The NHSD import (docs/decisions/028-nhsd-import.md): the directory through its adapter, the organisations a
 * manager may import into, the duplicate and in-use rules, and the import in one transaction.
 */
export function nhsdImportService(deps: Pick<AppDeps, 'db' | 'config'>, directory: NhsdDirectory) {
  const { db, config } = deps;
  const features = config.runtime.features;

  /** The organisation ids the caller may import into (403 for any other). */
  const importableIds = (auth: AuthContext) => idsOf(importableTrees(accessOf(deps, auth).trees));

  function requireImportable(auth: AuthContext, organisationId: string) {
    if (!importableIds(auth).has(organisationId)) throw cannotImportHere();
  }

  /** Directory partners offered here, each with its latest statement (flags applied). */
  async function offeredPartners(role: string) {
    const rows = await repo.partnerServicesWithLatestStatement(db, role);
    return rows.filter((p) => flagOn(features, p.featureFlag));
  }

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
    /** The directory's banner: under maintenance, the Outage warning's text. */
    async banner(): Promise<NhsdBanner> {
      const { maintenance } = await directory.banner();
      return { maintenance, message: maintenance ? nhsdMessages.maintenance : null };
    },

    /** Directory services of a business type at a place or by name, with the in-use flag and the names offered. */
    async find(query: FindRequest): Promise<NhsdSearchResult> {
      let found: DirectoryService[];
      try {
        found = await directory.findByType({ ...query, limit: nhsdConstants.searchLimit });
      } catch (error) {
        if (error instanceof DirectoryUnavailableError)
          throw directoryProblem(nhsdMessages.searchError, error);
        throw error;
      }
      const inUse = await repo.identifiersInUse(
        db,
        found.map((s) => s.nhsdResourceIdentifier),
      );
      const services = found.map((s) => ({
        nhsdResourceIdentifier: s.nhsdResourceIdentifier,
        name: s.name,
        serviceTypes: s.serviceTypes,
        organisationName: s.organisationName,
        addressLines: s.addressLines,
        city: s.city,
        postcode: s.postcode,
        state: s.state,
        appliesTo: s.appliesTo,
        addressText: nhsdAddressText(s),
        identifierAlreadyInUse: inUse.has(s.nhsdResourceIdentifier),
      }));
      const names = new Map<string, { organisationName: string; addressText: string }>();
      for (const s of services)
        names.set(`${s.organisationName}\u0000${s.addressText}`, {
          organisationName: s.organisationName,
          addressText: s.addressText,
        });
      const organisationNames = [...names.values()].sort(
        (a, b) =>
          a.organisationName.localeCompare(b.organisationName, 'en-AU') ||
          a.addressText.localeCompare(b.addressText, 'en-AU'),
      );
      return { services, organisationNames };
    },

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

    /** Whether the organisation (or its tree above it) has preferences for the national directory and Health Connect. */
    async publicationPreferences(
      auth: AuthContext,
      organisationId: string,
    ): Promise<PublicationPreferenceStatus> {
      requireImportable(auth, organisationId);
      const preferences = await repo.preferencesFor(db, organisationId);
      const has = (code: string) => preferences.some((p) => p.partnerServiceCode === code);
      return {
        hasHcaPublicationPreferences: has(nhsdPartnerCodes.healthConnect),
        hasNhsdPublicationPreferences: has(nhsdPartnerCodes.directory),
        organisationPublicationPreferences: preferences.map((p) => ({
          partnerServiceId: p.partnerServiceId,
          partnerServiceCode: p.partnerServiceCode,
          hasAcceptedAutoPublishPartnerService: p.publishService,
          informationUseStatementId: p.informationUseStatementId,
          hasAcceptedAutoPublishNewPractitioners: p.publishFuturePractitioners,
        })),
      };
    },

    /** Partner services of a subscriber role offered here (feature flags applied), 50 a page. */
    async partnerServices(
      auth: AuthContext,
      organisationId: string,
      query: PartnerQuery,
    ): Promise<PartnerServiceSearchResult> {
      requireImportable(auth, organisationId);
      const [partners, preferences] = await Promise.all([
        offeredPartners(query.role),
        repo.preferencesFor(db, organisationId),
      ]);
      const accepted = new Map(
        preferences.map((p) => [p.partnerServiceId, p.informationUseStatementId]),
      );
      const size = nhsdConstants.partnerServicePageSize;
      return {
        items: partners.slice((query.page - 1) * size, query.page * size).map((p) => ({
          id: p.id,
          code: p.code,
          name: p.name,
          informationUseStatement: {
            id: p.statementId,
            version: p.version,
            title: p.title,
            content: p.content,
          },
          hasAcceptedLatestVersionIus: accepted.get(p.id) === p.statementId,
          subscribedWith:
            p.code === nhsdPartnerCodes.directoryProviders ? nhsdPartnerCodes.directory : null,
        })),
        page: query.page,
        total: partners.length,
      };
    },

    /** Every rule of the import, nothing written: 403, 400, 404, 409 (in use, duplicate type) or fine. */
    async validate(auth: AuthContext, request: ImportRequest): Promise<void> {
      await checkConflicts(db, await plan(auth, request));
    },

    /**
     * The import, in one transaction: the new location (pseudo-location '0'), the healthcare services, their
     * subscriptions, the preferences chosen now, and an audit event for each. The rules are read again inside
     * the transaction; the unique identifier decides a race (the loser gets the in-use 409, nothing written),
     * and the chosen location's row lock makes the duplicate-type rule hold between concurrent imports.
     */
    async import(
      auth: AuthContext,
      request: ImportRequest,
      requestId: string,
    ): Promise<NhsdImportResult> {
      const p = await plan(auth, request);
      const actor = {
        actorUserId: auth.user.id,
        actingForPractitionerId: auth.currentUser.managingPractitioner?.id ?? null,
        requestId,
      };
      try {
        return await db.transaction(async (tx) => {
          if (p.location) await repo.lockLocation(tx, p.location.id);
          await checkConflicts(tx, p);
          let location = p.location;
          const first = p.services[0]!;
          if (!location) {
            const physical = p.appliesTo === 'si';
            location = await repo.insertLocation(tx, {
              organisationId: p.organisationId,
              name:
                physical && first.city
                  ? `${first.organisationName} ${first.city}`
                  : first.organisationName,
              type: locationTypeOf(p.appliesTo),
              addressLines: physical ? first.addressLines : [],
              locality: physical ? first.city || null : null,
              postcode: physical ? first.postcode || null : null,
              state: physical ? first.state || null : null,
              phone: first.phone,
              email: first.email,
              website: first.website,
            });
            await appendAudit(tx, {
              ...actor,
              action: 'location.created',
              entityType: 'Location',
              entityId: location.id,
              changedFields: {
                source: 'nhsd-import',
                nhsdResourceIdentifier: first.nhsdResourceIdentifier,
                name: location.name,
                type: location.type,
                addressLines: location.addressLines,
                locality: location.locality,
                postcode: location.postcode,
                state: location.state,
              },
            });
          }
          const created = await repo.insertServices(
            tx,
            p.services.map((s) => ({
              organisationId: p.organisationId,
              locationId: location.id,
              name: s.name,
              serviceType: s.serviceTypes[0] ?? '',
              phone: s.phone,
              email: s.email,
              website: s.website,
              nhsdResourceIdentifier: s.nhsdResourceIdentifier,
            })),
          );
          for (const c of created)
            await appendAudit(tx, {
              ...actor,
              action: 'healthcare-service.imported',
              entityType: 'HealthcareService',
              entityId: c.id,
              changedFields: {
                nhsdResourceIdentifier: c.nhsdResourceIdentifier,
                locationId: location.id,
                organisationId: p.organisationId,
              },
            });
          const subscribed = await repo.insertSubscriptions(
            tx,
            created.flatMap((c) =>
              p.subscriptions.map((s) => ({
                organisationId: p.organisationId,
                healthcareServiceId: c.id,
                partnerServiceId: s.partnerServiceId,
                informationUseStatementId: s.informationUseStatementId,
                publishFuturePractitioners: s.publishFuturePractitioners,
                userId: auth.user.id,
              })),
            ),
          );
          for (const s of subscribed)
            await appendAudit(tx, {
              ...actor,
              action: 'service-subscription.created',
              entityType: 'HealthcareService',
              entityId: s.healthcareServiceId!,
              changedFields: { subscriptionId: s.id, partnerServiceId: s.partnerServiceId },
            });
          for (const s of p.subscriptions.filter((x) => x.chosen)) {
            const id = await repo.savePreference(tx, {
              organisationId: p.preferenceOrganisationId,
              partnerServiceId: s.partnerServiceId,
              informationUseStatementId: s.informationUseStatementId,
              publishFuturePractitioners: s.publishFuturePractitioners,
              userId: auth.user.id,
            });
            await appendAudit(tx, {
              ...actor,
              action: 'publication-preference.saved',
              entityType: 'Organisation',
              entityId: p.preferenceOrganisationId,
              changedFields: {
                preferenceId: id,
                partnerServiceId: s.partnerServiceId,
                informationUseStatementId: s.informationUseStatementId,
                publishService: true,
                publishFuturePractitioners: s.publishFuturePractitioners,
              },
            });
          }
          return {
            locationId: location.id,
            locationName: location.name,
            locationCreated: !p.location,
            healthcareServiceIds: created.map((c) => c.id),
          };
        });
      } catch (error) {
        if (isIdentifierTaken(error)) throw identifierInUse();
        throw error;
      }
    },
  };
}

export type NhsdImportService = ReturnType<typeof nhsdImportService>;
