import {
  nhsdConstants,
  nhsdPartnerCodes,
  type InheritedNhsdPublication,
  type PartnerServiceSearchResult,
  type PublicationPreferenceStatus,
  type RuntimeConfig,
} from '@pca/contracts';
import type { z } from 'zod';
import type { PartnerServicesQuery } from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { ValidationError } from '#platform/errors.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import type { nhsdDestination } from './destination.ts';
import { nhsdImportRepository as repo } from './repository.ts';

type PartnerQuery = z.output<typeof PartnerServicesQuery>;

/** Whether a partner service's feature flag (if any) is on in this deployment. */
function flagOn(features: RuntimeConfig['features'], flag: string | null) {
  return flag === null || (features as Record<string, boolean>)[flag] === true;
}

/** A location the services would import into: its id and name. */
export type ImportLocation = { id: string; name: string };

/**
 * Step 5 of the wizard, publish to the national directories (docs/decisions/029-nhsd-import-wizard.md): the
 * organisation's standing preferences, what services imported at a destination would inherit
 * (docs/decisions/056-publications-need-current-acceptance.md), and the partner services offered here with
 * their latest information use statements.
 */
export function nhsdPublication(
  deps: Pick<AppDeps, 'db' | 'config'>,
  destination: Pick<ReturnType<typeof nhsdDestination>, 'requireImportable'>,
) {
  const { db, config } = deps;
  const features = config.runtime.features;
  const { requireImportable } = destination;

  /** Directory partners offered here, each with its latest statement (flags applied). */
  async function offeredPartners(role: string) {
    const rows = await repo.partnerServicesWithLatestStatement(db, role);
    return rows.filter((p) => flagOn(features, p.featureFlag));
  }

  /**
   * Every partner services imported into the organisation (at `location`, else at a new location) would reach
   * by inheritance: per partner the nearest publication — the location's own, else the organisation's, else
   * the nearest organisation's above it — when it publishes. `current` when it names the partner's latest
   * statement and who accepted it. Every partner counts, whatever its role or flag: this is what the
   * partner API would serve them to.
   */
  async function inherited(
    organisationId: string,
    location: ImportLocation | null,
  ): Promise<InheritedNhsdPublication[]> {
    const chain = await repo.organisationChain(db, organisationId);
    const [partners, rows] = await Promise.all([
      repo.partnersWithLatestStatement(db),
      repo.inheritableRows(db, chain, location?.id ?? null),
    ]);
    const rank = (row: (typeof rows)[number]) =>
      row.locationId ? -1 : chain.indexOf(row.organisationId);
    const found: InheritedNhsdPublication[] = [];
    for (const p of partners) {
      const nearest = rows
        .filter((r) => r.partnerServiceId === p.id)
        .sort((a, b) => rank(a) - rank(b))[0];
      if (!nearest?.publish) continue;
      found.push({
        partner: { id: p.id, code: p.code, name: p.name, role: p.role },
        from:
          nearest.locationId && location
            ? { level: 'location', id: location.id, name: location.name }
            : { level: 'organisation', id: nearest.organisationId, name: nearest.organisationName },
        publishFuturePractitioners: nearest.publishFuturePractitioners,
        acceptedVersion: nearest.acceptedVersion,
        acceptedBy:
          nearest.acceptedByGivenName !== null
            ? `${nearest.acceptedByGivenName} ${nearest.acceptedByFamilyName ?? ''}`.trim()
            : null,
        acceptedAt: nearest.acceptedAt?.toISOString() ?? null,
        latestStatement: {
          id: p.statementId,
          version: p.version,
          title: p.title,
          content: p.content,
        },
        current:
          nearest.informationUseStatementId === p.statementId &&
          nearest.acceptedByUserId !== null &&
          nearest.acceptedAt !== null,
      });
    }
    return found;
  }

  /** The organisation's standing preferences that count: on the partner's latest statement, accepted by a person. */
  async function currentPreferences(organisationId: string) {
    const [preferences, partners] = await Promise.all([
      repo.preferencesFor(db, organisationId),
      repo.partnersWithLatestStatement(db),
    ]);
    const latest = new Map(partners.map((p) => [p.id, p.statementId]));
    return {
      preferences,
      current: preferences.filter(
        (p) =>
          p.acceptedByUserId !== null &&
          latest.get(p.partnerServiceId) === p.informationUseStatementId,
      ),
    };
  }

  return {
    offeredPartners,
    inherited,

    /**
     * Whether the organisation (or its tree above it) has current preferences for the national directory and
     * Health Connect, and what services imported at the location (or a new one) would inherit.
     */
    async publicationPreferences(
      auth: AuthContext,
      organisationId: string,
      locationId?: string,
    ): Promise<PublicationPreferenceStatus> {
      requireImportable(auth, organisationId);
      let location: ImportLocation | null = null;
      if (locationId) {
        const row = await repo.activeLocationOf(db, locationId, organisationId);
        if (!row)
          throw new ValidationError([
            { field: 'locationId', message: 'Choose an active location of this organisation' },
          ]);
        location = { id: row.id, name: row.name };
      }
      const [{ preferences, current }, inheritedHere] = await Promise.all([
        currentPreferences(organisationId),
        inherited(organisationId, location),
      ]);
      const has = (code: string) => current.some((p) => p.partnerServiceCode === code);
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
        inherited: inheritedHere,
      };
    },

    /** Partner services of a subscriber role offered here (feature flags applied), 50 a page. */
    async partnerServices(
      auth: AuthContext,
      organisationId: string,
      query: PartnerQuery,
    ): Promise<PartnerServiceSearchResult> {
      requireImportable(auth, organisationId);
      const [partners, { current }] = await Promise.all([
        offeredPartners(query.role),
        currentPreferences(organisationId),
      ]);
      const accepted = new Set(current.map((p) => p.partnerServiceId));
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
          hasAcceptedLatestVersionIus: accepted.has(p.id),
          subscribedWith:
            p.code === nhsdPartnerCodes.directoryProviders ? nhsdPartnerCodes.directory : null,
        })),
        page: query.page,
        total: partners.length,
      };
    },
  };
}
