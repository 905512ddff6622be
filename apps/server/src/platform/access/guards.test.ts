import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { shellApiPaths, type Capabilities } from '@pca/contracts';
import { demoIds } from '#db/seed/index.ts';
import { registerErrorHandler } from '#app/error-handler.ts';
import { createAuthenticate } from '#platform/auth/authenticate.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { requireCapability } from './guards.ts';

const CAPABILITIES: Array<keyof Capabilities> = [
  'manageBusinesses',
  'viewBusinesses',
  'accessPractitioners',
  'managePractitioners',
  'accessPublishing',
  'delegates',
  'keyContacts',
  'importDirectoryServices',
  'systemAdmin',
];

let t: TestApp;
let probe: FastifyInstance;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  // One route per capability, guarded exactly as the feature modules guard theirs.
  probe = Fastify({ logger: false });
  registerErrorHandler(probe);
  const deps = { db: t.db, config: t.config };
  const authenticate = createAuthenticate(t.db, t.config.session.idleMs);
  for (const capability of CAPABILITIES)
    probe.get(
      `/probe/${capability}`,
      { preHandler: [authenticate, requireCapability(deps, capability)] },
      async () => ({ ok: true }),
    );
  await probe.ready();
  for (const [name, ra] of [
    ['alice', '2000000011'],
    ['ben', '2000000022'],
    ['george', '2000000066'],
    ['priya', '2000000077'],
  ] as const)
    tokens.set(name, await t.tokenFor(ra));
});
afterAll(async () => {
  await probe.close();
  await t.close();
});

async function allowed(who: string): Promise<Array<keyof Capabilities>> {
  const result: Array<keyof Capabilities> = [];
  for (const capability of CAPABILITIES) {
    const res = await probe.inject({
      method: 'GET',
      url: `/probe/${capability}`,
      headers: t.bearer(tokens.get(who)!),
    });
    if (res.statusCode === 200) result.push(capability);
    else {
      expect(res.statusCode, `${who} ${capability}`).toBe(403);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 403 });
    }
  }
  return result;
}

describe('requireCapability (docs/product/rules.md#permissions on the server)', () => {
  it('answers 401 problem+json without a session', async () => {
    const res = await probe.inject({ method: 'GET', url: '/probe/viewBusinesses' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('Alice (practitioner, organisation manager) has the business and publishing capabilities', async () => {
    const caps = await allowed('alice');
    expect(caps).toEqual(
      expect.arrayContaining([
        'manageBusinesses',
        'viewBusinesses',
        'accessPractitioners',
        'managePractitioners',
        'accessPublishing',
      ]),
    );
    expect(caps).not.toContain('systemAdmin');
    expect(caps).not.toContain('delegates');
  });

  it('Ben (service manager and approved delegate) loses the business capabilities while managing Alice', async () => {
    const own = await allowed('ben');
    expect(own).toEqual(expect.arrayContaining(['manageBusinesses', 'delegates']));
    expect(own).not.toContain('importDirectoryServices');
    expect(own).not.toContain('systemAdmin');

    const put = await t.app.inject({
      method: 'PUT',
      url: shellApiPaths.managing,
      headers: t.bearer(tokens.get('ben')!),
      payload: { practitionerId: demoIds.practitioner('alice') },
    });
    expect(put.statusCode).toBe(200);
    const managing = await allowed('ben');
    expect(managing).toContain('accessPublishing');
    for (const lost of ['manageBusinesses', 'viewBusinesses', 'delegates'] as const)
      expect(managing).not.toContain(lost);
  });

  it('George (viewer) may view businesses but manage nothing', async () => {
    const caps = await allowed('george');
    expect(caps).toContain('viewBusinesses');
    expect(caps).not.toContain('manageBusinesses');
    expect(caps).not.toContain('managePractitioners');
    expect(caps).not.toContain('systemAdmin');
  });

  it('Priya (PcaOperator) has system admin only', async () => {
    expect(await allowed('priya')).toEqual(['systemAdmin']);
  });
});
