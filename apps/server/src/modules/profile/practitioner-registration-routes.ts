import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HpiiCheckRequest,
  HpiiCheckResult,
  PractitionerRegistrationRequest,
  PractitionerRegistrationResult,
  Problem,
  profileApiPaths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import type { HiService } from '#integrations/hi-service/hi-service.ts';
import { createLocalHiService } from '#integrations/hi-service/local-hi-service.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { practitionerRegistrationService } from './practitioner-registration.ts';

const IdParams = z.object({ id: z.string().uuid() });
const security = [{ bearer: [] }];
const tags = ['profile'];
// 422: the HI Service refused the number; 502: the HI Service failed (docs/decisions/023-register-as-practitioner.md).
const errors = {
  400: Problem,
  401: Problem,
  403: Problem,
  404: Problem,
  409: Problem,
  422: Problem,
  502: Problem,
};

/**
 * Registering as a practitioner with an HPI-I: the identity step's check and saving the terms
 * (docs/product/features.md#profile, docs/decisions/023-register-as-practitioner.md).
 * `hiService` replaces the local registry (tests count what reaches it).
 */
export const practitionerRegistrationRoutes: FastifyPluginAsyncZod<
  AppDeps & { hiService?: HiService }
> = async (app, deps) => {
  const service = practitionerRegistrationService(
    deps.db,
    deps.hiService ?? createLocalHiService(deps.db),
    // The certificate feature flag chooses the HI Service's route (docs/product/features.md#feature-permissions).
    { certificate: deps.config.runtime.features.hiServiceCertificate },
  );
  // The bodies are an HPI-I and two ticks: anything past 1 KB is refused (413) before it is parsed.
  const common = { preHandler: deps.authenticate, bodyLimit: 1_024 };

  app.post(
    profileApiPaths.hpiiCheck,
    {
      ...common,
      schema: {
        tags,
        summary: 'The identity step: check an HPI-I with the HI Service before the terms',
        security,
        params: IdParams,
        body: HpiiCheckRequest,
        response: { 200: HpiiCheckResult, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await service.checkHpii(requireAuth(request), request.params.id, request.body.hpii)),
  );

  app.post(
    profileApiPaths.practitionerRegistration,
    {
      ...common,
      schema: {
        tags,
        summary:
          'Register as a practitioner: the HPI-I is checked again, participation accepted, the practitioner record linked',
        security,
        params: IdParams,
        body: PractitionerRegistrationRequest,
        response: { 200: PractitionerRegistrationResult, ...errors },
      },
    },
    async (request) =>
      service.register(requireAuth(request), request.params.id, request.body, request.id),
  );
};
