import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PartnerPublicationChange,
  PartnerPublicationList,
  PublicationEmailRecipientAdd,
  PublicationEmailRecipientList,
  PublicationEntityParams,
  PublicationPartnerParams,
  PublicationRecipientParams,
  publicationApiPaths as paths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { publicationsService } from './service.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { IdParams, reads, writes } from '#platform/http/route-schema.ts';

/**
 * Publishing to partners (docs/decisions/030-publishing-to-partners.md): the Partner services tab's choices of
 * an organisation, location or healthcare service — read by anyone who may view the entity, changed by those
 * who may edit it — and the organisation's publication mail recipients.
 */
export const publicationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = publicationsService(deps);
  const route = declareRoutes(app, { tag: 'publications', bodyLimit: 16_384 });

  route.get(paths.partners, {
    summary: 'Partner services offered, with the level’s own and inherited publication choices',
    schema: { params: PublicationEntityParams, 200: PartnerPublicationList, ...reads },
    handler: (request, { scope }) => service.list(scope, request.params.level, request.params.id),
  });

  route.put(paths.partner, {
    summary:
      'Set a partner’s publication choice at the level, accepting its latest statement (audited, mailed)',
    schema: {
      params: PublicationPartnerParams,
      body: PartnerPublicationChange,
      200: PartnerPublicationList,
      ...writes,
    },
    handler: (request, { scope }) => {
      const { level, id, partnerServiceId } = request.params;
      return service.change(scope, level, id, partnerServiceId, request.body, request.id);
    },
  });

  route.delete(paths.partner, {
    summary:
      'Remove the level’s own choice for a partner: the inherited one applies (audited, mailed)',
    schema: { params: PublicationPartnerParams, 200: PartnerPublicationList, ...writes },
    handler: (request, { scope }) => {
      const { level, id, partnerServiceId } = request.params;
      return service.reset(scope, level, id, partnerServiceId, request.id);
    },
  });

  route.get(paths.emailRecipients, {
    summary: 'Who is mailed when the organisation’s publication changes',
    schema: { params: IdParams, 200: PublicationEmailRecipientList, ...reads },
    handler: (request, { scope }) => service.recipients(scope, request.params.id),
  });

  route.post(paths.emailRecipients, {
    summary:
      'Mail one more address when the organisation’s publication changes (OrganisationManager)',
    schema: {
      params: IdParams,
      body: PublicationEmailRecipientAdd,
      201: PublicationEmailRecipientList,
      ...writes,
    },
    handler: (request, { scope }) =>
      service.addRecipient(scope, request.params.id, request.body.email, request.id),
  });

  route.delete(paths.emailRecipient, {
    summary: 'Stop mailing an address about the organisation’s publication (OrganisationManager)',
    schema: { params: PublicationRecipientParams, 204: z.null(), ...writes },
    handler: (request, { scope }) =>
      service.removeRecipient(scope, request.params.id, request.params.recipientId, request.id),
  });
};
