import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FeedbackReceipt, type FeedbackInput } from '@pca/contracts';
import { auditEvents, feedback, mailOutbox } from '#db/schema/index.ts';
import { ALICE, useTestApp } from '../../test/use-test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';

const input: FeedbackInput = {
  rating: 4,
  comments: 'Adding a location was quick.\nThe Businesses page could show more per page.',
  contactName: 'Mei Chen',
  contactEmail: 'mei.chen@example.com.au',
};

const send = (
  app: ReturnType<typeof useTestApp>['t']['app'],
  payload: unknown,
  headers: Record<string, string> = {},
) => app.inject({ method: 'POST', url: '/api/feedback', payload: payload as object, headers });

describe('give us feedback', () => {
  const { t, as } = useTestApp({ RATE_LIMIT_FEEDBACK: '100/10m' });

  it('takes feedback signed out: stored, audited and mailed to support in one go', async () => {
    const res = await send(t.app, input);
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { id } = FeedbackReceipt.parse(res.json());
    const [row] = await t.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row).toMatchObject({
      rating: 4,
      comments: input.comments,
      contactName: 'Mei Chen',
      contactEmail: 'mei.chen@example.com.au',
    });
    const mail = (await t.db.select().from(mailOutbox)).filter((m) => m.text.includes(id));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      to: 'support@providerconnect.example.gov.au',
      subject: 'Feedback about Provider Connect Australia: 4 of 5 (Easy)',
      status: 'Pending',
    });
    expect(mail[0]!.text).toContain('The Businesses page could show more per page.');
    expect(mail[0]!.text).toContain('Mei Chen <mei.chen@example.com.au>');
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(audit).toMatchObject({
      action: 'feedback.sent',
      entityType: 'feedback',
      actorUserId: null,
    });
  });

  it('takes feedback signed in too, with no contact and no comments', async () => {
    const res = await send(
      t.app,
      { rating: 1, comments: '', contactName: '', contactEmail: '' },
      await as(ALICE),
    );
    expect(res.statusCode).toBe(201);
    const { id } = FeedbackReceipt.parse(res.json());
    const [row] = await t.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row).toMatchObject({ rating: 1, comments: '', contactName: null, contactEmail: null });
    const [mail] = (await t.db.select().from(mailOutbox)).filter((m) => m.text.includes(id));
    expect(mail!.text).toContain('Contact: Not given');
  });

  it('refuses 1,001 characters of comments, a rating off the scale and a bad email', async () => {
    const before = (await t.db.select().from(feedback)).length;
    expect((await send(t.app, { ...input, comments: 'a'.repeat(1000) })).statusCode).toBe(201);
    const long = await send(t.app, { ...input, comments: 'a'.repeat(1001) });
    const problem = expectProblem(long, 400, { field: 'comments' });
    expect(problem.errors!.find((e) => e.field === 'comments')!.message).toBe(
      'Enter 1,000 characters or fewer',
    );
    expectProblem(await send(t.app, { ...input, rating: 6 }), 400, { field: 'rating' });
    expectProblem(await send(t.app, { ...input, rating: undefined }), 400, { field: 'rating' });
    expectProblem(await send(t.app, { ...input, contactEmail: 'mei@' }), 400, {
      field: 'contactEmail',
    });
    expectProblem(await send(t.app, { ...input, contactName: 'Mei\nChen' }), 400, {
      field: 'contactName',
    });
    expect((await t.db.select().from(feedback)).length).toBe(before + 1);
  });

  it('refuses a post from another site, and a form post', async () => {
    expectProblem(await send(t.app, input, { origin: 'https://attacker.example' }), 403, {
      type: 'cross-origin',
    });
    expect((await send(t.app, input, { origin: 'http://localhost:3999' })).statusCode).toBe(201);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: 'rating=5&comments=hi',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect(String(form.headers['content-type'])).toContain('application/problem+json');
  });
});

describe('give us feedback, rate-limited', () => {
  const { t } = useTestApp({ RATE_LIMIT_FEEDBACK: '2/10m' });

  it('answers 429 with a problem after the limit, and stores nothing more', async () => {
    for (let i = 0; i < 2; i++) expect((await send(t.app, input)).statusCode).toBe(201);
    const limited = await send(t.app, input);
    const problem = expectProblem(limited, 429, { type: 'rate-limited' });
    expect(problem.detail).toBe('Too many requests. Please wait 10 minutes and try again.');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await t.db.select().from(feedback)).toHaveLength(2);
  });
});
