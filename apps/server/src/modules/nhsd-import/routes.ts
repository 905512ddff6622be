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
import { requireAuth } from '#platform/auth/authenticate.ts';
import { nhsdImportService } from './service.ts';
import { IdParams, problems, signedInSchema } from '#platform/http/route-schema.ts';

const doc = signedInSchema('nhsd-import');
const reads = problems(400, 403, 404);
const writes = { ...reads, 409: Problem, 502: Problem };

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
  const common = {
    bodyLimit: 65_536,
  };

  app.get(
    paths.banner,
    {
      ...common,
      schema: doc('Whether the directory is under maintenance (the wizard’s Outage warning)', {
        response: { 200: NhsdBanner, ...reads },
      }),
    },
    async (_request, reply) => reply.send(await service.banner()),
  );

  app.get(
    paths.find,
    {
      ...common,
      schema: doc(
        'Directory services of a business type at a place (si) or by name (home, virtual)',
        {
          querystring: NhsdFindRequest,
          response: { 200: NhsdSearchResult, ...reads, 502: Problem },
        },
      ),
    },
    async (request, reply) => reply.send(await service.find(request.query)),
  );

  app.get(
    paths.organisations,
    {
      ...common,
      schema: doc(
        'The organisation trees the caller may import into (OrganisationManager, approved)',
        {
          response: { 200: NhsdImportOrganisations, ...reads },
        },
      ),
    },
    async (request, reply) => reply.send(service.organisations(requireAuth(request))),
  );

  app.get(
    paths.locations,
    {
      ...common,
      schema: doc('Active locations of an organisation the caller may import into, 30 a page', {
        params: IdParams,
        querystring: NhsdLocationsQuery,
        response: { 200: NhsdLocationSearchResult, ...reads },
      }),
    },
    async (request) =>
      service.locations(requireAuth(request), request.params.id, request.query.page),
  );

  app.get(
    paths.publicationPreferences,
    {
      ...common,
      schema: doc(
        'Whether the organisation has national directory and Health Connect preferences',
        {
          params: IdParams,
          querystring: NhsdPublicationPreferencesQuery,
          response: { 200: PublicationPreferenceStatus, ...reads },
        },
      ),
    },
    async (request) =>
      service.publicationPreferences(
        requireAuth(request),
        request.params.id,
        request.query.locationId,
      ),
  );

  app.get(
    paths.partnerServices,
    {
      ...common,
      schema: doc(
        'Partner services of a subscriber role the organisation may subscribe to, 50 a page',
        {
          params: IdParams,
          querystring: PartnerServicesQuery,
          response: { 200: PartnerServiceSearchResult, ...reads },
        },
      ),
    },
    async (request) =>
      service.partnerServices(requireAuth(request), request.params.id, request.query),
  );

  app.post(
    paths.validate,
    {
      ...common,
      schema: doc('Whether the services can be imported there (nothing is written)', {
        body: NhsdImportRequest,
        response: { 204: z.null(), ...writes },
      }),
    },
    async (request, reply) => {
      await service.validate(requireAuth(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    paths.import,
    {
      ...common,
      schema: doc(
        'Import directory services, with a new location and subscriptions, in one transaction',
        {
          body: NhsdImportRequest,
          response: { 200: NhsdImportResult, ...writes },
        },
      ),
    },
    async (request) => service.import(requireAuth(request), request.body, request.id),
  );
};
