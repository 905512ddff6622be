import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Problem,
  ProfilePhoto,
  photoLimits,
  photoMediaTypes,
  profileApiPaths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { photoService, photoTooBig, photoWrongType } from './photo.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { IdParams, problems, reads } from '#platform/http/route-schema.ts';

/**
 * The profile photo (docs/decisions/024-profile-photo.md): PUT the picture itself as image/png or
 * image/jpeg, DELETE removes it. The caller, and that the photo is their own, are checked when the
 * request arrives, before its body is read; the body is then read up to 5 MB and no further.
 */
export const photoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = photoService(deps.db);

  // In this plugin only: no JSON or text parser, just the two image types, each body read as a Buffer and
  // abandoned (413) as soon as it passes 5 MB — a Content-Length above it is refused before any byte is read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    [...photoMediaTypes],
    { parseAs: 'buffer', bodyLimit: photoLimits.maxBytes },
    (_request, body, done) => done(null, body),
  );
  // Fastify's refusals of a body in the photo's own words; every other error goes on to the app's handler.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // The rest of an oversized body is never read: the connection closes once the 413 is sent.
      reply.header('connection', 'close');
      throw photoTooBig();
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw photoWrongType();
    throw error;
  });

  // Runs before the params are validated (no body of someone else's is read): the id is parsed here, in
  // its one canonical form (docs/decisions/054-canonical-ids-and-oauth-errors.md).
  const ownPhotoOnly = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    const parsed = IdParams.safeParse({ id });
    await service.requireOwn(requireAuth(request), parsed.success ? parsed.data.id : id);
  };
  const route = declareRoutes(app, { tag: 'profile', onRequest: ownPhotoOnly });

  route.put(profileApiPaths.photo, {
    summary:
      'Replace the caller’s own photo: a PNG or JPEG body (at most 5 MB), stored as a 160 × 160 PNG',
    schema: {
      params: IdParams,
      consumes: [...photoMediaTypes],
      200: ProfilePhoto,
      ...reads,
      ...problems(413, 415),
    },
    bodyLimit: photoLimits.maxBytes,
    handler: (request, caller) => {
      // A PUT without a body reaches here unparsed: it sent no picture (400, greater than zero).
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return service.replace(caller, request.params.id, body, request.id);
    },
  });

  route.delete(profileApiPaths.photo, {
    summary: 'Remove the caller’s own photo',
    schema: { params: IdParams, 204: z.null(), ...reads, 415: Problem },
    handler: (request, caller) => service.remove(caller, request.params.id, request.id),
  });
};
