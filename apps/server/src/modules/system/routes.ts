import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, Problem, RuntimeConfig } from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { HttpError } from '#platform/errors.ts';
import type { Readiness } from '#platform/readiness.ts';
import { databaseReadiness, databaseUp } from './repository.ts';

const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
});

const Ready = z.object({ status: z.literal('ready'), version: z.string() });

/** Why a process is not ready, as the 503 problem's detail says it (docs/decisions/075-operations.md). */
const notReady = {
  draining: 'This process is stopping and takes no new work.',
  down: 'The database is unreachable.',
  'migrations-pending': 'The database has migrations this version needs that are not applied yet.',
} as const;

/** Health, readiness and runtime configuration: public, no session needed. */
export const systemRoutes: FastifyPluginAsyncZod<AppDeps & { readiness: Readiness }> = async (
  app,
  deps,
) => {
  app.get(
    apiPaths.health,
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      const up = await databaseUp(deps.db);
      const body = {
        status: up ? 'ok' : 'degraded',
        database: up ? 'up' : 'down',
        version: deps.config.runtime.version,
      } as const;
      return reply
        .code(up ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  // Liveness stays /api/health; readiness is what a load balancer routes by: not while the database is
  // unreachable or behind this build, nor once the process is stopping.
  app.get(
    apiPaths.ready,
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: whether this process should be sent requests',
        response: { 200: Ready, 503: Problem },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const state = deps.readiness.draining ? 'draining' : await databaseReadiness(deps.db);
      if (state !== 'ready') throw new HttpError(503, 'Not ready', notReady[state], 'not-ready');
      return reply.send({ status: 'ready', version: deps.config.runtime.version });
    },
  );

  app.get(
    apiPaths.config,
    {
      schema: {
        tags: ['system'],
        summary: 'Runtime configuration loaded by the SPA before it renders',
        response: { 200: RuntimeConfig, 500: Problem },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(deps.config.runtime),
  );
};
