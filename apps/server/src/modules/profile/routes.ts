import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BasicInformationUpdate,
  PersonalContactDetailsUpdate,
  PractitionerProfile,
  Problem,
  Profile,
  VerifyEmailRequest,
  VerifyEmailResult,
  profileApiPaths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { photoRoutes } from './photo-routes.ts';
import { practitionerRegistrationRoutes } from './practitioner-registration-routes.ts';
import { profileService } from './service.ts';

const IdParams = z.object({ id: z.string().uuid() });
const security = [{ bearer: [] }];
const tags = ['profile'];
const reads = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
const writes = { ...reads, 409: Problem };

/**
 * The profile: User register, Practitioner register and email verification of
 * docs/product/features.md#feature-calls (docs/decisions/022-profile-and-email-verification.md).
 */
export const profileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = profileService(deps.db, {
    productName: deps.config.runtime.productName,
    publicUrl: deps.config.publicUrl,
  });
  // The photo takes image bodies with their own parsers and limit, so it lives in its own scope.
  await app.register(photoRoutes, deps);
  await app.register(practitionerRegistrationRoutes, deps);

  // Profile bodies are a few hundred bytes: anything past 16 KB is refused (413) before it is parsed.
  const common = { preHandler: deps.authenticate, bodyLimit: 16_384 };

  app.get(
    profileApiPaths.profile,
    {
      ...common,
      schema: {
        tags,
        summary: 'A user’s profile: the caller’s own, or that of a practitioner they manage',
        security,
        params: IdParams,
        response: { 200: Profile, ...reads },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await service.get(requireAuth(request), request.params.id)),
  );

  app.put(
    profileApiPaths.basicInformation,
    {
      ...common,
      schema: {
        tags,
        summary: 'Save email and phone; a new email is mailed a verification link',
        security,
        params: IdParams,
        body: BasicInformationUpdate,
        response: { 200: Profile, ...writes },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await service.updateBasicInformation(auth, request.params.id, request.body, request.id);
      return service.get(auth, request.params.id);
    },
  );

  app.put(
    profileApiPaths.personalContactDetails,
    {
      ...common,
      schema: {
        tags,
        summary: 'Save the practitioner record’s personal email and phone',
        security,
        params: IdParams,
        body: PersonalContactDetailsUpdate,
        response: { 200: Profile, ...writes },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await service.updatePersonalContactDetails(auth, request.params.id, request.body, request.id);
      return service.get(auth, request.params.id);
    },
  );

  app.post(
    profileApiPaths.emailVerification,
    {
      ...common,
      schema: {
        tags,
        summary: 'Mail another verification link (at most one every 5 minutes)',
        security,
        params: IdParams,
        response: { 204: z.null(), ...writes, 429: Problem },
      },
    },
    async (request, reply) => {
      await service.resendVerification(requireAuth(request), request.params.id, request.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    profileApiPaths.verifyEmail,
    {
      // No session: the link is opened from a mailbox, perhaps on another device.
      bodyLimit: 4_096,
      schema: {
        tags,
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

  app.get(
    profileApiPaths.practitionerProfile,
    {
      ...common,
      schema: {
        tags,
        summary:
          'The practitioner profile read view (the practitioner, or a delegate managing them)',
        security,
        params: IdParams,
        response: { 200: PractitionerProfile, ...reads },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await service.practitionerProfile(requireAuth(request), request.params.id)),
  );
};
