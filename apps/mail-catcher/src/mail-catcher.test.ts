import { spawnSync } from 'node:child_process';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailboxClient } from './client.ts';
import { productionRefusal } from './production-guard.ts';
import { startMailCatcher, type RunningMailCatcher } from './server.ts';

let catcher: RunningMailCatcher;
let mailbox: ReturnType<typeof mailboxClient>;
beforeAll(async () => {
  // Port 0: the operating system hands each listener a free port, so parallel runs never collide.
  catcher = await startMailCatcher({ smtpPort: 0, webPort: 0 });
  mailbox = mailboxClient(catcher.webUrl);
});
afterAll(() => catcher.close());
beforeEach(() => mailbox.clear());

/** Sends one message over real SMTP, as the portal's outbox worker does. */
async function sendMail(message: nodemailer.SendMailOptions, url = catcher.smtpUrl) {
  const transport = nodemailer.createTransport(url);
  try {
    return await transport.sendMail({ from: 'Provider Connect <no-reply@pca.test>', ...message });
  } finally {
    transport.close();
  }
}

const page = async (p: string) => {
  const res = await fetch(new URL(p, catcher.webUrl));
  return { status: res.status, headers: res.headers, body: await res.text() };
};

describe('the mail catcher', () => {
  it('receives a message over SMTP and shows it in its JSON API and pages, escaped', async () => {
    await sendMail({
      to: 'Alice@Example.test',
      subject: 'Invitation <script>alert(1)</script>',
      text: 'Accept it at https://portal.test/invitations/abc?x=1&y=2.\nThanks.',
      html: '<p>Accept <a href="https://portal.test/invitations/abc?x=1&amp;y=2">here</a></p><script>alert(2)</script>',
      messageId: '<m-1@pca.test>',
    });

    const [listed, ...rest] = await mailbox.list();
    expect(rest).toEqual([]);
    expect(listed).toMatchObject({
      messageId: '<m-1@pca.test>',
      to: ['alice@example.test'],
      subject: 'Invitation <script>alert(1)</script>',
      timesReceived: 1,
    });
    expect(listed).not.toHaveProperty('text');
    const full = await mailbox.get(listed!.id);
    expect(full.text).toContain('https://portal.test/invitations/abc?x=1&y=2');
    expect(full.html).toContain('<script>alert(2)</script>');
    expect(full.links).toEqual(['https://portal.test/invitations/abc?x=1&y=2']);

    const box = await page('/');
    expect(box.status).toBe(200);
    expect(box.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(box.body).toContain('<h1>Mailbox</h1>');
    expect(box.body).toContain('alice@example.test');
    expect(box.body).toContain('Invitation &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(box.body).not.toContain('<script>');
    expect(box.body).toContain(`href="/messages/${listed!.id}"`);

    const one = await page(`/messages/${listed!.id}`);
    expect(one.status).toBe(200);
    expect(one.body).not.toContain('<script>');
    // The HTML lives only in the sandboxed iframe's srcdoc, escaped; scripts stay off (no allow-scripts).
    expect(one.body).toMatch(
      /<iframe title="HTML of the message" sandbox="[^"]*" srcdoc="[^"]*&lt;script&gt;alert\(2\)/,
    );
    expect(one.body).not.toMatch(/sandbox="[^"]*allow-scripts/);
    // Links are clickable, in the text and in the list of links.
    expect(one.body).toContain(
      '<a href="https://portal.test/invitations/abc?x=1&amp;y=2">https://portal.test/invitations/abc?x=1&amp;y=2</a>',
    );
  });

  it('keeps one copy of a message sent twice with the same Message-ID, and counts the copies', async () => {
    const message = {
      to: 'ben@example.test',
      subject: 'Twice',
      text: 'Once.',
      messageId: '<same@pca.test>',
    };
    await sendMail(message);
    await sendMail(message);
    const messages = await mailbox.list();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ messageId: '<same@pca.test>', timesReceived: 2 });
  });

  it('accepts a sender that logs in (an SMTP_URL with a user and password)', async () => {
    const url = new URL(catcher.smtpUrl);
    url.username = 'user';
    url.password = 'secret';
    await sendMail({ to: 'carla@example.test', subject: 'With credentials', text: 'Hi' }, url.href);
    await expect(mailbox.waitForMail({ to: 'carla@example.test' })).resolves.toMatchObject({
      subject: 'With credentials',
    });
  });

  it('waitForMail waits for the message to arrive, and fails naming what did arrive', async () => {
    const waiting = mailbox.waitForMail({ to: 'dan@example.test', subject: /^Welcome/ });
    await sendMail({ to: 'dan@example.test', subject: 'Welcome, Dan', text: 'Hello' });
    await expect(waiting).resolves.toMatchObject({ subject: 'Welcome, Dan', text: 'Hello\n' });
    await expect(
      mailbox.waitForMail({ to: 'nobody@example.test', timeoutMs: 300 }),
    ).rejects.toThrow(/No mail matching .* the mailbox holds dan@example\.test: Welcome, Dan/);
  });

  it('lists newest first, keeps only the newest messages past its limit, and empties on DELETE', async () => {
    const small = await startMailCatcher({ smtpPort: 0, webPort: 0, limit: 3 });
    try {
      for (const n of [1, 2, 3, 4, 5])
        await sendMail(
          { to: 'erin@example.test', subject: `Message ${n}`, text: `${n}` },
          small.smtpUrl,
        );
      const client = mailboxClient(small.webUrl);
      expect((await client.list()).map((m) => m.subject)).toEqual([
        'Message 5',
        'Message 4',
        'Message 3',
      ]);
      expect(
        (await fetch(new URL('/api/messages', small.webUrl), { method: 'DELETE' })).status,
      ).toBe(204);
      expect(await client.list()).toEqual([]);
      expect((await page('/messages/999')).status).toBe(404);
      expect((await fetch(new URL('/api/messages/999', small.webUrl))).status).toBe(404);
    } finally {
      await small.close();
    }
  });

  it('refuses to start with NODE_ENV=production', () => {
    expect(productionRefusal({ NODE_ENV: 'production' })).toMatch(/must never run in production/);
    expect(productionRefusal({ NODE_ENV: 'development' })).toBeNull();
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')],
      // Port 1 would fail to bind: the refusal must come before any listener.
      {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          MAIL_SMTP_PORT: '1',
          MAIL_WEB_PORT: '1',
        },
        encoding: 'utf8',
        // A synchronous wait blocks the worker, where Vitest's own time-out cannot fire.
        timeout: 20_000,
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/must never run in production/);
  });
});
