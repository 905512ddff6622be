import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AvailablePublicationPartners,
  PractitionerPublication,
  PractitionerPublicationParams,
  PractitionerPublicationRequest,
  PractitionerPublicationSettings,
  PractitionerPublications,
  Problem,
  practitionerPublicationApiPaths as paths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { practitionerPublicationsService } from './service.ts';
import { problems, signedInSchema } from '#platform/http/route-schema.ts';

const doc = signedInSchema('publishing');
const reads = problems(400, 403, 404);
const writes = { ...reads, 409: Problem };

/**
 * The practitioner's own publication choices (`practitioner/publish`, docs/decisions/030-publishing-to-partners.md).
 * Every route acts for the caller's practitioner record or the practitioner they manage as a delegate; the
 * service answers 403 for anyone else, so no capability guard is needed beyond a session.
 */
export const practitionerPublicationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = practitionerPublicationsService(deps);
  const common = { bodyLimit: 4096 };

  app.get(
    paths.list,
    {
      ...common,
      schema: doc("The practitioner's publishing settings (own, or the managed practitioner's)", {
        response: { 200: PractitionerPublications, ...reads },
      }),
    },
    async (request, reply) => reply.send(await service.list(requireAuth(request))),
  );

  app.get(
    paths.availablePartners,
    {
      ...common,
      schema: doc('Partner services not yet in the practitioner’s publishing settings', {
        response: { 200: AvailablePublicationPartners, ...reads },
      }),
    },
    async (request, reply) => reply.send(await service.availablePartners(requireAuth(request))),
  );

  app.post(
    paths.list,
    {
      ...common,
      schema: doc('Add a partner service to the practitioner’s publishing settings', {
        body: PractitionerPublicationRequest,
        response: { 201: PractitionerPublication, ...writes },
      }),
    },
    async (request, reply) =>
      reply.status(201).send(await service.add(requireAuth(request), request.body, request.id)),
  );

  app.put(
    paths.item,
    {
      ...common,
      schema: doc('Change what one partner service receives', {
        params: PractitionerPublicationParams,
        body: PractitionerPublicationSettings,
        response: { 200: PractitionerPublication, ...writes },
      }),
    },
    async (request) =>
      service.update(
        requireAuth(request),
        request.params.partnerServiceId,
        request.body,
        request.id,
      ),
  );

  app.delete(
    paths.item,
    {
      ...common,
      schema: doc('Remove a partner service from the practitioner’s publishing settings', {
        params: PractitionerPublicationParams,
        response: { 204: z.null(), ...writes },
      }),
    },
    async (request, reply) => {
      await service.remove(requireAuth(request), request.params.partnerServiceId, request.id);
      return reply.status(204).send(null);
    },
  );
};
