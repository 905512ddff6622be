import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HpiiCheckRequest,
  HpiiCheckResult,
  PractitionerRegistrationRequest,
  PractitionerRegistrationResult,
  profileApiPaths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import type { HiService } from '#integrations/hi-service/hi-service.ts';
import { createLocalHiService } from '#integrations/hi-service/local-hi-service.ts';
import { practitionerRegistrationService } from './practitioner-registration.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { IdParams, problems } from '#platform/http/route-schema.ts';

// 422: the HI Service refused the number; 502: the HI Service failed (docs/decisions/023-register-as-practitioner.md).
const errors = problems(400, 403, 404, 409, 422, 502);

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
  const route = declareRoutes(app, { tag: 'profile', bodyLimit: 1_024 });

  route.post(profileApiPaths.hpiiCheck, {
    summary: 'The identity step: check an HPI-I with the HI Service before the terms',
    schema: { params: IdParams, body: HpiiCheckRequest, 200: HpiiCheckResult, ...errors },
    handler: (request, caller) => service.checkHpii(caller, request.params.id, request.body.hpii),
  });

  route.post(profileApiPaths.practitionerRegistration, {
    summary:
      'Register as a practitioner: the HPI-I is checked again, participation accepted, the practitioner record linked',
    schema: {
      params: IdParams,
      body: PractitionerRegistrationRequest,
      200: PractitionerRegistrationResult,
      ...errors,
    },
    handler: (request, caller) =>
      service.register(caller, request.params.id, request.body, request.id),
  });
};
