import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { taskApiPath, VerifyInformationTask, type LocationInput } from '@pca/contracts';
import {
  auditEvents,
  locations,
  notifications,
  practitionerRoles,
  scheduledJobs,
  tasks,
} from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { ENDING_ROLE, STALE_LOCATION } from '#db/seed/seed-world.ts';
import { daysFromBase } from '#db/seed/world.ts';
import type { DatabaseHandle } from '#db/client.ts';
import { openTestDatabase } from '../../test/database.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import {
  CONFIRM_DETAILS_REASON,
  REMINDERS_JOB,
  claimScheduledJob,
  createReminderJob,
  roleEndingExternalId,
  portalDate,
  runReminders,
} from './reminders.ts';

// The reminder job on the seeded demo world (docs/decisions/027-reminders.md), on the real database:
// PGlite, or PostgreSQL with TEST_DATABASE_URL. The world's reminder dates count from its seeding (the
// stale location was verified 121 days before it), so "now" here is three days after each database's
// seeding, read back from that location.
const DAY = 86_400_000;
let seed = 0;
let NOW = new Date();
const fromSeed = (days: number) => new Date(seed + days * DAY);
/** Reads a database's seeding moment and sets "now" three days after it. */
async function useSeedClock(db: DatabaseHandle['db']) {
  const [row] = await db
    .select({ at: locations.detailsVerifiedAt })
    .from(locations)
    .where(eq(locations.id, demoIds.location(STALE_LOCATION)));
  seed = row!.at.getTime() + 121 * DAY;
  NOW = fromSeed(3);
}
const alice = demoIds.practitioner('alice');
const staleLocation = demoIds.location(STALE_LOCATION);
const endingRole = demoIds.practitionerRole(
  ENDING_ROLE.practitioner,
  ENDING_ROLE.healthcareService,
);
const endingRoleExternalId = () => roleEndingExternalId(endingRole, portalDate(fromSeed(29)));

const reminderTasks = (handle: DatabaseHandle) =>
  handle.db.select().from(tasks).where(eq(tasks.kind, 'ConfirmDetails'));
const roleEndingNotifications = (handle: DatabaseHandle) =>
  handle.db
    .select()
    .from(notifications)
    .where(sql`${notifications.externalId} like 'role-ending-%'`);

describe('the reminder job', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await useSeedClock(handle.db);
  });
  afterAll(() => handle.close());

  it('creates exactly the demo world’s confirm-details task and role-ending notification, once', async () => {
    expect(await runReminders(handle.db, NOW)).toEqual({
      tasks: 1,
      notifications: 1,
      credentialExpiryTasks: 0,
    });

    const [task, ...more] = await reminderTasks(handle);
    expect(more).toEqual([]);
    expect(task).toMatchObject({
      kind: 'ConfirmDetails',
      entityType: 'Location',
      entityId: staleLocation,
      practitionerId: alice,
      status: 'NotComplete',
      priorityCode: 'low',
      partnerServiceId: null,
      reason: CONFIRM_DETAILS_REASON,
      properties: [],
    });
    expect(task!.dedupeKey).toBe(
      `confirm-details:Location:${staleLocation}:${alice}:${fromSeed(-121).getTime()}`,
    );

    const [notification, ...others] = await roleEndingNotifications(handle);
    expect(others).toEqual([]);
    expect(notification).toMatchObject({
      practitionerId: alice,
      externalId: endingRoleExternalId(),
      status: 'Unread',
      subject: expect.stringMatching(
        /^Your role at Harbour Telehealth GP ends on \d{1,2} \w+ \d{4}$/,
      ),
    });
    expect(notification!.message).toContain(
      notification!.subject.replace('Your role at Harbour Telehealth GP ', ''),
    );
    expect(notification!.message).not.toMatch(/<script|onerror/i);

    // Running again, even much later in the 30 days, creates nothing more.
    expect(await runReminders(handle.db, NOW)).toEqual({
      tasks: 0,
      notifications: 0,
      credentialExpiryTasks: 0,
    });
    expect(await runReminders(handle.db, fromSeed(20))).toEqual({
      tasks: 0,
      notifications: 0,
      credentialExpiryTasks: 0,
    });
    expect(await reminderTasks(handle)).toHaveLength(1);
    expect(await roleEndingNotifications(handle)).toHaveLength(1);
  });

  it('leaves alone an entity verified within 120 days and a role ending in 31 days or more', async () => {
    const [task] = await reminderTasks(handle);
    // The reminded location is confirmed; a service is at 119 days; the role now ends in 31 days
    await handle.db.delete(tasks).where(eq(tasks.id, task!.id));
    await handle.db
      .update(locations)
      .set({ detailsVerifiedAt: NOW })
      .where(eq(locations.id, staleLocation));
    await handle.db.execute(
      sql`update healthcare_services set details_verified_at = ${new Date(NOW.getTime() - 119 * 86_400_000).toISOString()}::timestamptz
          where id = ${demoIds.healthcareService('surry-hills-gp')}`,
    );
    await handle.db
      .update(practitionerRoles)
      .set({ endDate: portalDate(new Date(NOW.getTime() + 31 * DAY)) })
      .where(eq(practitionerRoles.id, endingRole));
    expect(await runReminders(handle.db, NOW)).toEqual({
      tasks: 0,
      notifications: 0,
      credentialExpiryTasks: 0,
    });

    // One more day and the service is due: its OrganisationManager (Alice) gets the task; Ben manages it
    // but has no practitioner record, so no task list.
    const later = new Date(NOW.getTime() + 86_400_000);
    expect(await runReminders(handle.db, later)).toEqual({
      tasks: 1,
      notifications: 1,
      credentialExpiryTasks: 0,
    });
    const [serviceTask] = await reminderTasks(handle);
    expect(serviceTask).toMatchObject({
      entityType: 'HealthcareService',
      entityId: demoIds.healthcareService('surry-hills-gp'),
      practitionerId: alice,
    });
    // The changed end date is told once more (a new end date, a new notification).
    expect((await roleEndingNotifications(handle)).map((n) => n.externalId).sort()).toEqual(
      [
        endingRoleExternalId(),
        roleEndingExternalId(endingRole, portalDate(new Date(NOW.getTime() + 31 * DAY))),
      ].sort(),
    );
  });
});

describe('two runs at the same moment', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await useSeedClock(handle.db);
  });
  afterAll(() => handle.close());

  it('create one task and one notification between them (the database’s unique keys decide)', async () => {
    const runs = await Promise.all([
      runReminders(handle.db, NOW),
      runReminders(handle.db, NOW),
      runReminders(handle.db, NOW),
    ]);
    expect(runs.reduce((n, r) => n + r.tasks, 0)).toBe(1);
    expect(runs.reduce((n, r) => n + r.notifications, 0)).toBe(1);
    expect(await reminderTasks(handle)).toHaveLength(1);
    expect(await roleEndingNotifications(handle)).toHaveLength(1);
  });

  it('the unique key holds even when the open-task check is passed (a second insert is refused)', async () => {
    const [task] = await reminderTasks(handle);
    await expect(
      handle.db.insert(tasks).values({
        kind: 'ConfirmDetails',
        entityType: 'Location',
        entityId: staleLocation,
        practitionerId: alice,
        reason: 'again',
        dedupeKey: task!.dedupeKey,
      }),
    ).rejects.toThrow();
  });
});

describe('the schedule', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await useSeedClock(handle.db);
  });
  afterAll(() => handle.close());

  it('two processes claiming the due job at once: one runs it, then nobody until the interval is over', async () => {
    const claims = await Promise.all([
      claimScheduledJob(handle.db, REMINDERS_JOB, 3_600_000),
      claimScheduledJob(handle.db, REMINDERS_JOB, 3_600_000),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimScheduledJob(handle.db, REMINDERS_JOB, 3_600_000)).toBe(false);
    await handle.db
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(scheduledJobs.name, REMINDERS_JOB));
    expect(await claimScheduledJob(handle.db, REMINDERS_JOB, 3_600_000)).toBe(true);
  });

  it('two API processes’ jobs started together do the work once', async () => {
    await handle.db
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now()` })
      .where(eq(scheduledJobs.name, REMINDERS_JOB));
    const first = createReminderJob(handle.db, { intervalMs: 3_600_000 });
    const second = createReminderJob(handle.db, { intervalMs: 3_600_000 });
    const runs = await Promise.all([first.runIfDue(NOW), second.runIfDue(NOW)]);
    expect(runs.filter((r) => r !== null)).toEqual([
      { tasks: 1, notifications: 1, credentialExpiryTasks: 0 },
    ]);
    const [job] = await handle.db.select().from(scheduledJobs);
    expect(job).toMatchObject({ name: REMINDERS_JOB, lastError: null });
    expect(job!.lastFinishedAt).toBeInstanceOf(Date);
    expect(job!.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
  });

  it('started and stopped with the app: a look at once, then nothing while it is not due', async () => {
    const job = createReminderJob(handle.db, { intervalMs: 3_600_000, pollMs: 10 });
    job.start();
    await new Promise((resolve) => setTimeout(resolve, 60));
    await job.stop();
    expect(await reminderTasks(handle)).toHaveLength(1);
  });

  // PGlite has one connection, so a lock held open there would block the claim itself; PostgreSQL shows
  // the skip (TEST_DATABASE_URL, as in CI).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'on PostgreSQL, a claim passes over the job row another process holds locked instead of waiting',
    async () => {
      await handle.db
        .update(scheduledJobs)
        .set({ nextRunAt: sql`now()` })
        .where(eq(scheduledJobs.name, REMINDERS_JOB));
      const other = await handle.pool!.connect();
      try {
        await other.query('BEGIN');
        await other.query('SELECT name FROM scheduled_jobs WHERE name = $1 FOR UPDATE', [
          REMINDERS_JOB,
        ]);
        const started = Date.now();
        expect(await claimScheduledJob(handle.db, REMINDERS_JOB, 3_600_000)).toBe(false);
        expect(Date.now() - started).toBeLessThan(2_000);
      } finally {
        await other.query('ROLLBACK');
        other.release();
      }
      expect(await claimScheduledJob(handle.db, REMINDERS_JOB, 3_600_000)).toBe(true);
    },
  );
});

describe('the confirm-details task on the API', () => {
  let t: TestApp;
  let taskId: string;
  const ALICE = '2000000011';
  beforeAll(async () => {
    t = await createTestApp();
    await useSeedClock(t.db);
    await runReminders(t.db, NOW);
    const [task] = await t.db.select().from(tasks).where(eq(tasks.kind, 'ConfirmDetails'));
    taskId = task!.id;
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: t.bearer(await t.tokenFor(ALICE)),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('is in Alice’s open tasks and opens with no partner and nothing to choose', async () => {
    const list = await call('GET', '/api/tasks?status=NotComplete');
    expect(list.statusCode).toBe(200);
    const item = (
      list.json() as { items: { id: string; kind: string; entityName: string }[] }
    ).items.find((i) => i.id === taskId);
    expect(item).toMatchObject({
      kind: 'ConfirmDetails',
      entityName: 'Harbour Home Visits (Eastern Suburbs)',
    });
    const res = await call('GET', taskApiPath('task', taskId));
    expect(res.statusCode).toBe(200);
    expect(VerifyInformationTask.parse(res.json())).toMatchObject({
      kind: 'ConfirmDetails',
      entityType: 'Location',
      entityId: staleLocation,
      partnerServiceName: null,
      properties: [],
      taskStatus: 'NotComplete',
    });
  });

  it('is not dismissed, nor completed as a suggestion', async () => {
    const notApplicable = { type: 'task-not-applicable' };
    expectProblem(await call('POST', taskApiPath('dismissTask', taskId)), 409, notApplicable);
    expectProblem(
      await call('POST', taskApiPath('completeTask', taskId), { choice: 'suggested' }),
      409,
      notApplicable,
    );
  });

  it('confirmed: the location is verified now, the task Complete, both audited', async () => {
    const before = Date.now();
    const res = await call('POST', taskApiPath('completeTask', taskId), { choice: 'confirmed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ taskStatus: 'Complete', outcome: 'CurrentValueKept' });
    const [location] = await t.db
      .select({ at: locations.detailsVerifiedAt })
      .from(locations)
      .where(eq(locations.id, staleLocation));
    expect(location!.at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    const audits = await t.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(
        and(
          sql`${auditEvents.entityId} in (${staleLocation}, ${taskId})`,
          sql`${auditEvents.action} in ('location.details-confirmed', 'task.complete')`,
        ),
      );
    expect(audits.map((a) => a.action).sort()).toEqual([
      'location.details-confirmed',
      'task.complete',
    ]);
    expectProblem(
      await call('POST', taskApiPath('completeTask', taskId), { choice: 'confirmed' }),
      409,
      { type: 'task-not-open' },
    );
    // Confirmed today: the job has nothing to remind of.
    expect((await runReminders(t.db, new Date())).tasks).toBe(0);
  });

  it('saving a location’s details, changed or not, records them as verified', async () => {
    const clinic = demoIds.location('surry-hills-clinic');
    const verifiedAt = async () =>
      (
        await t.db
          .select({ at: locations.detailsVerifiedAt })
          .from(locations)
          .where(eq(locations.id, clinic))
      )[0]!.at;
    await t.db
      .update(locations)
      .set({ detailsVerifiedAt: daysFromBase(-200) })
      .where(eq(locations.id, clinic));
    const before = Date.now();
    const edit: LocationInput = {
      name: 'Surry Hills Clinic',
      kind: 'physical',
      addressLine: '122 Crown Street',
      locality: 'Surry Hills',
      postcode: '2010',
      state: 'NSW',
      phone: '02 9123 4500',
      afterHoursPhone: '',
      email: 'reception@harbourmedical.example.com.au',
      fax: '',
      website: '',
      suppressEmail: true,
      suppressPhone: false,
    };
    for (const payload of [edit, edit]) {
      await t.db
        .update(locations)
        .set({ detailsVerifiedAt: daysFromBase(-200) })
        .where(eq(locations.id, clinic));
      const res = await call('PATCH', `/api/locations/${clinic}`, payload);
      expect(res.statusCode).toBeLessThan(300);
      expect((await verifiedAt()).getTime()).toBeGreaterThanOrEqual(before - 5_000);
    }
  });
});
