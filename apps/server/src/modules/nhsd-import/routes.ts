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

const IdParams = z.object({ id: z.string().uuid() });
const security = [{ bearer: [] }];
const tags = ['nhsd-import'];
const reads = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
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
  const common = {
    preHandler: [deps.authenticate, requireCapability(deps, 'importDirectoryServices')],
    bodyLimit: 65_536,
  };

  app.get(
    paths.banner,
    {
      ...common,
      schema: {
        tags,
        summary: 'Whether the directory is under maintenance (the wizard’s Outage warning)',
        security,
        response: { 200: NhsdBanner, ...reads },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(await service.banner()),
  );

  app.get(
    paths.find,
    {
      ...common,
      schema: {
        tags,
        summary: 'Directory services of a business type at a place (si) or by name (home, virtual)',
        security,
        querystring: NhsdFindRequest,
        response: { 200: NhsdSearchResult, ...reads, 502: Problem },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await service.find(request.query)),
  );

  app.get(
    paths.organisations,
    {
      ...common,
      schema: {
        tags,
        summary:
          'The organisation trees the caller may import into (OrganisationManager, approved)',
        security,
        response: { 200: NhsdImportOrganisations, ...reads },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(service.organisations(requireAuth(request))),
  );

  app.get(
    paths.locations,
    {
      ...common,
      schema: {
        tags,
        summary: 'Active locations of an organisation the caller may import into, 30 a page',
        security,
        params: IdParams,
        querystring: NhsdLocationsQuery,
        response: { 200: NhsdLocationSearchResult, ...reads },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await service.locations(requireAuth(request), request.params.id, request.query.page)),
  );

  app.get(
    paths.publicationPreferences,
    {
      ...common,
      schema: {
        tags,
        summary: 'Whether the organisation has national directory and Health Connect preferences',
        security,
        params: IdParams,
        response: { 200: PublicationPreferenceStatus, ...reads },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await service.publicationPreferences(requireAuth(request), request.params.id)),
  );

  app.get(
    paths.partnerServices,
    {
      ...common,
      schema: {
        tags,
        summary:
          'Partner services of a subscriber role the organisation may subscribe to, 50 a page',
        security,
        params: IdParams,
        querystring: PartnerServicesQuery,
        response: { 200: PartnerServiceSearchResult, ...reads },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(
          await service.partnerServices(requireAuth(request), request.params.id, request.query),
        ),
  );

  app.post(
    paths.validate,
    {
      ...common,
      schema: {
        tags,
        summary: 'Whether the services can be imported there (nothing is written)',
        security,
        body: NhsdImportRequest,
        response: { 204: z.null(), ...writes },
      },
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
      schema: {
        tags,
        summary:
          'Import directory services, with a new location and subscriptions, in one transaction',
        security,
        body: NhsdImportRequest,
        response: { 200: NhsdImportResult, ...writes },
      },
    },
    async (request, reply) =>
      reply.send(await service.import(requireAuth(request), request.body, request.id)),
  );
};
