import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { CreatedEntity } from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import type { Database } from '#db/client.ts';
import type { AccessScope } from '#platform/access/scope.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { IdParams, problems, signedInSchema } from '#platform/http/route-schema.ts';

// Route shapes the organisation, location and healthcare service modules share (signed-in routes).

/** Problem responses of routes on one entity. */
export const errors = problems(400, 403, 404);

/** The app as a module plugin receives it. */
export type ZodApp = Parameters<FastifyPluginAsyncZod<AppDeps>>[0];

/** What viewAndEditRoutes registers. */
export type ViewAndEditOptions<D extends z.ZodType, B extends z.ZodType> = {
  /** The entity's path (with :id). */
  path: string;
  /** OpenAPI tag. */
  tag: string;
  /** The entity's detail schema (both routes answer it). */
  detail: D;
  /** The edit body's schema. */
  body: B;
  /** OpenAPI summaries of GET and PATCH. */
  summaries: { view: string; edit: string };
  /** Loads the detail as the caller sees it (throws 403/404). */
  load: (db: Database, caller: AccessScope, id: string) => Promise<z.input<D>>;
  /** Saves an edit, audited (throws 403/404/400). */
  save: (
    db: Database,
    caller: AccessScope,
    id: string,
    body: z.output<B>,
    requestId: string,
  ) => Promise<void>;
};

/** GET and PATCH (answers the saved detail) of one entity. */
export function viewAndEditRoutes<D extends z.ZodType, B extends z.ZodType>(
  app: ZodApp,
  deps: AppDeps,
  o: ViewAndEditOptions<D, B>,
) {
  // Fastify cannot resolve reply and body types through generic schemas, so the route sees them
  // widened; the options above keep the callers typed and the validator guarantees the body.
  const detail: z.ZodType = o.detail;
  const body: z.ZodType = o.body;
  const doc = signedInSchema(o.tag);
  app.get(
    o.path,
    {
      schema: doc(o.summaries.view, {
        params: IdParams,
        response: { 200: detail, ...errors },
      }),
    },
    async (request) => o.load(deps.db, requireAuth(request).scope, request.params.id),
  );

  app.patch(
    o.path,
    {
      schema: doc(o.summaries.edit, {
        params: IdParams,
        body,
        response: { 200: detail, ...errors },
      }),
    },
    async (request) => {
      // The caller's effective roles were read with the session; saving an entity does not change them.
      const { scope } = requireAuth(request);
      await o.save(deps.db, scope, request.params.id, request.body as z.output<B>, request.id);
      return o.load(deps.db, scope, request.params.id);
    },
  );
}

/** What createInOrganisationRoute registers. */
export type CreateInOrganisationOptions<B extends z.ZodType> = {
  /** The organisation's child collection path (with :id of the organisation). */
  path: string;
  /** OpenAPI tag. */
  tag: string;
  /** The body's schema. */
  body: B;
  /** OpenAPI summary. */
  summary: string;
  /** Creates the entity, audited; returns its id (throws 403/404/400). */
  create: (
    db: Database,
    caller: AccessScope,
    organisationId: string,
    body: z.output<B>,
    requestId: string,
  ) => Promise<string>;
};

/** POST that adds an entity to an organisation, answering 201 with its id. */
export function createInOrganisationRoute<B extends z.ZodType>(
  app: ZodApp,
  deps: AppDeps,
  o: CreateInOrganisationOptions<B>,
) {
  // Widened as in viewAndEditRoutes; the validator guarantees the body.
  const body: z.ZodType = o.body;
  const doc = signedInSchema(o.tag);
  app.post(
    o.path,
    {
      schema: doc(o.summary, {
        params: IdParams,
        body,
        response: { 201: CreatedEntity, ...errors },
      }),
    },
    async (request, reply) => {
      const id = await o.create(
        deps.db,
        requireAuth(request).scope,
        request.params.id,
        request.body as z.output<B>,
        request.id,
      );
      return reply.code(201).send({ id });
    },
  );
}
