import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  localityApiPaths,
  LocalitySearchQuery,
  LocalitySearchResult,
  Problem,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { searchLocalities } from '#platform/entities/localities.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';

/** Suburb/postcode autocomplete over the localities data. */
export const localityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const route = declareRoutes(app, { tag: 'localities' });

  route.get(localityApiPaths.search, {
    summary:
      'Suburbs whose name, or postcodes whose digits, start with q (fewer than 3 characters: none)',
    schema: { querystring: LocalitySearchQuery, 200: LocalitySearchResult, 400: Problem },
    handler: async (request, _caller, reply) => {
      reply.header('cache-control', 'private, max-age=3600');
      return { localities: await searchLocalities(deps.db, request.query.q) };
    },
  });
};
