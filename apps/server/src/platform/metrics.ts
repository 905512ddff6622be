import { count, eq, min, sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '#db/client.ts';
import { mailOutbox } from '#db/schema/index.ts';

// The process's Prometheus metrics beside the request durations fastify-metrics records
// (docs/decisions/075-operations.md; what each means and which to alert on: docs/operations/metrics.md).
// One registry per app, not prom-client's global one: a test process builds several apps.

/** The parts of a pg.Pool the pool gauges read (PGlite has no pool: one engine in the process). */
export interface PoolGauges {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
}

/** The background jobs whose runs are counted and timed. */
export type JobName = 'reminders' | 'mail-outbox';

/** How a job reports a run: what came of it and how long it took. */
export type JobRunReport = (outcome: 'success' | 'failure', seconds: number) => void;

/** The limits of app/rate-limits.ts, as their counters' keys begin. */
export const rateLimitNames = [
  'sign-in',
  'token',
  'feedback',
  'writes',
  'reads',
  'hpii-search',
  // The partner API's, per client address (docs/decisions/093-partner-api-rate-limits.md).
  'partner-reads',
  'partner-writes',
];

/** Pending mail and the age of the oldest, Failed mail: one statement on the outbox's status index. */
async function readOutbox(db: Database) {
  const [pending] = await db
    .select({
      count: count(),
      oldest: min(mailOutbox.createdAt),
      now: sql<string>`now()`,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'Pending'));
  const [failed] = await db
    .select({ count: count() })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'Failed'));
  return {
    pending: pending?.count ?? 0,
    oldestAgeSeconds:
      pending?.oldest && pending.now
        ? Math.max(0, (new Date(pending.now).getTime() - pending.oldest.getTime()) / 1000)
        : 0,
    failed: failed?.count ?? 0,
  };
}

/** The registry and the metrics the app's code moves. */
export function createMetrics({ db, pool }: { db: Database; pool?: PoolGauges }) {
  const registry = new Registry();
  const registers = [registry];
  // Node's own: CPU, memory, event-loop delay, garbage collection, open handles.
  collectDefaultMetrics({ register: registry });

  const jobRuns = new Counter({
    name: 'pca_job_runs_total',
    help: 'Runs of a background job in this process, by outcome',
    labelNames: ['job', 'outcome'],
    registers,
  });
  const jobDuration = new Histogram({
    name: 'pca_job_duration_seconds',
    help: 'How long a run of a background job took',
    labelNames: ['job'],
    buckets: [0.005, 0.025, 0.1, 0.5, 1, 5, 30, 120],
    registers,
  });
  const rateLimitRefusals = new Counter({
    name: 'pca_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit, by limit',
    labelNames: ['limit'],
    registers,
  });
  // Every series exists from the start, at 0, so a rate over it is defined before the first event.
  for (const job of ['reminders', 'mail-outbox'] satisfies JobName[])
    for (const outcome of ['success', 'failure']) jobRuns.inc({ job, outcome }, 0);
  for (const limit of rateLimitNames) rateLimitRefusals.inc({ limit }, 0);

  if (pool) {
    new Gauge({
      name: 'pca_db_pool_connections',
      help: 'PostgreSQL connections of this process: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'pca_db_pool_max',
      help: 'Most PostgreSQL connections this process may hold (DATABASE_POOL_SIZE)',
      registers,
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
  }

  // The outbox gauges share one read per scrape; while the database is unreachable they read NaN, not a stale
  // or reassuring number.
  let outboxRead: ReturnType<typeof readOutbox> | null = null;
  const outbox = () =>
    (outboxRead ??= readOutbox(db).finally(() => {
      outboxRead = null;
    }));
  const outboxGauge = (
    name: string,
    help: string,
    pick: (o: Awaited<typeof outboxRead>) => number,
  ) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        try {
          this.set(pick(await outbox()));
        } catch {
          this.set(Number.NaN);
        }
      },
    });
  outboxGauge('pca_mail_outbox_pending', 'Mail queued and not yet sent', (o) => o!.pending);
  outboxGauge(
    'pca_mail_outbox_oldest_pending_age_seconds',
    'Age of the oldest mail not yet sent (0 when none is queued)',
    (o) => o!.oldestAgeSeconds,
  );
  outboxGauge(
    'pca_mail_outbox_failed',
    'Mail given up on after MAIL_MAX_ATTEMPTS',
    (o) => o!.failed,
  );

  return {
    registry,
    /** A job's report function: counts its runs and times them. */
    jobRun(job: JobName): JobRunReport {
      return (outcome, seconds) => {
        jobRuns.inc({ job, outcome });
        jobDuration.observe({ job }, seconds);
      };
    },
    /** Counts a refusal by the limit a rate-limit key names (`writes:user:…` → writes). */
    rateLimitRefused(key: string) {
      const limit = key.slice(0, key.indexOf(':'));
      if (rateLimitNames.includes(limit)) rateLimitRefusals.inc({ limit });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
