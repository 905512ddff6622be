import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { and, eq } from 'drizzle-orm';
import {
  OnlineFormUrl,
  partnerOAuthPaths,
  shellApiPaths,
  TasksNotificationsCounts,
  TasksPage,
  VerifyInformationTask,
  businessApiPath,
  healthcareServiceApiPaths,
  taskApiPath,
  tasksNotificationsApiPaths as paths,
} from '@pca/contracts';
import { auditEvents, healthcareServices, practitionerRoles, tasks } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { DEFAULT_PARTNER_SANDBOX_URL } from '#db/seed/seed-inbox.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { ONLINE_FORM_TOKEN_TTL_SECONDS, ONLINE_FORM_TOKEN_TYPE } from '#platform/partner-tokens.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ra = { alice: '2000000011', ben: '2000000022', george: '2000000066', isla: '2000000099' };
type Who = keyof typeof ra;

const task = {
  urgentPhone: demoIds.task('open-1'), // HealthcareService surry-hills-gp, Phone
  locationEmail: demoIds.task('open-2'), // Location surry-hills-clinic, Email
  onlineForm: demoIds.task('open-3'), // Organisation harbour-group, MediFund's form on the sandbox
  roleDays: demoIds.task('open-4'), // PractitionerRole alice at surry-hills-gp, NumberOfDays
  completed: demoIds.task('completed-1'),
};

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, number] of Object.entries(ra)) tokens[key] = await t.tokenFor(number);
});
afterAll(() => t.close());

const call = (who: Who | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who ? t.bearer(tokens[who]!) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A task of Alice's added by a test, so the seeded ones stay as the other tests expect them. */
async function addTask(values: Partial<typeof tasks.$inferInsert>) {
  const [row] = await t.db
    .insert(tasks)
    .values({
      practitionerId: demoIds.practitioner('alice'),
      entityType: 'HealthcareService',
      entityId: demoIds.healthcareService('surry-hills-gp'),
      partnerServiceId: demoIds.partnerService('nhsd'),
      reason: 'A test suggestion.',
      properties: [{ name: 'Website', displayName: 'Website', newValue: 'https://gp.example.com' }],
      ...values,
    })
    .returning({ id: tasks.id });
  return row!.id;
}

describe('counts and lists', () => {
  it("gives Alice the demo world's counts: 4 open tasks, 3 unread notifications", async () => {
    const res = await call('alice', 'GET', paths.counts);
    expect(res.statusCode).toBe(200);
    expect(TasksNotificationsCounts.parse(res.json())).toEqual({
      openTasks: 4,
      unreadNotifications: 3,
    });
  });

  it('gives Ben managing Alice her counts, and his own (none) otherwise', async () => {
    const own = await call('ben', 'GET', paths.counts);
    expect(own.json()).toEqual({ openTasks: 0, unreadNotifications: 0 });
    const token = await t.tokenFor(ra.ben);
    await t.app.inject({
      method: 'PUT',
      url: shellApiPaths.managing,
      headers: t.bearer(token),
      payload: { practitionerId: demoIds.practitioner('alice') },
    });
    const managing = await t.app.inject({
      method: 'GET',
      url: paths.counts,
      headers: t.bearer(token),
    });
    expect(managing.json()).toMatchObject({ openTasks: 4, unreadNotifications: 3 });
  });

  it('lists tasks by status, urgent first, with what the list shows', async () => {
    const open = TasksPage.parse((await call('alice', 'GET', `${paths.tasks}`)).json());
    expect(open).toMatchObject({ page: 1, pageSize: 10, total: 4 });
    expect(open.items[0]).toMatchObject({
      id: task.urgentPhone,
      taskPriorityCode: 'urgent',
      taskStatus: 'NotComplete',
      entityType: 'HealthcareService',
      entityName: 'Harbour General Practice Surry Hills',
      partnerServiceName: 'National Health Services Directory',
      propertyDisplayNames: ['Phone'],
    });
    expect(open.items.find((i) => i.id === task.onlineForm)).toMatchObject({
      kind: 'OnlineForm',
      entityName: 'Harbour Medical Group Pty Ltd',
      // The sandbox's partner, whose form the sandbox serves and whose token it accepts (issue 30).
      partnerServiceName: 'MediFund Health Insurance',
    });
    expect(open.items.find((i) => i.id === task.roleDays)?.entityName).toMatch(/^Alice Nguyen at /);
    const completed = TasksPage.parse(
      (await call('alice', 'GET', `${paths.tasks}?status=Complete`)).json(),
    );
    expect(completed.total).toBe(3);
    expect(completed.items.every((i) => i.taskStatus === 'Complete' && i.resolvedAt)).toBe(true);
    const dismissed = TasksPage.parse(
      (await call('alice', 'GET', `${paths.tasks}?status=Dismissed&page=1`)).json(),
    );
    expect(dismissed.total).toBe(2);
    const past = TasksPage.parse(
      (await call('alice', 'GET', `${paths.tasks}?status=Dismissed&page=2`)).json(),
    );
    expect(past).toMatchObject({ items: [], page: 2 });
  });

  it('a page past the last has no items and still the true total', async () => {
    // Alice has 2 dismissed tasks: one page of 10. The total is counted even where no row carries it.
    for (const page of [2, 7]) {
      const past = TasksPage.parse(
        (await call('alice', 'GET', `${paths.tasks}?status=Dismissed&page=${page}`)).json(),
      );
      expect(past).toMatchObject({ items: [], page, pageSize: 10, total: 2 });
    }
  });

  it('answers bad list queries with field errors', async () => {
    expectProblem(await call('alice', 'GET', `${paths.tasks}?status=Open`), 400, {
      field: 'status',
    });
    expectProblem(await call('alice', 'GET', `${paths.tasks}?page=0`), 400, { field: 'page' });
    expectProblem(await call(null, 'GET', paths.tasks), 401);
  });

  it('gives George, who has no practitioner record, empty lists', async () => {
    const res = await call('george', 'GET', paths.tasks);
    expect(res.json()).toMatchObject({ items: [], total: 0 });
  });
});

describe('the verify-information task', () => {
  it('shows the partner, the reason, the suggestion and the current value', async () => {
    const res = await call('alice', 'GET', taskApiPath('task', task.urgentPhone));
    expect(res.statusCode).toBe(200);
    const body = VerifyInformationTask.parse(res.json());
    expect(body).toMatchObject({
      taskStatus: 'NotComplete',
      taskPriorityCode: 'urgent',
      entityType: 'HealthcareService',
      entityId: demoIds.healthcareService('surry-hills-gp'),
      partnerServiceName: 'National Health Services Directory',
      properties: [{ name: 'Phone', displayName: 'Phone', newValue: '0291234888' }],
    });
    expect(body.properties[0]!.currentValue).not.toBe('0291234888');
    expect(body.reason).toMatch(/disconnected/);
  });

  it('is not found for George (a Viewer), Isla (another business) or a missing id', async () => {
    for (const who of ['george', 'isla'] as const)
      for (const [method, path, body] of [
        ['GET', taskApiPath('task', task.urgentPhone), undefined],
        ['POST', taskApiPath('completeTask', task.urgentPhone), { choice: 'suggested' }],
        ['POST', taskApiPath('dismissTask', task.urgentPhone), undefined],
        ['GET', taskApiPath('onlineForm', task.onlineForm), undefined],
      ] as const)
        expectProblem(await call(who, method, path, body), 404);
    expectProblem(
      await call('alice', 'GET', taskApiPath('task', '00000000-0000-4000-8000-000000000000')),
      404,
    );
    expectProblem(await call('alice', 'GET', taskApiPath('task', 'not-a-uuid')), 400, {
      field: 'id',
    });
  });

  it('lets Ben (manager of the service, delegate of Alice) open the service and role tasks only', async () => {
    expect((await call('ben', 'GET', taskApiPath('task', task.urgentPhone))).statusCode).toBe(200);
    expect((await call('ben', 'GET', taskApiPath('task', task.roleDays))).statusCode).toBe(200);
    expectProblem(await call('ben', 'GET', taskApiPath('task', task.locationEmail)), 404);
  });

  it('refuses a body other than the suggested choice with a field error', async () => {
    expectProblem(
      await call('alice', 'POST', taskApiPath('completeTask', task.urgentPhone), {
        choice: 'current',
      }),
      400,
      { field: 'choice' },
    );
    expectProblem(
      await call('alice', 'POST', taskApiPath('completeTask', task.urgentPhone), {}),
      400,
      { field: 'choice' },
    );
  });

  it('completes with the suggested value: entity, task and audit in one go; a second complete is 409', async () => {
    const gp = demoIds.healthcareService('surry-hills-gp');
    const verifiedAt = async () =>
      (
        await t.db
          .select({ at: healthcareServices.detailsVerifiedAt })
          .from(healthcareServices)
          .where(eq(healthcareServices.id, gp))
      )[0]!.at;
    const before = new Date();
    expect((await verifiedAt()).getTime()).toBeLessThan(before.getTime());
    const res = await call('alice', 'POST', taskApiPath('completeTask', task.urgentPhone), {
      choice: 'suggested',
    });
    expect(res.statusCode).toBe(200);
    // Saved as the portal's own save is: the partner API's meta.lastUpdated and _lastUpdated move with it.
    expect((await verifiedAt()).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(VerifyInformationTask.parse(res.json())).toMatchObject({
      taskStatus: 'Complete',
      outcome: 'SuggestedValueAccepted',
      properties: [{ newValue: '0291234888', currentValue: '0291234888' }],
    });
    const service = await call(
      'alice',
      'GET',
      businessApiPath(
        healthcareServiceApiPaths.healthcareService,
        demoIds.healthcareService('surry-hills-gp'),
      ),
    );
    expect(JSON.stringify(service.json())).toContain('0291234888');
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.urgentPhone));
    expect(row).toMatchObject({
      status: 'Complete',
      outcome: 'SuggestedValueAccepted',
      resolvedByUserId: demoIds.user('alice'),
      verifiedValues: [{ name: 'Phone', value: '0291234888' }],
    });
    expect(row!.resolvedAt).toBeTruthy();
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.requestId, res.headers['x-request-id'] as string));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'healthcare-service.updated',
      'task.complete',
    ]);
    const again = await call('alice', 'POST', taskApiPath('completeTask', task.urgentPhone), {
      choice: 'suggested',
    });
    expectProblem(again, 409, { type: 'task-not-open' });
    expectProblem(await call('alice', 'POST', taskApiPath('dismissTask', task.urgentPhone)), 409, {
      type: 'task-not-open',
    });
    const counts = await call('alice', 'GET', paths.counts);
    expect(counts.json()).toMatchObject({ openTasks: 3 });
  });

  it('lets only one of two racing completes win', async () => {
    const id = await addTask({});
    const [a, b] = await Promise.all([
      call('alice', 'POST', taskApiPath('completeTask', id), { choice: 'suggested' }),
      call('alice', 'POST', taskApiPath('completeTask', id), { choice: 'suggested' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'task.complete')));
    expect(audit).toHaveLength(1);
  });

  it('sets a role’s number of days, and the practitioner role shows it', async () => {
    const res = await call('alice', 'POST', taskApiPath('completeTask', task.roleDays), {
      choice: 'suggested',
    });
    expect(res.statusCode).toBe(200);
    const [role] = await t.db
      .select()
      .from(practitionerRoles)
      .where(eq(practitionerRoles.id, demoIds.practitionerRole('alice', 'surry-hills-gp')));
    expect(role!.numberOfDays).toBe(4);
  });

  it('sets every contact property on a service and a preferred name on a role', async () => {
    const suggestions = [
      ['AfterHoursPhone', '1300123456', 'afterHoursPhone'],
      ['Email', 'front@gp.example.com', 'email'],
      ['Fax', '0291230000', 'fax'],
      ['Website', 'https://front.gp.example.com', 'website'],
    ] as const;
    for (const [name, newValue, column] of suggestions) {
      const id = await addTask({ properties: [{ name, displayName: name, newValue }] });
      const res = await call('alice', 'POST', taskApiPath('completeTask', id), {
        choice: 'suggested',
      });
      expect(res.statusCode).toBe(200);
      const [service] = await t.db
        .select()
        .from(healthcareServices)
        .where(eq(healthcareServices.id, demoIds.healthcareService('surry-hills-gp')));
      expect(service![column]).toBe(newValue);
    }
    const roleId = demoIds.practitionerRole('alice', 'harbour-telehealth-gp');
    const id = await addTask({
      entityType: 'PractitionerRole',
      entityId: roleId,
      properties: [
        { name: 'PreferredName', displayName: 'Preferred name', newValue: 'Dr A Nguyen' },
      ],
    });
    expect(
      (await call('alice', 'POST', taskApiPath('completeTask', id), { choice: 'suggested' }))
        .statusCode,
    ).toBe(200);
    const [role] = await t.db
      .select()
      .from(practitionerRoles)
      .where(eq(practitionerRoles.id, roleId));
    expect(role!.preferredName).toBe('Dr A Nguyen');
  });

  it('refuses an invalid suggestion with the field error of the entity’s own edit, changing nothing', async () => {
    const id = await addTask({
      properties: [{ name: 'Email', displayName: 'Email', newValue: 'not an email' }],
    });
    const res = await call('alice', 'POST', taskApiPath('completeTask', id), {
      choice: 'suggested',
    });
    expectProblem(res, 400, { field: 'Email' });
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, id));
    expect(row!.status).toBe('NotComplete');
    const organisationAfterHours = await addTask({
      entityType: 'Organisation',
      entityId: demoIds.organisation('harbour-group'),
      properties: [
        { name: 'AfterHoursPhone', displayName: 'After hours phone', newValue: '1300123456' },
      ],
    });
    expectProblem(
      await call('alice', 'POST', taskApiPath('completeTask', organisationAfterHours), {
        choice: 'suggested',
      }),
      409,
      { type: 'task-not-applicable' },
    );
  });

  it('dismisses with the current value kept, recorded and audited', async () => {
    const before = VerifyInformationTask.parse(
      (await call('alice', 'GET', taskApiPath('task', task.locationEmail))).json(),
    );
    const res = await call('alice', 'POST', taskApiPath('dismissTask', task.locationEmail));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ taskStatus: 'Dismissed', outcome: 'CurrentValueKept' });
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.locationEmail));
    expect(row).toMatchObject({
      status: 'Dismissed',
      resolvedByUserId: demoIds.user('alice'),
      verifiedValues: [{ name: 'Email', value: before.properties[0]!.currentValue }],
    });
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.requestId, res.headers['x-request-id'] as string));
    expect(audit.map((a) => a.action)).toEqual(['task.dismiss']);
    expectProblem(
      await call('alice', 'POST', taskApiPath('dismissTask', task.locationEmail)),
      409,
      {
        type: 'task-not-open',
      },
    );
    // Out of the open tasks and their count, into the dismissed ones (the tasks journey read this from
    // the tabs until issue 31).
    const open = TasksPage.parse(
      (await call('alice', 'GET', `${paths.tasks}?status=NotComplete`)).json(),
    );
    expect(open.items.map((i) => i.id)).not.toContain(task.locationEmail);
    const dismissed = TasksPage.parse(
      (await call('alice', 'GET', `${paths.tasks}?status=Dismissed`)).json(),
    );
    expect(dismissed.items.map((i) => i.id)).toContain(task.locationEmail);
    const counts = TasksNotificationsCounts.parse(
      (await call('alice', 'GET', paths.counts)).json(),
    );
    expect(counts.openTasks).toBe(open.total);
  });
});

describe('the online form', () => {
  /** The partner's check: the portal's published keys, its issuer, the partner as audience, the token type. */
  const verify = async (token: string, audience: string, currentDate = new Date()) => {
    const jwks = (await t.app.inject({ method: 'GET', url: partnerOAuthPaths.jwks })).json();
    return jwtVerify(token, createLocalJWKSet(jwks as JSONWebKeySet), {
      issuer: t.config.partnerTokens.issuer,
      audience,
      typ: ONLINE_FORM_TOKEN_TYPE,
      currentDate,
    });
  };

  it('answers the partner’s form with a token signed by the portal’s key for that partner only, naming the task and user, for 5 minutes', async () => {
    const res = await call('alice', 'GET', taskApiPath('onlineForm', task.onlineForm));
    expect(res.statusCode).toBe(200);
    const url = new URL(OnlineFormUrl.parse(res.json()).url);
    // The seeded form is the development partner sandbox's, which plays MediFund (issue 30).
    expect(url.origin + url.pathname).toBe(`${DEFAULT_PARTNER_SANDBOX_URL}/online-form`);
    const token = url.searchParams.get('token')!;
    const { payload } = await verify(token, 'medifund');
    expect(payload).toMatchObject({ task: task.onlineForm, sub: demoIds.user('alice') });
    expect(payload.exp! - payload.iat!).toBe(ONLINE_FORM_TOKEN_TTL_SECONDS);
    expect(decodeProtectedHeader(token).typ).toBe(ONLINE_FORM_TOKEN_TYPE);
    // Another partner does not accept it; after its 5 minutes nobody does; a changed payload fails its signature.
    await expect(verify(token, 'practice-link')).rejects.toThrow(/aud/);
    await expect(
      verify(token, 'medifund', new Date(Date.now() + (ONLINE_FORM_TOKEN_TTL_SECONDS + 1) * 1000)),
    ).rejects.toThrow(/exp/);
    const [header, body, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(body!, 'base64url').toString()),
        sub: demoIds.user('george'),
      }),
    ).toString('base64url');
    await expect(verify(`${header}.${forged}.${signature}`, 'medifund')).rejects.toThrow(
      /signature/,
    );
    // Nor is it an access token of the partner API.
    const fhir = await t.app.inject({
      method: 'GET',
      url: '/fhir/Organization',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(fhir.statusCode).toBe(401);
  });

  it('is not found for a verify-information task, and the online-form task cannot be completed here', async () => {
    expectProblem(await call('alice', 'GET', taskApiPath('onlineForm', task.completed)), 404);
    expectProblem(
      await call('alice', 'POST', taskApiPath('completeTask', task.onlineForm), {
        choice: 'suggested',
      }),
      409,
      { type: 'task-not-applicable' },
    );
  });
});
