import Fastify, { type RouteOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Problem } from '@pca/contracts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { declareRoutes } from './declare-routes.ts';
import { IdParams, problems } from './route-schema.ts';

// A bare Fastify with the app's zod compilers and a stand-in for `authenticate`: what declareRoutes
// registers, apart from the signed-in context it is written for (app/build-app.ts).
const caller = { user: { id: 'user-1' } } as AuthContext;
const Item = z.object({ id: z.string(), by: z.string() });
const id = '00000000-0000-4000-8000-000000000001';

const app = Fastify().withTypeProvider<ZodTypeProvider>();
const declared: RouteOptions[] = [];
const handled: unknown[] = [];

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.auth = caller;
  });
  app.addHook('onRoute', (route) => {
    declared.push(route);
  });
  const route = declareRoutes(app, { tag: 'things', bodyLimit: 1_024 });
  route.get('/things/:id', {
    summary: 'One thing',
    schema: { params: IdParams, 200: Item, ...problems(404) },
    handler: (request, { user }) => ({ id: request.params.id, by: user.id }),
  });
  route.post('/things', {
    summary: 'Add a thing',
    schema: { body: z.object({ name: z.string() }), 201: Item, 409: Problem },
    handler: async (request, { user }) => ({ id: request.body.name, by: user.id }),
  });
  route.delete('/things/:id', {
    summary: 'Remove a thing',
    schema: { params: IdParams, 204: z.null() },
    bodyLimit: 16,
    handler: (request) => {
      handled.push(request.params.id);
    },
  });
  await app.ready();
});
afterAll(() => app.close());

describe('declareRoutes', () => {
  it('sends what the handler returns with the declared success status, and no body for a 204', async () => {
    const get = await app.inject({ method: 'GET', url: `/things/${id}` });
    expect([get.statusCode, get.json()]).toEqual([200, { id, by: 'user-1' }]);
    const post = await app.inject({ method: 'POST', url: '/things', payload: { name: 'a' } });
    expect([post.statusCode, post.json()]).toEqual([201, { id: 'a', by: 'user-1' }]);
    const remove = await app.inject({ method: 'DELETE', url: `/things/${id}` });
    expect([remove.statusCode, remove.body]).toEqual([204, '']);
    expect(handled).toEqual([id]);
  });

  it('validates the parts the route declares', async () => {
    const get = await app.inject({ method: 'GET', url: '/things/not-a-uuid' });
    expect(get.statusCode).toBe(400);
    const post = await app.inject({ method: 'POST', url: '/things', payload: { name: 1 } });
    expect(post.statusCode).toBe(400);
  });

  it('writes the schema once: tag, bearer scheme, summary, the parts read and the 401 problem', () => {
    const get = declared.find((r) => r.method === 'GET' && r.url === '/things/:id')!;
    expect(Object.keys(get.schema!)).toEqual(['tags', 'summary', 'security', 'params', 'response']);
    expect(get.schema).toMatchObject({
      tags: ['things'],
      summary: 'One thing',
      security: [{ bearer: [] }],
      params: IdParams,
      response: { 401: Problem, 200: Item, 404: Problem },
    });
    const post = declared.find((r) => r.method === 'POST')!;
    expect(Object.keys(post.schema!)).toEqual(['tags', 'summary', 'security', 'body', 'response']);
  });

  it("takes the module's options, and a route's own over them", () => {
    const limits = Object.fromEntries(declared.map((r) => [`${r.method} ${r.url}`, r.bodyLimit]));
    expect(limits).toMatchObject({
      'GET /things/:id': 1_024,
      'POST /things': 1_024,
      'DELETE /things/:id': 16,
    });
  });

  it('refuses a route that declares no success answer, or two', () => {
    const route = declareRoutes(Fastify().withTypeProvider<ZodTypeProvider>(), { tag: 'things' });
    const declare = (response: Record<number, z.ZodType>) => () =>
      route.get('/x', {
        summary: 'x',
        schema: { ...response },
        handler: () => undefined as never,
      });
    expect(declare({ 404: Problem })).toThrow('GET /x declares 0 success answers, not one');
    expect(declare({ 200: Item, 201: Item })).toThrow('GET /x declares 2 success answers, not one');
  });
});
