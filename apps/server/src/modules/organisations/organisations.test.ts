import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MyOrganisations, type OrganisationNode } from '@pca/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function treesOf(raNumber: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/me/organisations',
    headers: t.bearer(await t.tokenFor(raNumber)),
  });
  expect(res.statusCode).toBe(200);
  return MyOrganisations.parse(res.json()).organisations;
}
const flatten = (nodes: OrganisationNode[]): OrganisationNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('GET /api/me/organisations', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/organisations' })).statusCode).toBe(
      401,
    );
  });

  it('gives Alice the Harbour tree with OrganisationManager inherited by every HI organisation', async () => {
    const trees = await treesOf('2000000011');
    expect(trees.map((o) => o.name)).toEqual(['Harbour Medical Group Pty Ltd']);
    const all = flatten(trees);
    expect(all).toHaveLength(4);
    for (const node of all) expect(node.effectiveRoles).toEqual(['OrganisationManager']);
    expect(trees[0]!.children.map((c) => c.type)).toEqual([
      'HiOrganisation',
      'HiOrganisation',
      'HiOrganisation',
    ]);
  });

  it('gives George (Viewer) the same tree read-only', async () => {
    const all = flatten(await treesOf('2000000066'));
    expect(all).toHaveLength(4);
    for (const node of all) expect(node.effectiveRoles).toEqual(['Viewer']);
  });

  it('places Ben’s service role in its organisation without granting the organisation', async () => {
    const all = flatten(await treesOf('2000000022'));
    const withService = all.filter((n) => n.serviceRoles.length > 0);
    expect(withService.map((n) => n.name)).toEqual(['Harbour Medical Centre Surry Hills']);
    expect(withService[0]!.effectiveRoles).toEqual([]);
    expect(withService[0]!.serviceRoles[0]!.roles).toEqual(['HealthcareServiceManager']);
    // The parent appears for context only.
    expect(all.find((n) => n.type === 'ParticipatingOrganisation')!.effectiveRoles).toEqual([]);
  });

  it('gives Isla and Jack their own registrations with approval status', async () => {
    expect((await treesOf('2000000099')).map((o) => [o.name, o.publisherApprovalStatus])).toEqual([
      ['Coastal Physio Collective', 'PendingSubmission'],
    ]);
    expect((await treesOf('2000000101')).map((o) => [o.name, o.publisherApprovalStatus])).toEqual([
      ['Riverbend Allied Health Pty Ltd', 'PendingApproval'],
    ]);
  });

  it('gives users without organisation roles no trees', async () => {
    expect(await treesOf('2000000077')).toEqual([]);
    expect(await treesOf('2000000055')).toEqual([]);
  });
});
