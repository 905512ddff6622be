import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { protocol } from '@electric-sql/pglite';
import { DrizzleQueryError, and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { Problem, publicationPartnerPath } from '@pca/contracts';
import { partnerPublications } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE, useTestApp } from '../test/use-test-app.ts';
import { registerErrorHandler } from './error-handler.ts';
import { withTwinInserts } from '../test/twin-insert.ts';

// Every error is application/problem+json with one of our types and a human title, including the
// ones Fastify and Node raise before a route runs (docs/decisions/008-text-rules-and-problem-types.md).

const { t, as } = useTestApp();
const harbour = demoIds.organisation('harbour-group');

/** Asserts a problem+json answer and returns its body. */
function expectProblem(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  type: string,
  title: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = Problem.parse(JSON.parse(res.body));
  expect(problem).toMatchObject({ status, type, title });
  // A human title, never the framework's code.
  expect(problem.title).not.toMatch(/FST_|ERR_/);
  return problem;
}

const token = (payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

describe('request bodies', () => {
  it('invalid JSON is 400 invalid-json', async () => {
    const problem = expectProblem(
      await token('{"code":"a",'),
      400,
      '/problems/invalid-json',
      'Invalid JSON body',
    );
    expect(problem.detail).toBe('The request body is not valid JSON.');
    expect(problem.instance).toBe('/api/auth/token');
  });

  it('a JSON prototype-poisoning body is refused as invalid JSON too', async () => {
    expectProblem(
      await token('{"code":"a","state":"b","__proto__":{"x":1}}'),
      400,
      '/problems/invalid-json',
      'Invalid JSON body',
    );
  });

  it('an empty JSON body is 400 empty-body', async () => {
    expectProblem(await token(''), 400, '/problems/empty-body', 'Empty JSON body');
  });

  it('a missing body where one is required is a validation problem', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/token' });
    const problem = expectProblem(res, 400, '/problems/validation', 'Invalid request');
    expect(problem.errors?.length).toBeGreaterThan(0);
  });

  it('a body over the limit is 413 body-too-large', async () => {
    const big = JSON.stringify({ code: 'x'.repeat(1_100_000), state: 's' });
    expectProblem(await token(big), 413, '/problems/body-too-large', 'Request body too large');
  });

  it('a body that is not JSON is 415 unsupported-media-type', async () => {
    expectProblem(
      await token('code=a&state=b', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      '/problems/unsupported-media-type',
      'Unsupported media type',
    );
  });

  it('JSON in another charset is 415, and bytes that are not UTF-8 are invalid JSON (issue 30)', async () => {
    // They used to be read as UTF-8 anyway, and stored with U+FFFD where the bytes did not fit.
    const latin1 = Buffer.from('{"code":"Café","state":"b"}', 'latin1');
    const charset = expectProblem(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        headers: { 'content-type': 'application/json; charset=iso-8859-1' },
        payload: latin1,
      }),
      415,
      '/problems/unsupported-media-type',
      'Unsupported media type',
    );
    expect(charset.detail).toBe('Send the request body as JSON in UTF-8.');
    const bytes = expectProblem(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        headers: { 'content-type': 'application/json' },
        payload: latin1,
      }),
      400,
      '/problems/invalid-json',
      'Invalid JSON body',
    );
    expect(bytes.detail).toBe('The request body is not valid UTF-8.');
    // UTF-8 said in any of its spellings is fine.
    for (const type of ['application/json; charset=UTF-8', 'application/json;charset="utf8"'])
      expect(
        (await token(JSON.stringify({ code: 42, state: 'b' }), { 'content-type': type }))
          .statusCode,
      ).toBe(400);
  });

  it('a wrong field type names the field', async () => {
    const problem = expectProblem(
      await token(JSON.stringify({ code: 42, state: 'b' })),
      400,
      '/problems/validation',
      'Invalid request',
    );
    expect(problem.errors?.map((e) => e.field)).toEqual(['code']);
  });
});

describe('addresses and methods', () => {
  it('an unknown path is 404 not-found', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expectProblem(res, 404, '/problems/not-found', 'Not found');
  });

  it('a known path with the wrong method is 405 method-not-allowed with Allow', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/auth/token' });
    const problem = expectProblem(res, 405, '/problems/method-not-allowed', 'Method not allowed');
    expect(res.headers.allow).toBe('POST');
    expect(problem.detail).toBe('This address accepts POST.');
    const withParam = await t.app.inject({
      method: 'DELETE',
      url: `/api/organisations/${harbour}`,
      headers: await as(ALICE),
    });
    expectProblem(withParam, 405, '/problems/method-not-allowed', 'Method not allowed');
    expect(String(withParam.headers.allow).split(', ')).toEqual(['GET', 'HEAD', 'PATCH']);
  });

  it('a path that is not valid percent-encoding is 400 bad-url', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/organisations/%E0%A4%A' });
    expectProblem(res, 400, '/problems/bad-url', 'Invalid URL');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('a path parameter over the router limit is 414 uri-too-long', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/organisations/${'a'.repeat(200)}` });
    expectProblem(res, 414, '/problems/uri-too-long', 'URL too long');
  });

  it('a path parameter that is not an id is a validation problem naming the parameter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/organisations/not-an-id',
      headers: await as(ALICE),
    });
    const problem = expectProblem(res, 400, '/problems/validation', 'Invalid request');
    expect(problem.errors?.map((e) => e.field)).toEqual(['id']);
  });

  it('a missing or unknown session is 401 unauthorized', async () => {
    expectProblem(
      await t.app.inject({ method: 'GET', url: '/api/me' }),
      401,
      '/problems/unauthorized',
      'Unauthorized',
    );
  });
});

describe('a unique constraint that a check-then-insert did not foresee', () => {
  const concurrent = 'This was changed at the same time by another request. Reload and try again.';

  /** A 409 conflict that says to reload, and names no table or constraint. */
  function expectConcurrentChange(res: Parameters<typeof expectProblem>[0]) {
    const problem = expectProblem(res, 409, '/problems/conflict', 'Conflict');
    expect(problem.detail).toBe(concurrent);
    expect(res.body).not.toMatch(/partner_publications|unique|duplicate|23505/i);
  }

  it('two identical PUTs of a publication choice racing: the loser is 409 conflict, not 500', async () => {
    // Both requests find no row and insert one; a twin row stands in for the other request, inserted just
    // before this one's, so the real constraint refuses it on PGlite and PostgreSQL alike.
    const clinic = demoIds.location('surry-hills-clinic');
    const practiceLink = demoIds.partnerService('practice-link');
    const res = await withTwinInserts(t.db, 'partner_publications', async () =>
      t.app.inject({
        method: 'PUT',
        url: publicationPartnerPath('location', clinic, practiceLink),
        headers: await as(ALICE),
        payload: {
          publish: true,
          publishFuturePractitioners: false,
          acceptInformationUseStatementId: demoIds.informationUseStatement('practice-link', 1),
        },
      }),
    );
    expectConcurrentChange(res);
    // The request's transaction rolled back: no row of its own (nor the stand-in's).
    const rows = await t.db
      .select()
      .from(partnerPublications)
      .where(
        and(
          eq(partnerPublications.locationId, clinic),
          eq(partnerPublications.partnerServiceId, practiceLink),
        ),
      );
    expect(rows).toEqual([]);
  });

  it('is recognised as node-postgres and as PGlite raise it, wrapped by Drizzle or not', async () => {
    const message =
      'duplicate key value violates unique constraint "partner_publications_level_partner_unique"';
    const asRaised = <E extends Error>(error: E) =>
      Object.assign(error, {
        code: '23505',
        constraint: 'partner_publications_level_partner_unique',
        table: 'partner_publications',
      });
    const nodePostgres = asRaised(new pg.DatabaseError(message, 0, 'error'));
    const pglite = asRaised(new protocol.messages.DatabaseError(message, 0, 'error'));
    const errors = [
      nodePostgres,
      pglite,
      new DrizzleQueryError('insert into "partner_publications" …', [], nodePostgres),
      new DrizzleQueryError('insert into "partner_publications" …', [], pglite),
    ];
    const probe = Fastify({ logger: false });
    registerErrorHandler(probe);
    probe.get('/probe/:n', async (request) => {
      throw errors[Number((request.params as { n: string }).n)];
    });
    try {
      for (const n of errors.keys())
        expectConcurrentChange(await probe.inject({ method: 'GET', url: `/probe/${n}` }));
    } finally {
      await probe.close();
    }
  });
});

describe("what Node's HTTP parser refuses, on a listening server", () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  // The app's own close (after the file) stops the listening server too.

  /** Sends a raw request and resolves with the status, headers and body of the answer. */
  function get(path: string, headers: Record<string, string> = {}) {
    return new Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () =>
            resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body }),
          );
        });
        req.on('error', reject);
        req.end();
      },
    );
  }

  it('a 20 KB query string is 431 headers-too-large', async () => {
    const res = await get(`/api/practitioners/service-offerings?name=${'a'.repeat(20_000)}`);
    const problem = expectProblem(
      res,
      431,
      '/problems/headers-too-large',
      'Request headers too large',
    );
    expect(problem.detail).toMatch(/longer than this API accepts/);
  });

  it('over-long headers are 431 too', async () => {
    const res = await get('/api/health', { 'x-filler': 'b'.repeat(20_000) });
    expectProblem(res, 431, '/problems/headers-too-large', 'Request headers too large');
  });

  it('an ordinary request on the same server is answered normally', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
  });
});
