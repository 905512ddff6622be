import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  NotificationsPage,
  UnreadNotificationCount,
  notificationApiPath,
  shellApiPaths,
  tasksNotificationsApiPaths as paths,
} from '@pca/contracts';
import { auditEvents, notifications } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { richTextAttackVectors } from '@pca/contracts/rich-text-vectors.ts';
import { sanitiseNotificationHtml } from '#lib/sanitise-notification.ts';
import { storeNotification } from '#db/notifications.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ra = {
  alice: '2000000011',
  ben: '2000000022',
  george: '2000000066',
  isla: '2000000099',
  priya: '2000000077',
};
/** Alice's seeded notifications, newest first: 3 unread, 9 read (the first the unsafe one), 5 archived. */
const ntf = (n: number) => `NTF-${String(100_245 + n).padStart(8, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, number] of Object.entries(ra)) tokens[key] = await t.tokenFor(number);
});
afterAll(() => t.close());

const call = (who: keyof typeof ra | null, method: 'GET' | 'POST' | 'PUT', url: string) =>
  t.app.inject({ method, url, headers: who ? t.bearer(tokens[who]!) : {} });
const list = async (who: keyof typeof ra, query = '') => {
  const res = await call(who, 'GET', `${paths.notifications}${query}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return NotificationsPage.parse(res.json());
};
const bell = async (who: keyof typeof ra) =>
  UnreadNotificationCount.parse(
    (await call(who, 'GET', shellApiPaths.unreadNotificationCount)).json(),
  ).count;

describe('the OWASP filter-evasion vectors are neutralised when a notification is stored', () => {
  // docs/decisions/026-notifications.md: whatever survives may carry no script, handler or other scheme.
  const vectors = richTextAttackVectors;

  it.each(vectors)('%s', (vector) => {
    const out = sanitiseNotificationHtml(`<p>before</p>${vector}<p>after</p>`);
    expect(out).toContain('<p>before</p>');
    // No element but the allow-list, no attribute but href and rel.
    const tags = [...out.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase());
    for (const tag of tags)
      expect(['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a']).toContain(tag);
    for (const [, attrs] of out.matchAll(/<[a-z0-9]+((?:\s[^>]*)?)>/gi)) {
      const names = [...attrs!.matchAll(/\s([^\s=]+)=/g)].map((m) => m[1]!.toLowerCase());
      for (const name of names) expect(['href', 'rel']).toContain(name);
    }
    for (const [, href] of out.matchAll(/href="([^"]*)"/g))
      expect(href).toMatch(/^(https?:\/\/|mailto:|\/(?!\/))/);
    expect(out).not.toMatch(/<script|javascript:|vbscript:|data:|expression\(|onerror|onload/i);
  });

  it('keeps simple formatting and forces rel="noopener noreferrer" on links', () => {
    expect(
      sanitiseNotificationHtml(
        '<p>A <strong>b</strong> <em>c</em><br></p><ul><li>d</li></ul><ol><li>e</li></ol>' +
          '<a href="https://x.example/a?b=1" rel="opener" target="_blank">f</a>' +
          '<a href="mailto:help@example.com">g</a><a href="/tasks-notifications/tasks">h</a>',
      ),
    ).toBe(
      '<p>A <strong>b</strong> <em>c</em><br /></p><ul><li>d</li></ul><ol><li>e</li></ol>' +
        '<a href="https://x.example/a?b=1" rel="noopener noreferrer">f</a>' +
        '<a href="mailto:help@example.com" rel="noopener noreferrer">g</a>' +
        '<a href="/tasks-notifications/tasks" rel="noopener noreferrer">h</a>',
    );
  });

  it('storeNotification stores the sanitised message, the usual payloads removed', async () => {
    const [stored] = await storeNotification(t.db, {
      practitionerId: demoIds.practitioner('farah'),
      subject: '  Test  ',
      message: '<p>Hi<img src=x onerror=alert(1)></p>',
    });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, stored!.id));
    expect(row).toMatchObject({ subject: 'Test', message: '<p>Hi</p>', status: 'Unread' });
    expect(row!.externalId).toMatch(/^NTF-[0-9a-f-]+$/);
    // The OWASP cheat sheet's usual payloads, as a careless or hostile sender might write them.
    const [unsafe] = await storeNotification(t.db, {
      practitionerId: demoIds.practitioner('farah'),
      subject: 'Unsafe',
      message: [
        '<p>This message was sent with content that is removed before it is stored.</p>',
        '<img src=x onerror=alert(1)>',
        '<script>alert(document.cookie)</script>',
        '<p><a href="javascript:alert(1)">A link that runs script</a></p>',
        '<svg onload=alert(1)><circle r="1"/></svg>',
        '<p style="background:url(javascript:alert(1));width:expression(alert(1))">Styled text</p>',
        '<iframe src="javascript:alert(1)"></iframe>',
        '<p><a href="https://www.example.com/help" target="_blank">A safe link</a></p>',
      ].join(''),
    });
    const [kept] = await t.db.select().from(notifications).where(eq(notifications.id, unsafe!.id));
    expect(kept!.message).not.toMatch(
      /<script|<img|<svg|<iframe|javascript:|onerror|onload|style=/i,
    );
    expect(kept!.message).toContain(
      '<a href="https://www.example.com/help" rel="noopener noreferrer">A safe link</a>',
    );
  });

  it('seeds no test message: nothing a person is shown is a "formatting check" (issue 30)', async () => {
    const seeded = await t.db
      .select({ subject: notifications.subject, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.practitionerId, demoIds.practitioner('alice')));
    expect(seeded.length).toBeGreaterThan(0);
    for (const { subject, message } of seeded) {
      expect(subject).not.toMatch(/formatting check|unsafe/i);
      expect(message).not.toMatch(/removed before it is stored/i);
    }
  });
});

describe('GET notifications', () => {
  it('Alice: read and unread, newest first, 10 a page, with the demo world’s total', async () => {
    const first = await list('alice');
    expect(first.total).toBe(12);
    expect(first.items.map((i) => i.externalId)).toEqual(
      Array.from({ length: 10 }, (_, n) => ntf(n)),
    );
    expect(first.items.slice(0, 3).every((i) => i.status === 'Unread')).toBe(true);
    expect(first.items.slice(3).every((i) => i.status === 'Read')).toBe(true);
    const created = first.items.map((i) => Date.parse(i.created));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    const second = await list('alice', '?page=2');
    expect(second.items.map((i) => i.externalId)).toEqual([ntf(10), ntf(11)]);
    expect((await list('alice', '?page=3')).items).toEqual([]);
    expect((await list('alice', '?pageSize=50')).items).toHaveLength(12);
  });

  it('Alice: archived only when asked', async () => {
    const archived = await list('alice', '?archived=true');
    expect(archived.total).toBe(5);
    expect(archived.items.map((i) => i.externalId)).toEqual([12, 13, 14, 15, 16].map(ntf));
    expect(archived.items.every((i) => i.status === 'Archived')).toBe(true);
  });

  it('bad queries are 400 problems; no session 401; those without the bell 403', async () => {
    for (const q of ['?archived=yes', '?page=0', '?pageSize=51', '?pageSize=0', '?page=x'])
      expectProblem(await call('alice', 'GET', `${paths.notifications}${q}`), 400);
    expectProblem(await call(null, 'GET', paths.notifications), 401);
    expectProblem(await call('priya', 'GET', paths.notifications), 403);
  });

  it('someone with no practitioner record, managing nobody, has an empty list', async () => {
    expect(await list('isla')).toEqual({ items: [], total: 0 });
    expect(await list('george', '?archived=true')).toEqual({ items: [], total: 0 });
  });
});

describe('mark read and archive', () => {
  it('opening an Unread one makes it Read and the bell follows; Read and Archived stay (still 204)', async () => {
    expect(await bell('alice')).toBe(3);
    const read = await call('alice', 'POST', notificationApiPath('markRead', ntf(0)));
    expect(read.statusCode).toBe(204);
    expect(await bell('alice')).toBe(2);
    const again = await call('alice', 'POST', notificationApiPath('markRead', ntf(0)));
    expect(again.statusCode).toBe(204);
    expect((await call('alice', 'POST', notificationApiPath('markRead', ntf(12)))).statusCode).toBe(
      204,
    );
    const [archived] = await t.db
      .select({ status: notifications.status })
      .from(notifications)
      .where(eq(notifications.externalId, ntf(12)));
    expect(archived!.status).toBe('Archived');
    expect((await list('alice')).items[0]).toMatchObject({ externalId: ntf(0), status: 'Read' });
    // Opening is not a change of record: nothing audited.
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'notification.read'));
    expect(audits).toEqual([]);
  });

  it('archiving moves it to the archived list, audited once; archiving again changes nothing', async () => {
    const res = await call('alice', 'POST', notificationApiPath('archive', ntf(1)));
    expect(res.statusCode).toBe(204);
    expect(await bell('alice')).toBe(1);
    expect((await list('alice')).total).toBe(11);
    const archived = await list('alice', '?archived=true');
    expect(archived.total).toBe(6);
    expect(archived.items[0]).toMatchObject({ externalId: ntf(1), status: 'Archived' });
    expect((await call('alice', 'POST', notificationApiPath('archive', ntf(1)))).statusCode).toBe(
      204,
    );
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'notification.archive'),
          eq(auditEvents.actorUserId, demoIds.user('alice')),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      entityType: 'notification',
      actingForPractitionerId: null,
      changedFields: { externalId: ntf(1), status: 'Archived' },
    });
  });

  it('anyone else’s notification, or an unknown one, is a 404 problem; a malformed id 400', async () => {
    expectProblem(await call('george', 'POST', notificationApiPath('markRead', ntf(2))), 404);
    expectProblem(await call('george', 'POST', notificationApiPath('archive', ntf(2))), 404);
    expectProblem(await call('isla', 'POST', notificationApiPath('archive', ntf(2))), 404);
    expectProblem(await call('alice', 'POST', notificationApiPath('archive', 'NTF-NOPE')), 404);
    expectProblem(await call('alice', 'POST', notificationApiPath('markRead', 'a b<')), 400);
    expectProblem(await call('priya', 'POST', notificationApiPath('markRead', ntf(2))), 403);
    expectProblem(await call(null, 'POST', notificationApiPath('markRead', ntf(2))), 401);
    // George's attempts changed nothing.
    const [row] = await t.db
      .select({ status: notifications.status })
      .from(notifications)
      .where(eq(notifications.externalId, ntf(2)));
    expect(row!.status).toBe('Unread');
  });
});

describe('Ben managing Alice', () => {
  it('sees Alice’s notifications and acts on them for her; on his own account he has none', async () => {
    expect(await list('ben')).toEqual({ items: [], total: 0 });
    const put = await t.app.inject({
      method: 'PUT',
      url: shellApiPaths.managing,
      headers: t.bearer(tokens.ben!),
      payload: { practitionerId: demoIds.practitioner('alice') },
    });
    expect(put.statusCode).toBeLessThan(300);
    const alices = await list('ben');
    expect(alices.total).toBe((await list('alice')).total);
    expect(alices.items.map((i) => i.externalId)).toEqual(
      (await list('alice')).items.map((i) => i.externalId),
    );
    const before = await bell('ben');
    expect((await call('ben', 'POST', notificationApiPath('markRead', ntf(2)))).statusCode).toBe(
      204,
    );
    expect(await bell('ben')).toBe(before - 1);
    expect(await bell('alice')).toBe(before - 1);
    expect((await call('ben', 'POST', notificationApiPath('archive', ntf(4)))).statusCode).toBe(
      204,
    );
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'notification.archive'),
          eq(auditEvents.actorUserId, demoIds.user('ben')),
        ),
      );
    expect(audit).toMatchObject({ actingForPractitionerId: demoIds.practitioner('alice') });
  });
});
