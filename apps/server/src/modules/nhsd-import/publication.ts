import {
  nhsdConstants,
  nhsdPartnerCodes,
  type PartnerServiceSearchResult,
  type PublicationPreferenceStatus,
  type RuntimeConfig,
} from '@pca/contracts';
import type { z } from 'zod';
import type { PartnerServicesQuery } from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import type { nhsdDestination } from './destination.ts';
import { nhsdImportRepository as repo } from './repository.ts';

type PartnerQuery = z.output<typeof PartnerServicesQuery>;

/** Whether a partner service's feature flag (if any) is on in this deployment. */
function flagOn(features: RuntimeConfig['features'], flag: string | null) {
  return flag === null || (features as Record<string, boolean>)[flag] === true;
}

/**
 * Step 5 of the wizard, publish to the national directories when preferences are missing
 * (docs/decisions/029-nhsd-import-wizard.md): the organisation's standing preferences and the partner services
 * offered here with their latest information use statements.
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

  return {
    offeredPartners,

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
  };
}
