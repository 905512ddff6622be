import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AvailablePublicationPartners,
  PractitionerPublication,
  PractitionerPublicationParams,
  PractitionerPublicationRequest,
  PractitionerPublicationSettings,
  PractitionerPublications,
  practitionerPublicationApiPaths as paths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { practitionerPublicationsService } from './service.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { reads, writes } from '#platform/http/route-schema.ts';

/**
 * The practitioner's own publication choices (`practitioner/publish`, docs/decisions/030-publishing-to-partners.md).
 * Every route acts for the caller's practitioner record or the practitioner they manage as a delegate; the
 * service answers 403 for anyone else, so no capability guard is needed beyond a session.
 */
export const practitionerPublicationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = practitionerPublicationsService(deps);
  const route = declareRoutes(app, { tag: 'publishing', bodyLimit: 4096 });

  route.get(paths.list, {
    summary: "The practitioner's publishing settings (own, or the managed practitioner's)",
    schema: { 200: PractitionerPublications, ...reads },
    handler: (_request, caller) => service.list(caller),
  });

  route.get(paths.availablePartners, {
    summary: 'Partner services not yet in the practitioner’s publishing settings',
    schema: { 200: AvailablePublicationPartners, ...reads },
    handler: (_request, caller) => service.availablePartners(caller),
  });

  route.post(paths.list, {
    summary: 'Add a partner service to the practitioner’s publishing settings',
    schema: { body: PractitionerPublicationRequest, 201: PractitionerPublication, ...writes },
    handler: (request, caller) => service.add(caller, request.body, request.id),
  });

  route.put(paths.item, {
    summary: 'Change what one partner service receives',
    schema: {
      params: PractitionerPublicationParams,
      body: PractitionerPublicationSettings,
      200: PractitionerPublication,
      ...writes,
    },
    handler: (request, caller) =>
      service.update(caller, request.params.partnerServiceId, request.body, request.id),
  });

  route.delete(paths.item, {
    summary: 'Remove a partner service from the practitioner’s publishing settings',
    schema: { params: PractitionerPublicationParams, 204: z.null(), ...writes },
    handler: (request, caller) =>
      service.remove(caller, request.params.partnerServiceId, request.id),
  });
};
