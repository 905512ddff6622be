import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  KeyContact,
  KeyContactInput,
  KeyContactsList,
  KeyContactsQuery,
  NewKeyContact,
  keyContactsApiPaths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { accessOf, requireCapability } from '#platform/access/guards.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { IdParams, reads, writes } from '#platform/http/route-schema.ts';
import { keyContactsService } from './service.ts';

/**
 * Key contacts of the caller's organisations (docs/product/key-contacts.md): every route needs the
 * key-contact capability (403 without it, as every capability of docs/product/rules.md#permissions),
 * and then the organisation itself must be one the caller keeps contacts for (404 otherwise).
 */
export const keyContactRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = keyContactsService(deps.db);
  const caller = (auth: AuthContext) => ({ auth, trees: accessOf(deps, auth).trees });
  const route = declareRoutes(app, {
    tag: 'key-contacts',
    bodyLimit: 16_384,
    onRequest: [requireCapability(deps, 'keyContacts')],
  });

  route.get(keyContactsApiPaths.list, {
    summary: 'The organisations the caller keeps key contacts for, and one organisation’s contacts',
    schema: { querystring: KeyContactsQuery, 200: KeyContactsList, ...reads },
    handler: (request, auth) => service.list(caller(auth), request.query.organisationId),
  });

  route.post(keyContactsApiPaths.create, {
    summary: 'Add a key contact (the organisation’s first is its primary contact)',
    schema: { body: NewKeyContact, 201: KeyContact, ...writes },
    handler: (request, auth) => service.create(caller(auth), request.body, request.id),
  });

  route.get(keyContactsApiPaths.contact, {
    summary: 'One key contact',
    schema: { params: IdParams, 200: KeyContact, ...reads },
    handler: (request, auth) => service.get(caller(auth), request.params.id),
  });

  route.put(keyContactsApiPaths.contact, {
    summary: 'Update a key contact; ticking primary moves the primary contact here',
    schema: { params: IdParams, body: KeyContactInput, 200: KeyContact, ...writes },
    handler: (request, auth) =>
      service.update(caller(auth), request.params.id, request.body, request.id),
  });

  route.post(keyContactsApiPaths.makePrimary, {
    summary: 'Make the key contact its organisation’s primary contact',
    schema: { params: IdParams, 204: z.null(), ...writes },
    handler: (request, auth) => service.makePrimary(caller(auth), request.params.id, request.id),
  });

  route.delete(keyContactsApiPaths.contact, {
    summary: 'Remove a key contact (the primary only when it is the last one)',
    schema: { params: IdParams, 204: z.null(), ...writes },
    handler: (request, auth) => service.remove(caller(auth), request.params.id, request.id),
  });
};
