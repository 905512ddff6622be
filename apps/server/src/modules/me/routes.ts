import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, CurrentUser, Problem } from '@pca/contracts';
import { fastJsonSerializerCompiler } from '#platform/http/fast-serializer.ts';
import type { AppDeps } from '#platform/deps.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';

/** The signed-in user. */
export const meRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    apiPaths.me,
    {
      preHandler: deps.authenticate,
      // Every page asks for it: written without validating our own answer (docs/benchmarks/load.md).
      serializerCompiler: fastJsonSerializerCompiler,
      schema: {
        tags: ['user'],
        summary: 'The current user with roles and practitioner links',
        security: [{ bearer: [] }],
        response: { 200: CurrentUser, 401: Problem },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        // Read with the session by `authenticate` (platform/auth/session-context.ts).
        .send(requireAuth(request).currentUser),
  );
};
