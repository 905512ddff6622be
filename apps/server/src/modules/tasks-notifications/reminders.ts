import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import {
  healthcareServices,
  organisations,
  practitionerRoles,
  scheduledJobs,
} from '#db/schema/index.ts';
import { storeNotification } from '#db/notifications.ts';
import { escapeHtml } from '#lib/escape-html.ts';

// The reminders the portal sends itself (docs/decisions/027-reminders.md): a 'confirm your details are
// still current' task for an organisation, location or healthcare service whose details have not been
// saved or confirmed for 120 days, and a notification 30 days before a practitioner role ends.

/** The row of `scheduled_jobs` the reminder job claims. */
export const REMINDERS_JOB = 'reminders';
/** Days after the last verification when a confirm-details task is created. */
export const CONFIRM_DETAILS_AFTER_DAYS = 120;
/** Days before a role's end date when its practitioner is told. */
export const ROLE_ENDING_NOTICE_DAYS = 30;

const DAY_MS = 86_400_000;
/** The portal's dates (a role's end date) are Australian calendar dates. */
const TIME_ZONE = 'Australia/Sydney';

/** The reason every confirm-details task gives (there is no partner: the portal asks). */
export const CONFIRM_DETAILS_REASON =
  `These details have not been confirmed for ${CONFIRM_DETAILS_AFTER_DAYS} days. Check them, and ` +
  'confirm they are still current so partner services keep publishing the right information.';

type Rows<T> = { rows: T[] };

/** The calendar date (yyyy-mm-dd) in Sydney at `at`. */
export function portalDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** 11 December 2026. */
const longDate = (isoDate: string) =>
  new Intl.DateTimeFormat('en-AU', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${isoDate}T00:00:00Z`));

/** The notification's id: one per role and end date, so a changed end date is told again. */
export const roleEndingExternalId = (roleId: string, endDate: string) =>
  `role-ending-${roleId}-${endDate}`;

/**
 * Creates the confirm-details tasks that are due: one per stale entity and practitioner who may edit it
 * (an OrganisationManager of its organisation or one above it; for a service also its
 * HealthcareServiceManager) — only people with a practitioner record have a task list. Entities of an
 * organisation that is not Active, and services that have ended, are left alone. The dedupe key names the
 * entity, the practitioner and the verification being reminded of, and is unique in the database: a
 * second run, or a run at the same moment in another process, inserts nothing (ON CONFLICT DO NOTHING).
 */
async function createConfirmDetailsTasks(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - CONFIRM_DETAILS_AFTER_DAYS * DAY_MS).toISOString();
  const today = portalDate(now);
  const result = (await db.execute(sql`
    with recursive managers(organisation_id, practitioner_id) as (
      select rm.organisation_id, p.id
        from role_memberships rm
        join users u on u.id = rm.user_id and u.is_active
        join practitioners p on p.user_id = rm.user_id
       where rm.role_type = 'OrganisationManager' and rm.organisation_id is not null
      union
      select o.id, m.practitioner_id from organisations o join managers m on o.parent_id = m.organisation_id
    ),
    service_managers(healthcare_service_id, practitioner_id) as (
      select rm.healthcare_service_id, p.id
        from role_memberships rm
        join users u on u.id = rm.user_id and u.is_active
        join practitioners p on p.user_id = rm.user_id
       where rm.role_type = 'HealthcareServiceManager' and rm.healthcare_service_id is not null
    ),
    stale(entity_type, entity_id, practitioner_id, verified_at) as (
      select 'Organisation'::text, o.id, m.practitioner_id, o.details_verified_at
        from organisations o join managers m on m.organisation_id = o.id
       where o.status = 'Active' and o.details_verified_at <= ${cutoff}::timestamptz
      union
      select 'Location'::text, l.id, m.practitioner_id, l.details_verified_at
        from locations l
        join organisations o on o.id = l.organisation_id and o.status = 'Active'
        join managers m on m.organisation_id = l.organisation_id
       where l.details_verified_at <= ${cutoff}::timestamptz
      union
      select 'HealthcareService'::text, s.id, who.practitioner_id, s.details_verified_at
        from healthcare_services s
        join organisations o on o.id = s.organisation_id and o.status = 'Active'
        join (
          select hs.id as service_id, m.practitioner_id
            from healthcare_services hs join managers m on m.organisation_id = hs.organisation_id
          union
          select sm.healthcare_service_id, sm.practitioner_id from service_managers sm
        ) who on who.service_id = s.id
       where s.details_verified_at <= ${cutoff}::timestamptz
         and (s.end_date is null or s.end_date >= ${today}::date)
    )
    insert into tasks (kind, entity_type, entity_id, practitioner_id, priority_code, reason, properties, dedupe_key)
    select 'ConfirmDetails', st.entity_type, st.entity_id, st.practitioner_id, 'low', ${CONFIRM_DETAILS_REASON},
           '[]'::jsonb,
           'confirm-details:' || st.entity_type || ':' || st.entity_id || ':' || st.practitioner_id || ':' ||
             (extract(epoch from st.verified_at) * 1000)::bigint
      from stale st
     -- One open reminder per entity and practitioner, even after the details were saved and went stale again.
     where not exists (
       select 1 from tasks t
        where t.kind = 'ConfirmDetails' and t.status = 'NotComplete'
          and t.entity_id = st.entity_id and t.practitioner_id = st.practitioner_id
     )
    on conflict (dedupe_key) do nothing
    returning id`)) as unknown as Rows<{ id: string }>;
  return result.rows.length;
}

/**
 * Tells each practitioner whose role ends within the next 30 days (today included), once per role and
 * end date: the notification's unique external id makes a second store a no-op. Stored only through
 * storeNotification(), which sanitises the message.
 */
async function createRoleEndingNotifications(db: Database, now: Date): Promise<number> {
  const today = portalDate(now);
  const roles = await db
    .select({
      id: practitionerRoles.id,
      practitionerId: practitionerRoles.practitionerId,
      endDate: practitionerRoles.endDate,
      primaryType: practitionerRoles.primaryType,
      serviceName: healthcareServices.name,
      organisationName: organisations.name,
    })
    .from(practitionerRoles)
    .innerJoin(healthcareServices, eq(healthcareServices.id, practitionerRoles.healthcareServiceId))
    .innerJoin(organisations, eq(organisations.id, healthcareServices.organisationId))
    .where(
      and(
        gte(practitionerRoles.endDate, today),
        lte(practitionerRoles.endDate, addDays(today, ROLE_ENDING_NOTICE_DAYS)),
      ),
    );
  if (!roles.length) return 0;
  const stored = await storeNotification(
    db,
    roles.map((role) => {
      const ends = longDate(role.endDate!);
      return {
        practitionerId: role.practitionerId,
        externalId: roleEndingExternalId(role.id, role.endDate!),
        subject: `Your role at ${role.serviceName} ends on ${ends}`,
        message:
          `<p>Your role as ${escapeHtml(role.primaryType)} at <strong>${escapeHtml(role.serviceName)}</strong> ` +
          `(${escapeHtml(role.organisationName)}) ends on ${ends}.</p>` +
          '<p>If you keep working there, ask one of its organisation managers to change the end date of ' +
          'your role, so partner services keep publishing it.</p>',
      };
    }),
    { ignoreDuplicates: true },
  );
  return stored.length;
}

/** What one run created. */
export interface ReminderRun {
  tasks: number;
  notifications: number;
}

/**
 * Runs the reminders once, at `now` (tests pass an instant; the job uses the clock). Safe to run any
 * number of times and at the same moment in several processes: what exists is not created again.
 */
export async function runReminders(db: Database, now: Date = new Date()): Promise<ReminderRun> {
  const tasks = await createConfirmDetailsTasks(db, now);
  const notifications = await createRoleEndingNotifications(db, now);
  return { tasks, notifications };
}

/** `now() + ms` in the database's clock, which every API process shares. */
const nowPlus = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000}::double precision)`;

/**
 * Claims the job `name` when it is due, in one statement: its row is locked with `FOR UPDATE SKIP LOCKED`
 * (a process claiming at the same moment passes over it instead of waiting) and `next_run_at` is moved
 * `intervalMs` on before the lock is let go, so only one process runs it per interval. The row is made on
 * the first claim, due at once. Answers whether this caller won.
 */
export async function claimScheduledJob(
  db: Database,
  name: string,
  intervalMs: number,
): Promise<boolean> {
  await db.insert(scheduledJobs).values({ name }).onConflictDoNothing();
  const due = db
    .select({ name: scheduledJobs.name })
    .from(scheduledJobs)
    .where(and(eq(scheduledJobs.name, name), lte(scheduledJobs.nextRunAt, sql`now()`)))
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(scheduledJobs)
    .set({ nextRunAt: nowPlus(intervalMs), lastStartedAt: sql`now()` })
    .where(inArray(scheduledJobs.name, due))
    .returning({ name: scheduledJobs.name });
  return claimed.length > 0;
}

/** Where the job reports; Fastify's logger fits. */
export interface ReminderLog {
  info(message: string): void;
  error(object: { err: unknown }, message: string): void;
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * The scheduled reminder job of one API process: at start and then every `pollMs` (at most a minute) it
 * tries to claim the `reminders` row; the process that wins runs the reminders, so across every process
 * they run once per `intervalMs`. A failed run is tried again a minute later.
 */
export function createReminderJob(
  db: Database,
  options: { intervalMs: number; pollMs?: number; log?: ReminderLog },
) {
  const pollMs = options.pollMs ?? Math.min(options.intervalMs, 60_000);
  const log = options.log;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopping = false;
  let lastError: string | null = null;

  /** Claims and, when this process won, runs the reminders; answers what it created (null: not claimed). */
  async function runIfDue(now?: Date): Promise<ReminderRun | null> {
    if (!(await claimScheduledJob(db, REMINDERS_JOB, options.intervalMs))) return null;
    try {
      const run = await runReminders(db, now);
      await db
        .update(scheduledJobs)
        .set({ lastFinishedAt: sql`now()`, lastError: null })
        .where(eq(scheduledJobs.name, REMINDERS_JOB));
      if (run.tasks || run.notifications)
        log?.info(
          `Reminders: ${run.tasks} confirm-details task(s), ${run.notifications} role-ending notification(s)`,
        );
      return run;
    } catch (error) {
      await db
        .update(scheduledJobs)
        .set({
          lastError: errorText(error),
          nextRunAt: nowPlus(Math.min(options.intervalMs, 60_000)),
        })
        .where(eq(scheduledJobs.name, REMINDERS_JOB));
      throw error;
    }
  }

  function tick() {
    running = runIfDue()
      .then(() => {
        lastError = null;
      })
      .catch((error: unknown) => {
        // The database is down, most likely: say so once, then keep trying.
        if (errorText(error) !== lastError) log?.error({ err: error }, 'Reminders: cannot run');
        lastError = errorText(error);
      })
      .finally(() => {
        running = null;
        if (!stopping) timer = setTimeout(tick, pollMs);
      });
  }

  return {
    runIfDue,
    /** Starts: a look at once, then every pollMs (once). */
    start() {
      if (timer || running || stopping) return;
      tick();
    },
    /** Finishes a run in progress and stops. */
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type ReminderJob = ReturnType<typeof createReminderJob>;
