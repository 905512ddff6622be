import type { Database } from '#db/client.ts';
import { storeNotification } from '#db/notifications.ts';
import { credentialDocumentLimits, credentialDocumentMessages } from '@pca/contracts';
import {
  claimScheduledJob,
  credentialDocumentsExpiring,
  insertCredentialExpiryTasks,
  failScheduledJob,
  finishScheduledJob,
  insertConfirmDetailsTasks,
  rolesEndingBetween,
} from './reminders-repository.ts';
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
  return insertConfirmDetailsTasks(db, cutoff, today, CONFIRM_DETAILS_REASON);
}

/**
 * Tells each practitioner whose role ends within the next 30 days (today included), once per role and
 * end date: the notification's unique external id makes a second store a no-op. Stored only through
 * storeNotification(), which sanitises the message.
 */
async function createRoleEndingNotifications(db: Database, now: Date): Promise<number> {
  const today = portalDate(now);
  const roles = await rolesEndingBetween(db, today, addDays(today, ROLE_ENDING_NOTICE_DAYS));
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

/**
 * The reason of a delegate's copy, in their own task list: whose document it is, and that it is updated while
 * managing that practitioner (the document's page is theirs, not the delegate's own account's).
 */
export const delegateExpiryTaskReason = (name: string, practitionerName: string, date: string) =>
  `${name}, a credential document of ${practitionerName}, expires on ${date}. To update it, manage ` +
  `${practitionerName} (Switch accounts, then Managed accounts) and open their credential documents.`;

/**
 * Gives the practitioner, and each delegate of theirs who has a task list, a task 30 days before one of
 * their credential documents expires (docs/decisions/057-credential-documents.md): once per document and
 * expiry date, recorded on the document, so a re-run finds nothing due; a delegate without a practitioner
 * record sees the practitioner's task while managing them. A delegate's copy names the practitioner whose
 * document it is; stopping the delegation removes their open copies (delegations module).
 */
async function createCredentialExpiryTasks(db: Database, now: Date): Promise<number> {
  const today = portalDate(now);
  const due = await credentialDocumentsExpiring(
    db,
    today,
    addDays(today, credentialDocumentLimits.expiresSoonDays),
  );
  let created = 0;
  for (const document of due) {
    const date = longDate(document.expiryDate);
    const delegateReason = delegateExpiryTaskReason(document.name, document.practitionerName, date);
    created += await insertCredentialExpiryTasks(db, {
      id: document.id,
      expiryDate: document.expiryDate,
      recipients: [
        {
          practitionerId: document.practitionerId,
          reason: credentialDocumentMessages.expiryTaskReason(document.name, date),
        },
        ...document.delegatePractitionerIds.map((practitionerId) => ({
          practitionerId,
          reason: delegateReason,
        })),
      ],
    });
  }
  return created;
}

/** What one run created. */
export interface ReminderRun {
  tasks: number;
  notifications: number;
  /** Tasks about credential documents expiring within 30 days. */
  credentialExpiryTasks: number;
}

/**
 * Runs the reminders once, at `now` (tests pass an instant; the job uses the clock). Safe to run any
 * number of times and at the same moment in several processes: what exists is not created again.
 */
export async function runReminders(db: Database, now: Date = new Date()): Promise<ReminderRun> {
  const tasks = await createConfirmDetailsTasks(db, now);
  const notifications = await createRoleEndingNotifications(db, now);
  const credentialExpiryTasks = await createCredentialExpiryTasks(db, now);
  return { tasks, notifications, credentialExpiryTasks };
}

export { claimScheduledJob };

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
  options: {
    intervalMs: number;
    pollMs?: number;
    log?: ReminderLog;
    /** Told of every run this process won: whether it worked and how long it took (the job metrics). */
    onRun?: (outcome: 'success' | 'failure', seconds: number) => void;
  },
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
    const started = performance.now();
    try {
      const run = await runReminders(db, now);
      await finishScheduledJob(db, REMINDERS_JOB);
      options.onRun?.('success', (performance.now() - started) / 1000);
      if (run.tasks || run.notifications || run.credentialExpiryTasks)
        log?.info(
          `Reminders: ${run.tasks} confirm-details task(s), ${run.notifications} role-ending notification(s), ` +
            `${run.credentialExpiryTasks} credential-expiry task(s)`,
        );
      return run;
    } catch (error) {
      options.onRun?.('failure', (performance.now() - started) / 1000);
      await failScheduledJob(
        db,
        REMINDERS_JOB,
        errorText(error),
        Math.min(options.intervalMs, 60_000),
      );
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
