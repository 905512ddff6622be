import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MapTerm,
  TerminologyConcepts,
  TerminologyConceptsQuery,
  terminologyApiPaths,
  UnmatchedTerms,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireCapability } from '#platform/access/guards.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { problems, reads } from '#platform/http/route-schema.ts';
import { terminologyService } from './service.ts';

/**
 * The terminology (docs/decisions/071-terminology-and-codes.md): concepts for anyone signed in (the pickers),
 * the unmatched texts and their mapping for operators only.
 */
export const terminologyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = terminologyService(deps.db);
  const route = declareRoutes(app, { tag: 'terminology' });
  const operator = declareRoutes(app, {
    tag: 'terminology',
    onRequest: [requireCapability(deps, 'systemAdmin')],
  });

  route.get(terminologyApiPaths.concepts, {
    summary: 'The concepts of one value set of the terminology (SNOMED CT-AU)',
    schema: { querystring: TerminologyConceptsQuery, 200: TerminologyConcepts, ...problems(400) },
    handler: (request) => service.concepts(request.query.valueSet),
  });

  operator.get(terminologyApiPaths.unmatched, {
    summary: 'Texts in use that match no concept, with counts (PcaOperator)',
    schema: { 200: UnmatchedTerms, ...problems(403) },
    handler: () => service.unmatched(),
  });

  operator.post(terminologyApiPaths.mappings, {
    summary: 'Map a text to a concept of its value set (PcaOperator)',
    schema: { body: MapTerm, 204: z.null(), ...reads },
    handler: (request, { user }) => service.map(user.id, request.body, request.id),
  });
};
