import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, CurrentUser } from '@pca/contracts';
import { fastJsonSerializerCompiler } from '#platform/http/fast-serializer.ts';
import type { AppDeps } from '#platform/deps.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';

/** The signed-in user. */
export const meRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  const route = declareRoutes(app, { tag: 'user' });

  route.get(apiPaths.me, {
    summary: 'The current user with roles and practitioner links',
    schema: { 200: CurrentUser },
    // Every page asks for it: written without validating our own answer (docs/benchmarks/load.md).
    serializerCompiler: fastJsonSerializerCompiler,
    // Read with the session by `authenticate` (platform/auth/session-context.ts).
    handler: (_request, caller) => caller.currentUser,
  });
};
