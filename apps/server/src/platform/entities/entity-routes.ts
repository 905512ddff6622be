import type { z } from 'zod';
import { CreatedEntity } from '@pca/contracts';
import type { AccessScope } from '#platform/access/scope.ts';
import { declareRoutes, type ZodApp } from '#platform/http/declare-routes.ts';
import { IdParams, reads } from '#platform/http/route-schema.ts';

// Route shapes the organisation, location and healthcare service modules share (signed-in routes).

/** What entityRoutes registers for one entity. */
export interface EntityRoutes<D extends z.ZodType, B extends z.ZodType> {
  /** OpenAPI tag. */
  tag: string;
  /** The entity's detail schema (view and edit answer it). */
  detail: D;
  /** The schema of an edit's and an addition's body. */
  body: B;
  /** GET the entity (its path with :id): loads the detail as the caller sees it (throws 403/404). */
  view: {
    url: string;
    summary: string;
    load: (caller: AccessScope, id: string) => Promise<z.input<D>>;
  };
  /** PATCH the entity (the same path): saves an edit, audited (throws 403/404/400), and answers the detail. */
  edit: {
    summary: string;
    save: (caller: AccessScope, id: string, body: z.output<B>, requestId: string) => Promise<void>;
  };
  /**
   * POST to an organisation's collection (its path with :id of the organisation): adds the entity,
   * audited, and answers 201 with its id (throws 403/404/400).
   */
  create?: {
    url: string;
    summary: string;
    add: (
      caller: AccessScope,
      organisationId: string,
      body: z.output<B>,
      requestId: string,
    ) => Promise<string>;
  };
}

/** View, edit and (where the entity has it) add to an organisation: the routes of one entity. */
export function entityRoutes<D extends z.ZodType, B extends z.ZodType>(
  app: ZodApp,
  { tag, detail, body, view, edit, create }: EntityRoutes<D, B>,
) {
  // Fastify cannot resolve reply and body types through generic schemas, so the routes see them
  // widened; the options above keep the callers typed and the validator guarantees the body.
  const route = declareRoutes(app, { tag });
  const answer: z.ZodType = detail;
  const input: z.ZodType = body;
  route.get(view.url, {
    summary: view.summary,
    schema: { params: IdParams, 200: answer, ...reads },
    handler: (request, { scope }) => view.load(scope, request.params.id),
  });
  route.patch(view.url, {
    summary: edit.summary,
    schema: { params: IdParams, body: input, 200: answer, ...reads },
    handler: async (request, { scope }) => {
      // The caller's effective roles were read with the session; saving an entity does not change them.
      await edit.save(scope, request.params.id, request.body as z.output<B>, request.id);
      return view.load(scope, request.params.id);
    },
  });
  if (!create) return;
  route.post(create.url, {
    summary: create.summary,
    schema: { params: IdParams, body: input, 201: CreatedEntity, ...reads },
    handler: async (request, { scope }) => ({
      id: await create.add(scope, request.params.id, request.body as z.output<B>, request.id),
    }),
  });
}
