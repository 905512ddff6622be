import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '@pca/contracts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE, useTestApp } from '../test/use-test-app.ts';

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
