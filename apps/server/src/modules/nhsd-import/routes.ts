import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NhsdBanner,
  NhsdFindRequest,
  NhsdImportOrganisations,
  NhsdImportRequest,
  NhsdImportResult,
  NhsdLocationSearchResult,
  NhsdLocationsQuery,
  NhsdPublicationPreferencesQuery,
  NhsdSearchResult,
  PartnerServiceSearchResult,
  PartnerServicesQuery,
  Problem,
  PublicationPreferenceStatus,
  nhsdImportApiPaths as paths,
} from '@pca/contracts';
import { createNhsdDirectory, type NhsdDirectory } from '#integrations/nhsd/index.ts';
import type { AppDeps } from '#platform/deps.ts';
import { requireCapability } from '#platform/access/guards.ts';
import { nhsdImportService } from './service.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { IdParams, reads, writes } from '#platform/http/route-schema.ts';

/** The import's writes also answer 502 when the NHSD cannot be reached. */
const importWrites = { ...writes, 502: Problem };

/** Options of the plugin: tests give their own directory (a FHIR stand-in); by default configuration chooses. */
export interface NhsdImportRouteOptions extends AppDeps {
  directory?: NhsdDirectory;
}

/**
 * The NHSD import (docs/product/features.md#nhsd-import, docs/decisions/028-nhsd-import.md). Every route needs
 * the import capability (an OrganisationManager, not managing a practitioner, the import allowed by
 * configuration); those naming an organisation or location answer 403 unless the caller may import into it.
 * Suburb/postcode completions are the localities lookup.
 */
export const nhsdImportRoutes: FastifyPluginAsyncZod<NhsdImportRouteOptions> = async (
  app,
  options,
) => {
  const { directory = createNhsdDirectory(options.db, options.config), ...deps } = options;
  const service = nhsdImportService(deps, directory);
  app.addHook('preHandler', requireCapability(deps, 'importDirectoryServices'));
  const route = declareRoutes(app, { tag: 'nhsd-import', bodyLimit: 65_536 });

  route.get(paths.banner, {
    summary: 'Whether the directory is under maintenance (the wizard’s Outage warning)',
    schema: { 200: NhsdBanner, ...reads },
    handler: () => service.banner(),
  });

  route.get(paths.find, {
    summary: 'Directory services of a business type at a place (si) or by name (home, virtual)',
    schema: { querystring: NhsdFindRequest, 200: NhsdSearchResult, ...reads, 502: Problem },
    handler: (request) => service.find(request.query),
  });

  route.get(paths.organisations, {
    summary: 'The organisation trees the caller may import into (OrganisationManager, approved)',
    schema: { 200: NhsdImportOrganisations, ...reads },
    handler: (_request, caller) => service.organisations(caller),
  });

  route.get(paths.locations, {
    summary: 'Active locations of an organisation the caller may import into, 30 a page',
    schema: {
      params: IdParams,
      querystring: NhsdLocationsQuery,
      200: NhsdLocationSearchResult,
      ...reads,
    },
    handler: (request, caller) => service.locations(caller, request.params.id, request.query.page),
  });

  route.get(paths.publicationPreferences, {
    summary: 'Whether the organisation has national directory and Health Connect preferences',
    schema: {
      params: IdParams,
      querystring: NhsdPublicationPreferencesQuery,
      200: PublicationPreferenceStatus,
      ...reads,
    },
    handler: (request, caller) =>
      service.publicationPreferences(caller, request.params.id, request.query.locationId),
  });

  route.get(paths.partnerServices, {
    summary: 'Partner services of a subscriber role the organisation may subscribe to, 50 a page',
    schema: {
      params: IdParams,
      querystring: PartnerServicesQuery,
      200: PartnerServiceSearchResult,
      ...reads,
    },
    handler: (request, caller) => service.partnerServices(caller, request.params.id, request.query),
  });

  route.post(paths.validate, {
    summary: 'Whether the services can be imported there (nothing is written)',
    schema: { body: NhsdImportRequest, 204: z.null(), ...importWrites },
    handler: (request, caller) => service.validate(caller, request.body),
  });

  route.post(paths.import, {
    summary: 'Import directory services, with a new location and subscriptions, in one transaction',
    schema: { body: NhsdImportRequest, 200: NhsdImportResult, ...importWrites },
    handler: (request, caller) => service.import(caller, request.body, request.id),
  });
};
