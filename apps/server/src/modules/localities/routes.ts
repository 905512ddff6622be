import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  localityApiPaths,
  LocalitySearchQuery,
  LocalitySearchResult,
  Problem,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { searchLocalities } from '#platform/entities/localities.ts';
import { signedInSchema } from '#platform/http/route-schema.ts';

const doc = signedInSchema('localities');

/** Suburb/postcode autocomplete over the localities data. */
export const localityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    localityApiPaths.search,
    {
      schema: doc(
        'Suburbs whose name, or postcodes whose digits, start with q (fewer than 3 characters: none)',
        {
          querystring: LocalitySearchQuery,
          response: { 200: LocalitySearchResult, 400: Problem },
        },
      ),
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'private, max-age=3600')
        .send({ localities: await searchLocalities(deps.db, request.query.q) }),
  );
};
