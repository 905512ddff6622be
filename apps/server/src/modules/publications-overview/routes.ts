import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PartnerServiceParams,
  PublicationsOverview,
  PublishedEntitiesFilter,
  PublishedEntitiesPage,
  PublishedEntitiesQuery,
  publicationsOverviewApiPaths as paths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireCapability } from '#platform/access/guards.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { problems, reads } from '#platform/http/route-schema.ts';
import { publicationsOverviewService } from './service.ts';

/** The day a file is downloaded, in Sydney, for its name. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format();

/** A partner's name as a file name's part: "medifund-health-insurance". */
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'partner';

/**
 * What is published to whom (docs/product/publications-overview.md, docs/decisions/066-publications-overview.md):
 * the agency operator's read-only overview, System admin only (PcaOperator, not while managing); everyone else
 * gets 403, as the other operator areas do.
 */
export const publicationsOverviewRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // At onRequest, after the /api context's authenticate: anyone else is refused before the body is read
  // or validated (docs/decisions/037-server-floors.md).
  app.addHook('onRequest', requireCapability(deps, 'systemAdmin'));
  const service = publicationsOverviewService(deps.db);
  // Reads only: no body.
  const route = declareRoutes(app, { tag: 'publications-overview', bodyLimit: 1_024 });

  route.get(paths.list, {
    summary: 'Every partner service with counts of what is published to it (PcaOperator)',
    schema: { 200: PublicationsOverview, ...problems(403) },
    handler: () => service.overview(),
  });

  route.get(paths.entities, {
    summary: 'One page of the entities published to a partner service (PcaOperator)',
    schema: {
      params: PartnerServiceParams,
      querystring: PublishedEntitiesQuery,
      200: PublishedEntitiesPage,
      ...reads,
    },
    handler: (request) => service.page(request.params.partnerServiceId, request.query),
  });

  route.get(paths.csv, {
    summary: 'Every entity published to a partner service as CSV, streamed (PcaOperator)',
    schema: {
      params: PartnerServiceParams,
      querystring: PublishedEntitiesFilter,
      200: z.string().describe('text/csv'),
      ...reads,
    },
    handler: async (request, _caller, reply) => {
      const { name, stream } = await service.csv(
        request.params.partnerServiceId,
        request.query.type,
      );
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="publications-${slugOf(name)}-${today()}.csv"`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store');
      // A stream is sent as it is read, not serialised.
      return stream as never;
    },
  });
};
