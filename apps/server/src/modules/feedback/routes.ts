import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { FeedbackInput, FeedbackReceipt, Problem, feedbackApiPaths } from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { ForbiddenError } from '#platform/errors.ts';
import { feedbackService } from './service.ts';

/**
 * Refuses a browser request sent from another site: its Origin must be the portal's public address or
 * the address it was sent to. A JSON body already needs a CORS preflight the API never grants; this
 * holds even for a browser that would skip it (docs/decisions/062-feedback.md).
 */
export function requireSameOrigin(publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  return async function sameOrigin(request: FastifyRequest) {
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (origin === allowed || origin === `${request.protocol}://${request.host}`) return;
    throw new ForbiddenError('Send feedback from the portal’s own page.', 'cross-origin');
  };
}

/** Give us feedback: public, outside the signed-in /api context, so it works signed out too. */
export const feedbackRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = feedbackService(deps.db, {
    supportEmail: deps.config.runtime.support.email,
    productName: deps.config.runtime.productName,
  });

  app.post(
    feedbackApiPaths.feedback,
    {
      // Comments are at most 1,000 characters: 16 KB holds any valid body several times over.
      bodyLimit: 16_384,
      onRequest: requireSameOrigin(deps.config.publicUrl),
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback (signed in or not): stored and mailed to support; rate-limited',
        body: FeedbackInput,
        response: { 201: FeedbackReceipt, 400: Problem, 403: Problem, 429: Problem },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store')
        .send(await service.send(request.body, request.id)),
  );
};
