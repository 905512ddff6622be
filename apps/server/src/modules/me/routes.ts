import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, CurrentUser } from '@pca/contracts';
import { fastJsonSerializerCompiler } from '#platform/http/fast-serializer.ts';
import type { AppDeps } from '#platform/deps.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { signedInSchema } from '#platform/http/route-schema.ts';

const doc = signedInSchema('user');

/** The signed-in user. */
export const meRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  app.get(
    apiPaths.me,
    {
      // Every page asks for it: written without validating our own answer (docs/benchmarks/load.md).
      serializerCompiler: fastJsonSerializerCompiler,
      schema: doc('The current user with roles and practitioner links', {
        response: { 200: CurrentUser },
      }),
    },
    // Read with the session by `authenticate` (platform/auth/session-context.ts).
    async (request) => requireAuth(request).currentUser,
  );
};
