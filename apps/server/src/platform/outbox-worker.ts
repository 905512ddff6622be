import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { mailOutbox } from '#db/schema/index.ts';
import type { MailMessage, MailSender } from '#integrations/mail/mail-sender.ts';

/** A row of the outbox as the worker claims it. */
export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Where the worker reports; Fastify's logger fits. */
export interface OutboxLog {
  info(message: string): void;
  warn(message: string): void;
  error(object: { err: unknown }, message: string): void;
}

export interface OutboxWorkerOptions {
  /** The From header of every mail. */
  from: string;
  /** The right-hand side of every Message-ID. */
  messageIdHost: string;
  /** How long to wait between looks at the outbox when it has nothing due. */
  pollMs: number;
  /** Attempts before a mail is marked Failed. */
  maxAttempts: number;
  /**
   * Most mails sent in one look at the outbox (default 10); each is claimed on its own, just before it is
   * sent. A look that sends this many looks again at once.
   */
  batchSize?: number;
  /** Wait after the first failed attempt; it doubles with each further one (default 30 s). */
  retryBaseMs?: number;
  /** Longest wait between attempts (default 1 hour). */
  retryMaxMs?: number;
  /**
   * How long a claimed mail is left to the worker that claimed it (default 2 minutes). A mail is claimed
   * just before it is sent, so the lease has to outlast one send only (the SMTP sender's time limits allow
   * about 30 s a command). A worker that dies holding it leaves it due again after this.
   */
  leaseMs?: number;
  log?: OutboxLog;
  /** Told of every look at the outbox: whether it worked and how long it took (the job metrics). */
  onRun?: (outcome: 'success' | 'failure', seconds: number) => void;
}

/** The Message-ID of an outbox row: the same on every attempt, so a re-send is recognisably the same mail. */
export const messageIdFor = (outboxId: string, host: string) => `<${outboxId}@${host}>`;

/** The wait before the next attempt after `attempts` failed ones: base, 2×base, 4×base…, at most max. */
export const retryDelayMs = (attempts: number, baseMs: number, maxMs: number) =>
  Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));

/** `now() + ms` in the database's clock (every API process shares it; theirs may differ). */
const nowPlus = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000}::double precision)`;

/**
 * Claims up to `batchSize` due Pending mails in one statement: the rows are locked with
 * `FOR UPDATE SKIP LOCKED`, so a worker in another API process neither waits for them nor takes them,
 * and are leased (next_attempt_at moved `leaseMs` ahead, the attempt counted) before the lock is let go,
 * so they stay this worker's while it sends — without holding a transaction open across SMTP. The worker
 * claims one at a time (decision 096): a lease taken for a batch runs out on the later mails of the batch
 * when the relay is slow, and another worker sends them too.
 *
 * The returned `attempts` is the claim's mark: only claims change it, so while the row still has it no
 * other worker has claimed the mail since (`heldBy`).
 */
export async function claimDueMail(
  db: Database,
  { batchSize, leaseMs }: { batchSize: number; leaseMs: number },
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'Pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: nowPlus(leaseMs) })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * The row as long as the claim that returned it is still the last one: still Pending with the attempt
 * count the claim gave it. A worker whose lease ran out and whose mail another worker claimed since
 * matches nothing, so it cannot overwrite that worker's Sent, failure or lease.
 */
const heldBy = (row: OutboxRow) =>
  and(
    eq(mailOutbox.id, row.id),
    eq(mailOutbox.attempts, row.attempts),
    eq(mailOutbox.status, 'Pending'),
  );

/** The message a row becomes. */
export function messageFor(
  row: OutboxRow,
  { from, messageIdHost }: Pick<OutboxWorkerOptions, 'from' | 'messageIdHost'>,
): MailMessage {
  return {
    messageId: messageIdFor(row.id, messageIdHost),
    from,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
  };
}

/** Error text kept on the row: enough to act on, never a whole SMTP transcript. */
const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * The outbox worker: every `pollMs` it claims a due mail, sends it over the sender and records it Sent,
 * then claims the next (up to `batchSize` a look); a failed send counts as an attempt, keeps its error and
 * is tried again after an exponential backoff, until `maxAttempts` have failed (Failed). Delivery is at
 * least once: a worker that dies after the relay accepted a mail but before recording it leaves the mail
 * to be sent again when its lease ends, with the same Message-ID, and so does a single send that outlasts
 * its lease (docs/decisions/019-mail-outbox-and-catcher.md, 096-outbox-claims-one-mail-at-a-time.md).
 */
export function createOutboxWorker(db: Database, sender: MailSender, options: OutboxWorkerOptions) {
  const batchSize = options.batchSize ?? 10;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const retryMaxMs = options.retryMaxMs ?? 3_600_000;
  const leaseMs = options.leaseMs ?? 120_000;
  const log = options.log;
  let stopping = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let lastLoopError: string | null = null;

  /** Says, when a write matched nothing, that the lease ran out and another worker has the mail now. */
  function noteLost(row: OutboxRow, written: unknown[], what: string) {
    if (written.length > 0) return true;
    // The outbox id only: addresses are personal information and stay out of the logs.
    log?.warn(
      `Mail ${row.id}: its lease ran out while it was being sent and another worker has claimed it since; ${what} is not recorded`,
    );
    return false;
  }

  async function recordFailure(row: OutboxRow, error: unknown) {
    const failed = row.attempts >= options.maxAttempts;
    const delay = retryDelayMs(row.attempts, retryBaseMs, retryMaxMs);
    const written = await db
      .update(mailOutbox)
      .set({
        lastError: errorText(error),
        ...(failed ? { status: 'Failed' as const } : { nextAttemptAt: nowPlus(delay) }),
      })
      .where(heldBy(row))
      .returning({ id: mailOutbox.id });
    if (!noteLost(row, written, `this failed attempt (${errorText(error)})`)) return;
    log?.warn(
      failed
        ? `Mail ${row.id} failed for good after ${row.attempts} attempts: ${errorText(error)}`
        : `Mail ${row.id} not sent (attempt ${row.attempts}): ${errorText(error)}; trying again in ${Math.round(delay / 1000)} s`,
    );
  }

  /**
   * Sends what is due now, up to `batchSize` mails, each claimed just before it is sent (so its lease
   * covers one send, not the sends queued before it); resolves with how many mails it claimed. Two
   * statements a mail: the claim and the record. Once stopping it claims no more.
   */
  async function runOnce(): Promise<number> {
    let claimed = 0;
    while (claimed < batchSize && !stopping) {
      const [row] = await claimDueMail(db, { batchSize: 1, leaseMs });
      if (!row) break;
      claimed++;
      try {
        await sender.send(messageFor(row, options));
      } catch (error) {
        await recordFailure(row, error);
        continue;
      }
      // If this process dies right here the relay has the mail but the row is still Pending: it is sent
      // again after the lease, with the same Message-ID, and the receiving side keeps one copy.
      const written = await db
        .update(mailOutbox)
        .set({ status: 'Sent', sentAt: sql`now()`, lastError: null })
        .where(heldBy(row))
        .returning({ id: mailOutbox.id });
      noteLost(row, written, 'its sending');
    }
    return claimed;
  }

  async function run() {
    while (!stopping) {
      let claimed = 0;
      const started = performance.now();
      try {
        claimed = await runOnce();
        options.onRun?.('success', (performance.now() - started) / 1000);
        lastLoopError = null;
      } catch (error) {
        options.onRun?.('failure', (performance.now() - started) / 1000);
        // The database is down, most likely: say so once, then keep polling until it returns.
        if (errorText(error) !== lastLoopError)
          log?.error({ err: error }, 'Mail outbox: cannot send');
        lastLoopError = errorText(error);
      }
      // A full batch may mean more is due: look again at once.
      if (stopping || claimed === batchSize) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }

  return {
    runOnce,
    /** Starts polling (once). */
    start() {
      loop ??= run();
    },
    /** Looks at the outbox now instead of at the next poll. */
    wake() {
      wake?.();
    },
    /** Finishes the mail being sent (claiming no more), stops polling and closes the sender. */
    async stop() {
      stopping = true;
      wake?.();
      await loop;
      sender.close();
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
