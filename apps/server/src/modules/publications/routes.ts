import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PartnerPublicationChange,
  PartnerPublicationList,
  Problem,
  PublicationEmailRecipientAdd,
  PublicationEmailRecipientList,
  PublicationEntityParams,
  PublicationPartnerParams,
  PublicationRecipientParams,
  publicationApiPaths as paths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { publicationsService } from './service.ts';
import { IdParams, problems, signedInSchema } from '#platform/http/route-schema.ts';

const doc = signedInSchema('publications');
const reads = problems(400, 403, 404);
const writes = { ...reads, 409: Problem };

/**
 * Publishing to partners (docs/decisions/030-publishing-to-partners.md): the Partner services tab's choices of
 * an organisation, location or healthcare service — read by anyone who may view the entity, changed by those
 * who may edit it — and the organisation's publication mail recipients.
 */
export const publicationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = publicationsService(deps);
  const common = { bodyLimit: 16_384 };

  app.get(
    paths.partners,
    {
      ...common,
      schema: doc(
        'Partner services offered, with the level’s own and inherited publication choices',
        {
          params: PublicationEntityParams,
          response: { 200: PartnerPublicationList, ...reads },
        },
      ),
    },
    async (request) =>
      service.list(requireAuth(request).scope, request.params.level, request.params.id),
  );

  app.put(
    paths.partner,
    {
      ...common,
      schema: doc(
        'Set a partner’s publication choice at the level, accepting its latest statement (audited, mailed)',
        {
          params: PublicationPartnerParams,
          body: PartnerPublicationChange,
          response: { 200: PartnerPublicationList, ...writes },
        },
      ),
    },
    async (request, reply) => {
      const { level, id, partnerServiceId } = request.params;
      return reply.send(
        await service.change(
          requireAuth(request).scope,
          level,
          id,
          partnerServiceId,
          request.body,
          request.id,
        ),
      );
    },
  );

  app.delete(
    paths.partner,
    {
      ...common,
      schema: doc(
        'Remove the level’s own choice for a partner: the inherited one applies (audited, mailed)',
        {
          params: PublicationPartnerParams,
          response: { 200: PartnerPublicationList, ...writes },
        },
      ),
    },
    async (request, reply) => {
      const { level, id, partnerServiceId } = request.params;
      return reply.send(
        await service.reset(requireAuth(request).scope, level, id, partnerServiceId, request.id),
      );
    },
  );

  app.get(
    paths.emailRecipients,
    {
      ...common,
      schema: doc('Who is mailed when the organisation’s publication changes', {
        params: IdParams,
        response: { 200: PublicationEmailRecipientList, ...reads },
      }),
    },
    async (request) => service.recipients(requireAuth(request).scope, request.params.id),
  );

  app.post(
    paths.emailRecipients,
    {
      ...common,
      schema: doc(
        'Mail one more address when the organisation’s publication changes (OrganisationManager)',
        {
          params: IdParams,
          body: PublicationEmailRecipientAdd,
          response: { 201: PublicationEmailRecipientList, ...writes },
        },
      ),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.addRecipient(
            requireAuth(request).scope,
            request.params.id,
            request.body.email,
            request.id,
          ),
        ),
  );

  app.delete(
    paths.emailRecipient,
    {
      ...common,
      schema: doc(
        'Stop mailing an address about the organisation’s publication (OrganisationManager)',
        {
          params: PublicationRecipientParams,
          response: { 204: z.null(), ...writes },
        },
      ),
    },
    async (request, reply) => {
      await service.removeRecipient(
        requireAuth(request).scope,
        request.params.id,
        request.params.recipientId,
        request.id,
      );
      return reply.status(204).send(null);
    },
  );
};
