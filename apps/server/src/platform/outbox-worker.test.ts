import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { freePort } from '@pca/identity-provider/free-port';
import { mailboxClient } from '@pca/mail-catcher/client';
import { startMailCatcher, type RunningMailCatcher } from '@pca/mail-catcher/server';
import type { DatabaseHandle } from '#db/client.ts';
import { mailOutbox } from '#db/schema/index.ts';
import type { MailMessage, MailSender } from '#integrations/mail/mail-sender.ts';
import { createSmtpMailSender } from '#integrations/mail/smtp-mail-sender.ts';
import { loadConfig } from '#lib/config.ts';
import { queueMail } from '#platform/outbox.ts';
import {
  claimDueMail,
  createOutboxWorker,
  messageFor,
  retryDelayMs,
  type OutboxWorkerOptions,
} from '#platform/outbox-worker.ts';
import { openTestDatabase } from '../test/database.ts';
import { createTestApp } from '../test/test-app.ts';

let handle: DatabaseHandle;
let catcher: RunningMailCatcher;
let mailbox: ReturnType<typeof mailboxClient>;
beforeAll(async () => {
  handle = await openTestDatabase();
  catcher = await startMailCatcher({ smtpPort: 0, webPort: 0 });
  mailbox = mailboxClient(catcher.webUrl);
});
afterAll(async () => {
  await catcher?.close();
  await handle?.close();
});
beforeEach(async () => {
  await handle.db.delete(mailOutbox);
  await mailbox.clear();
});

const options: OutboxWorkerOptions = {
  from: 'Provider Connect Australia <no-reply@pca.test>',
  messageIdHost: 'pca.test',
  pollMs: 50,
  maxAttempts: 3,
};

async function queue(to: string, subject = 'Hello') {
  await handle.db.transaction((tx) => queueMail(tx, { to, subject, text: `Dear ${to}` }));
  const [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return row!;
}

const rowOf = async (id: string) =>
  (await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

/** Runs the worker until the row is no longer Pending, or fails after the deadline (polls the row). */
async function runUntilSettled(worker: { runOnce(): Promise<number> }, id: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    await worker.runOnce();
    const row = await rowOf(id);
    if (row.status !== 'Pending') return row;
    if (Date.now() > deadline) throw new Error(`mail ${id} still Pending: ${row.lastError}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the outbox worker', () => {
  it('sends a queued mail over SMTP with a Message-ID made from its row, and records it Sent', async () => {
    const row = await queue('alice@example.test', 'Your registration');
    const worker = createOutboxWorker(handle.db, createSmtpMailSender(catcher.smtpUrl), options);
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();

    const mail = await mailbox.waitForMail({ to: 'alice@example.test' });
    expect(mail).toMatchObject({
      messageId: `<${row.id}@pca.test>`,
      from: '"Provider Connect Australia" <no-reply@pca.test>',
      subject: 'Your registration',
      text: 'Dear alice@example.test\n',
      timesReceived: 1,
    });
    const sent = await rowOf(row.id);
    expect(sent).toMatchObject({ status: 'Sent', attempts: 1, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it('keeps a mail the relay refused, with its error, and tries again after a growing wait', async () => {
    // A port nothing listens on (yet): the relay is down.
    const port = await freePort();
    const row = await queue('ben@example.test');
    const worker = createOutboxWorker(handle.db, createSmtpMailSender(`smtp://127.0.0.1:${port}`), {
      ...options,
      retryBaseMs: 1_000,
    });
    const before = Date.now();
    await worker.runOnce();
    const failed = await rowOf(row.id);
    expect(failed).toMatchObject({ status: 'Pending', attempts: 1, sentAt: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    // Backoff: not due again for the base wait, so the next look leaves it alone.
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(before + 500);
    expect(await worker.runOnce()).toBe(0);
    expect((await rowOf(row.id)).attempts).toBe(1);

    // The relay comes back on that port; once the wait is over the mail goes.
    const relay = await startMailCatcher({ smtpPort: port, webPort: 0 });
    try {
      const sent = await runUntilSettled(worker, row.id);
      expect(sent).toMatchObject({ status: 'Sent', attempts: 2, lastError: null });
      await expect(
        mailboxClient(relay.webUrl).waitForMail({ to: 'ben@example.test' }),
      ).resolves.toMatchObject({ messageId: `<${row.id}@pca.test>` });
    } finally {
      await worker.stop();
      await relay.close();
    }
  });

  it('waits twice as long after each failure, and marks a mail Failed after the last attempt', async () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000, 3_600_000))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(retryDelayMs(20, 30_000, 3_600_000)).toBe(3_600_000);

    const row = await queue('carla@example.test');
    const worker = createOutboxWorker(
      handle.db,
      createSmtpMailSender(`smtp://127.0.0.1:${await freePort()}`),
      { ...options, maxAttempts: 2, retryBaseMs: 50 },
    );
    const failed = await runUntilSettled(worker, row.id);
    await worker.stop();
    expect(failed).toMatchObject({ status: 'Failed', attempts: 2, sentAt: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
  });

  it('never lets two workers on one database send the same mail (FOR UPDATE SKIP LOCKED)', async () => {
    const rows = [];
    for (let n = 0; n < 24; n++) rows.push(await queue(`person${n}@example.test`, `Mail ${n}`));
    const sentBy: string[][] = [[], []];
    /** The SMTP sender, noting which worker sent what. */
    const noting = (list: string[]): MailSender => {
      const smtp = createSmtpMailSender(catcher.smtpUrl);
      return {
        async send(message: MailMessage) {
          list.push(message.messageId);
          await smtp.send(message);
        },
        close: () => smtp.close(),
      };
    };
    const workers = sentBy.map((list) =>
      createOutboxWorker(handle.db, noting(list), { ...options, batchSize: 4 }),
    );
    const drain = async (worker: (typeof workers)[number]) => {
      while ((await worker.runOnce()) > 0);
    };
    await Promise.all(workers.map(drain));
    await Promise.all(workers.map((w) => w.stop()));

    const [first, second] = sentBy as [string[], string[]];
    expect(first.filter((id) => second.includes(id))).toEqual([]);
    expect(first.length + second.length).toBe(24);
    const received = await mailbox.list();
    expect(received).toHaveLength(24);
    expect(received.every((m) => m.timesReceived === 1)).toBe(true);
    const states = await handle.db.select().from(mailOutbox);
    expect(states.every((r) => r.status === 'Sent' && r.attempts === 1)).toBe(true);
    expect(states.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
  });

  // PGlite has one connection, so a lock held open there would block the claim itself; PostgreSQL shows
  // the skip (TEST_DATABASE_URL, as in CI).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'on PostgreSQL, passes over mail another worker holds locked instead of waiting for it',
    async () => {
      const held = await queue('held@example.test');
      const free = await queue('free@example.test');
      const other = await handle.pool!.connect();
      try {
        await other.query('BEGIN');
        await other.query('SELECT id FROM mail_outbox WHERE id = $1 FOR UPDATE', [held.id]);
        const claimed = await claimDueMail(handle.db, { batchSize: 10, leaseMs: 60_000 });
        expect(claimed.map((r) => r.id)).toEqual([free.id]);
      } finally {
        await other.query('ROLLBACK');
        other.release();
      }
    },
  );

  it('sends each mail once when the relay is slower than a batch’s lease (each mail is leased as it is sent)', async () => {
    // Scaled down from a slow relay: 8 mails, 200 ms a send, a 600 ms lease. A lease taken for the whole
    // batch ran out on its fourth mail while the first worker was still sending the others, so the second
    // worker claimed and sent them too, with no crash anywhere.
    const rows = [];
    for (let n = 0; n < 8; n++) rows.push(await queue(`slow${n}@example.test`, `Mail ${n}`));
    const sent: string[] = [];
    const slow: MailSender = {
      async send(message) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        sent.push(message.messageId);
      },
      close() {},
    };
    const workers = [0, 1].map(() =>
      createOutboxWorker(handle.db, slow, { ...options, leaseMs: 600 }),
    );
    // Each keeps looking, as the polling loop does, until nothing is Pending.
    const keepLooking = async (worker: (typeof workers)[number]) => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        await worker.runOnce();
        const pending = await handle.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(eq(mailOutbox.status, 'Pending'));
        if (pending.length === 0 || Date.now() > deadline) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await Promise.all(workers.map(keepLooking));
    await Promise.all(workers.map((w) => w.stop()));

    expect([...sent].sort()).toEqual(rows.map((r) => messageFor(r, options).messageId).sort());
    const states = await handle.db.select().from(mailOutbox);
    expect(states.map((r) => [r.status, r.attempts])).toEqual(rows.map(() => ['Sent', 1]));
  });

  it('does not overwrite the state another worker recorded after its lease ran out', async () => {
    const row = await queue('hana@example.test');
    // The first worker's send hangs past its lease and then fails, on its last attempt.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const warnings: string[] = [];
    const stuck = createOutboxWorker(
      handle.db,
      {
        async send() {
          await released;
          throw new Error('Timeout');
        },
        close() {},
      },
      {
        ...options,
        maxAttempts: 1,
        leaseMs: 100,
        log: { info() {}, warn: (m) => warnings.push(m), error() {} },
      },
    );
    const stuckRun = stuck.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 250));

    // Its lease is over: another worker claims the mail, sends it and records it Sent.
    const other = createOutboxWorker(
      handle.db,
      { send: async () => {}, close() {} },
      { ...options, maxAttempts: 1 },
    );
    expect(await other.runOnce()).toBe(1);
    release();
    expect(await stuckRun).toBe(1);
    await Promise.all([stuck.stop(), other.stop()]);

    // The late failure is not recorded over the other worker's Sent (nor is a late Sent, the same way).
    expect(await rowOf(row.id)).toMatchObject({ status: 'Sent', attempts: 2, lastError: null });
    expect(warnings).toEqual([expect.stringMatching(/lease ran out .* not recorded/)]);
  });

  it('sends again, with the same Message-ID, a mail whose worker died between sending and recording it', async () => {
    const row = await queue('dan@example.test', 'Delegation');
    // A worker claims the mail (short lease) and the relay accepts it; then the process "dies": nothing
    // records the send.
    const [claimed] = await claimDueMail(handle.db, { batchSize: 10, leaseMs: 300 });
    expect(claimed!.id).toBe(row.id);
    const dying = createSmtpMailSender(catcher.smtpUrl);
    await dying.send(messageFor(claimed!, options));
    dying.close();
    expect((await rowOf(row.id)).status).toBe('Pending');

    // While the lease lasts no other worker takes it; once it is over, one does and records it.
    const survivor = createOutboxWorker(handle.db, createSmtpMailSender(catcher.smtpUrl), options);
    expect(await survivor.runOnce()).toBe(0);
    const sent = await runUntilSettled(survivor, row.id);
    await survivor.stop();
    expect(sent).toMatchObject({ status: 'Sent', attempts: 2 });

    // The relay received it twice under one Message-ID; the catcher keeps one copy and counts two.
    const messages = await mailbox.list();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      messageId: `<${row.id}@pca.test>`,
      subject: 'Delegation',
      timesReceived: 2,
    });
  });

  it('claims no further mail once it is stopped, leaving the rest due for another worker', async () => {
    const rows = [await queue('erin@example.test'), await queue('finn@example.test')];
    let stop: Promise<void> = Promise.resolve();
    const smtp = createSmtpMailSender(catcher.smtpUrl);
    const worker = createOutboxWorker(
      handle.db,
      {
        async send(message) {
          await smtp.send(message);
          // Asked to stop while sending the first mail of the batch.
          stop = worker.stop();
        },
        close: () => smtp.close(),
      },
      options,
    );
    expect(await worker.runOnce()).toBe(1);
    await stop;
    const after = await Promise.all(rows.map((r) => rowOf(r.id)));
    expect(after.map((r) => [r.status, r.attempts])).toEqual([
      ['Sent', 1],
      ['Pending', 0],
    ]);
    expect(after[1]!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
  });
});

describe('the API with SMTP_URL set', () => {
  it('sends queued mail while it runs, from MAIL_FROM, and stops the worker when it closes', async () => {
    const t = await createTestApp({ SMTP_URL: catcher.smtpUrl, MAIL_POLL_MS: '100' });
    try {
      await t.app.ready();
      await t.db.transaction((tx) =>
        queueMail(tx, {
          to: 'gina@example.test',
          subject: 'From the API',
          text: 'Hi',
          html: '<p>Hi</p>',
        }),
      );
      const mail = await mailbox.waitForMail({ to: 'gina@example.test' });
      expect(mail).toMatchObject({
        from: '"Provider Connect Australia" <no-reply@providerconnect.local>',
        html: '<p>Hi</p>',
      });
      expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@providerconnect\.local>$/);
    } finally {
      await t.close();
    }
  });

  it('leaves mail queued when SMTP_URL is not set (the API tests’ default)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).mail).toMatchObject({
      smtpUrl: undefined,
      from: 'Provider Connect Australia <no-reply@providerconnect.local>',
      messageIdHost: 'providerconnect.local',
      pollMs: 1_000,
      maxAttempts: 8,
    });
  });
});
