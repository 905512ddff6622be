import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shellApiPaths } from '@pca/contracts';
import { organisations } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function get(url: string, ra: string) {
  return t.app.inject({ method: 'GET', url, headers: t.bearer(await t.tokenFor(ra)) });
}

describe('GET /api/me/unread-notification-count', () => {
  it('needs a session', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: shellApiPaths.unreadNotificationCount }))
        .statusCode,
    ).toBe(401);
  });

  it('counts Alice’s unread notifications (3 in the demo world)', async () => {
    const res = await get(shellApiPaths.unreadNotificationCount, '2000000011');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 3 });
  });

  it('counts the managed practitioner’s notifications while Ben manages Alice', async () => {
    const token = await t.tokenFor('2000000022');
    const before = await t.app.inject({
      method: 'GET',
      url: shellApiPaths.unreadNotificationCount,
      headers: t.bearer(token),
    });
    expect(before.json()).toEqual({ count: 0 });
    await t.app.inject({
      method: 'PUT',
      url: shellApiPaths.managing,
      headers: t.bearer(token),
      payload: { practitionerId: demoIds.practitioner('alice') },
    });
    const after = await t.app.inject({
      method: 'GET',
      url: shellApiPaths.unreadNotificationCount,
      headers: t.bearer(token),
    });
    expect(after.json()).toEqual({ count: 3 });
  });

  it('refuses Priya (PcaOperator only: no bell) with 403 problem+json', async () => {
    const res = await get(shellApiPaths.unreadNotificationCount, '2000000077');
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

describe('GET /api/me/publishing-settings-eligibility', () => {
  it('needs a session', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: shellApiPaths.publishingSettingsEligibility }))
        .statusCode,
    ).toBe(401);
  });

  it.each([
    ['Alice (her business is a publisher already)', '2000000011', false],
    ['George (Viewer)', '2000000066', false],
    ['Priya (operator)', '2000000077', false],
    ['Ben (service manager of a publisher)', '2000000022', false],
  ])('answers %s', async (_who, ra, expected) => {
    const res = await get(shellApiPaths.publishingSettingsEligibility, ra);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ canShowPublishingSettings: expected });
  });

  it('answers true for an organisation manager whose business is not a publisher yet', async () => {
    expect((await get(shellApiPaths.publishingSettingsEligibility, '2000000099')).json()).toEqual({
      canShowPublishingSettings: false,
    });
    await t.db
      .update(organisations)
      .set({ isPublisher: false, publisherApprovalStatus: null })
      .where(eq(organisations.id, demoIds.organisation('coastal-physio')));
    expect((await get(shellApiPaths.publishingSettingsEligibility, '2000000099')).json()).toEqual({
      canShowPublishingSettings: true,
    });
  });
});
