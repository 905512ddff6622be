import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, Problem, RuntimeConfig } from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { databaseUp } from './repository.ts';

const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
});

/** Health and runtime configuration: public, no session needed. */
export const systemRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
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
