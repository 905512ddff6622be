import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BasicInformationUpdate,
  PersonalContactDetailsUpdate,
  PractitionerProfile,
  Problem,
  Profile,
  RecordedSexOrGenderUpdate,
  VerifyEmailRequest,
  VerifyEmailResult,
  profileApiPaths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { photoRoutes } from './photo-routes.ts';
import { practitionerRegistrationRoutes } from './practitioner-registration-routes.ts';
import { profileService } from './service.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { IdParams, reads, writes } from '#platform/http/route-schema.ts';

const serviceOf = (deps: AppDeps) =>
  profileService(deps.db, {
    productName: deps.config.runtime.productName,
    publicUrl: deps.config.publicUrl,
  });

/**
 * The profile: User register, Practitioner register and email verification of
 * docs/product/features.md#feature-calls (docs/decisions/022-profile-and-email-verification.md).
 */
export const profileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = serviceOf(deps);
  // The photo takes image bodies with their own parsers and limit, so it lives in its own scope.
  await app.register(photoRoutes, deps);
  await app.register(practitionerRegistrationRoutes, deps);

  // Profile bodies are a few hundred bytes: anything past 16 KB is refused (413) before it is parsed.
  const route = declareRoutes(app, { tag: 'profile', bodyLimit: 16_384 });

  route.get(profileApiPaths.profile, {
    summary: 'A user’s profile: the caller’s own, or that of a practitioner they manage',
    schema: { params: IdParams, 200: Profile, ...reads },
    handler: (request, caller) => service.get(caller, request.params.id),
  });

  route.put(profileApiPaths.basicInformation, {
    summary: 'Save email and phone; a new email is mailed a verification link',
    schema: { params: IdParams, body: BasicInformationUpdate, 200: Profile, ...writes },
    handler: async (request, caller) => {
      await service.updateBasicInformation(caller, request.params.id, request.body, request.id);
      return service.get(caller, request.params.id);
    },
  });

  route.put(profileApiPaths.personalContactDetails, {
    summary: 'Save the practitioner record’s personal email and phone',
    schema: { params: IdParams, body: PersonalContactDetailsUpdate, 200: Profile, ...writes },
    handler: async (request, caller) => {
      await service.updatePersonalContactDetails(
        caller,
        request.params.id,
        request.body,
        request.id,
      );
      return service.get(caller, request.params.id);
    },
  });

  route.put(profileApiPaths.recordedSexOrGender, {
    summary: 'Save the practitioner record’s recorded sex or gender (empty: prefer not to say)',
    schema: { params: IdParams, body: RecordedSexOrGenderUpdate, 200: Profile, ...writes },
    handler: async (request, caller) => {
      await service.updateRecordedSexOrGender(caller, request.params.id, request.body, request.id);
      return service.get(caller, request.params.id);
    },
  });

  route.post(profileApiPaths.emailVerification, {
    summary: 'Mail another verification link (at most one every 5 minutes)',
    schema: { params: IdParams, 204: z.null(), ...writes, 429: Problem },
    handler: (request, caller) => service.resendVerification(caller, request.params.id, request.id),
  });

  route.get(profileApiPaths.practitionerProfile, {
    summary: 'The practitioner profile read view (the practitioner, or a delegate managing them)',
    schema: { params: IdParams, 200: PractitionerProfile, ...reads },
    handler: (request, caller) => service.practitionerProfile(caller, request.params.id),
  });
};

/** Email verification: public, outside the signed-in /api context. */
export const emailVerificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = serviceOf(deps);

  app.post(
    profileApiPaths.verifyEmail,
    {
      // No session: the link is opened from a mailbox, perhaps on another device.
      bodyLimit: 4_096,
      schema: {
        tags: ['profile'],
        summary: 'Verify an email address with the code of its mailed link (once, within 24 hours)',
        body: VerifyEmailRequest,
        response: { 200: VerifyEmailResult, 400: Problem },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await service.verifyEmail(request.body, request.id)),
  );
};
