import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuditActors,
  AuditEventsFilter,
  AuditEventsPage,
  AuditEventsQuery,
  auditEventsApiPaths as paths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { problems } from '#platform/http/route-schema.ts';
import { auditEventsService } from './service.ts';

const answers = problems(400);

/** The day a file is downloaded, in Sydney, for its name. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format();

/**
 * The audit trail (docs/product/audit-events.md, docs/decisions/061-audit-events.md): every route reads
 * the caller's own trail, or the managed practitioner's; whose it is is never a parameter, so no filter
 * can reach another's events.
 */
export const auditEventsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = auditEventsService(deps.db);
  // Reads only: no body.
  const route = declareRoutes(app, { tag: 'audit-events', bodyLimit: 1_024 });

  route.get(paths.list, {
    summary: 'One page of the audit trail, newest first, filtered; `nextCursor` continues it',
    schema: { querystring: AuditEventsQuery, 200: AuditEventsPage, ...answers },
    handler: (request, caller) => service.page(caller, request.query),
  });

  route.get(paths.csv, {
    summary: 'Every event of the filtered audit trail as CSV, streamed',
    schema: { querystring: AuditEventsFilter, 200: z.string().describe('text/csv'), ...answers },
    handler: async (request, caller, reply) => {
      const stream = await service.csv(caller, request.query);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-events-${today()}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store');
      // A stream is sent as it is read, not serialised.
      return stream as never;
    },
  });

  route.get(paths.actors, {
    summary: "Who the audit trail's actor filter offers",
    schema: { 200: AuditActors },
    handler: async (_request, caller) => ({ actors: await service.actors(caller) }),
  });
};
