import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { apiPaths, CurrentUser, Problem, shellApiPaths } from '@pca/contracts';
import { demoIds } from '#db/seed/index.ts';
import { createAuthenticate } from '#platform/auth/authenticate.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ALICE, BEN, GEORGE, ISLA, JACK, PRIYA } from '../../test/use-test-app.ts';
import { fastJsonSerializerCompiler } from './fast-serializer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

const route = { schema: CurrentUser, method: 'GET', url: apiPaths.me };
const fast = fastJsonSerializerCompiler(route);
const zod = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]) as (
  data: unknown,
) => string;

/** The current user as `authenticate` builds it for a token. */
async function currentUserOf(token: string) {
  const request = { headers: t.bearer(token), auth: null } as unknown as FastifyRequest;
  await createAuthenticate(t.db, t.config.session.idleMs)(request, {} as FastifyReply);
  return request.auth!.currentUser;
}

describe('GET /api/me written by fast-json-stringify', () => {
  it('writes exactly what the zod serializer writes, for every demo identity', async () => {
    for (const ra of [ALICE, BEN, GEORGE, ISLA, JACK, PRIYA, '2000000033']) {
      const user = await currentUserOf(await t.tokenFor(ra));
      expect(fast(user), ra).toBe(zod(user));
    }
  });

  it('writes the same for a delegate managing a practitioner, and for every optional part filled in', async () => {
    const ben = await t.tokenFor(BEN);
    const put = await t.app.inject({
      method: 'PUT',
      url: shellApiPaths.managing,
      headers: t.bearer(ben),
      payload: { practitionerId: demoIds.practitioner('alice') },
    });
    expect(put.statusCode).toBe(200);
    const managing = await currentUserOf(ben);
    expect(managing.managingPractitioner).not.toBeNull();
    expect(fast(managing)).toBe(zod(managing));

    const filled = {
      ...managing,
      photoData: 'data:image/png;base64,iVBORw0KGgo=',
      practitionerPreferredName: { text: 'Bee "quoted" \u2028 name' },
      ahpraPractitionerDetails: [{ professionNumber: 'MED0001234567', profession: 'Medical' }],
      delegateInvitationId: demoIds.delegation('alice', 'dana'),
      participationApprovalStatus: 'Accepted' as const,
      managingPractitioner: { ...managing.managingPractitioner!, userPhotoData: 'data:x' },
      // Keys the contract does not name are left out by both.
      internal: 'never sent',
    };
    expect(fast(filled)).toBe(zod(filled));
    expect(JSON.parse(fast(filled))).not.toHaveProperty('internal');
  });

  it('writes its 401 problem as the zod serializer does', () => {
    const problemRoute = { schema: Problem, method: 'GET', url: apiPaths.me };
    const fastProblem = fastJsonSerializerCompiler(problemRoute);
    const zodProblem = serializerCompiler(
      problemRoute as Parameters<typeof serializerCompiler>[0],
    ) as (data: unknown) => string;
    for (const problem of [
      { type: '/problems/unauthorized', title: 'Unauthorized', status: 401 },
      {
        type: '/problems/unauthorized',
        title: 'Unauthorized',
        status: 401,
        detail: 'Your session has ended. Please log in again.',
        instance: '/api/me',
        errors: [{ field: 'authorization', message: 'Missing' }],
      },
    ])
      expect(fastProblem(problem)).toBe(zodProblem(problem));
  });

  it('answers GET /api/me with it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: apiPaths.me,
      headers: t.bearer(await t.tokenFor(ALICE)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(zod(CurrentUser.parse(res.json())));
  });
});
