import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { startPartnerSandbox } from '@pca/partner-sandbox/server';
import {
  clientSystemApiPath,
  clientSystemsApiPaths,
  IssuedClientSecret,
  OnlineFormUrl,
  taskApiPath,
} from '@pca/contracts';
import { tasks } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ALICE, PRIYA } from '../../test/use-test-app.ts';

// The partner sandbox (apps/partner-sandbox) against the real API listening on a free port: it authenticates
// with client credentials, lists what is published to it, submits a suggestion that Alice verifies, reads the
// outcome, asks for its online form to be completed and hosts that form, which accepts only the portal's
// token addressed to MediFund and, once submitted, completes the provider's task.

let t: TestApp;
let sandbox: { url: string; close: () => Promise<void> };
let clientSystemId = '';

beforeAll(async () => {
  t = await createTestApp();
  const portalUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const res = await t.app.inject({
    method: 'POST',
    url: clientSystemsApiPaths.register,
    headers: t.bearer(await t.tokenFor(PRIYA)),
    payload: { partnerServiceId: demoIds.partnerService('medifund'), name: 'Sandbox' },
  });
  const issued = IssuedClientSecret.parse(res.json());
  clientSystemId = issued.clientSystem.id;
  sandbox = await startPartnerSandbox({
    port: 0,
    portalUrl,
    clientId: issued.clientId,
    clientSecret: issued.clientSecret,
    partnerName: 'MediFund Health Insurance',
  });
}, 120_000);
afterAll(async () => {
  await sandbox?.close();
  await t?.close();
});

const get = async (path: string) => {
  const res = await fetch(`${sandbox.url}${path}`, { redirect: 'manual' });
  return { status: res.status, html: await res.text(), location: res.headers.get('location') };
};

describe('partner sandbox', () => {
  it('lists what is published to MediFund at a postcode, with address and contact', async () => {
    const { status, html } = await get('/?postcode=2010');
    expect(status).toBe(200);
    expect(html).toContain('Harbour General Practice Surry Hills');
    expect(html).toContain('Harbour Medical Centre Surry Hills');
    expect(html).toMatch(/published services? at 2010/);
    expect((await get('/?postcode=0800')).html).toContain(
      'Nothing published to MediFund Health Insurance at 0800',
    );
  });

  it('lists the practitioners published to MediFund and asks for personal contact details', async () => {
    const list = await get('/practitioners');
    expect(list.status).toBe(200);
    expect(list.html).toContain('1 practitioner published to MediFund Health Insurance');
    expect(list.html).toContain('8003615260181594');
    const alice = demoIds.practitioner('alice');
    const asked = await fetch(`${sandbox.url}/practitioners`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ practitioner: alice }).toString(),
    });
    expect(asked.status).toBe(200);
    // The seed has MediFund's request on record already: the portal says when, and notifies no one again.
    expect(await asked.text()).toMatch(
      /This partner asked for the practitioner&#39;s personal contact details on \d{4}-/,
    );
    const unknown = await fetch(`${sandbox.url}/practitioners`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ practitioner: demoIds.practitioner('farah') }).toString(),
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('is not known');
  });

  it('sends a suggested change; Alice verifies it in the portal; the sandbox shows the outcome', async () => {
    const service = demoIds.healthcareService('surry-hills-gp');
    const form = await get(`/suggest?service=${service}&name=Surry%20Hills%20GP`);
    expect(form.html).toContain('Suggest a change to Surry Hills GP');
    const sent = await fetch(`${sandbox.url}/suggest`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        service,
        property: 'Website',
        value: 'https://surryhills.example.com.au',
        reason: 'Members report a new site',
      }).toString(),
    });
    expect(sent.status).toBe(303);
    const requestId = new URL(sent.headers.get('location')!, sandbox.url).searchParams.get('sent')!;
    const waiting = await get(`/requests?sent=${requestId}`);
    expect(waiting.html).toContain('Suggestion sent to the provider.');
    expect(waiting.html).toMatch(
      new RegExp(`data-task="${requestId}"[^]*?Waiting for the provider`),
    );

    const [copy] = await t.db.select().from(tasks).where(eq(tasks.partnerRequestId, requestId));
    const alice = await t.tokenFor(ALICE);
    const mine =
      (await t.db.select().from(tasks).where(eq(tasks.partnerRequestId, requestId))).find(
        (c) => c.practitionerId === demoIds.practitioner('alice'),
      ) ?? copy!;
    const done = await t.app.inject({
      method: 'POST',
      url: taskApiPath('completeTask', mine.id),
      headers: t.bearer(alice),
      payload: { choice: 'suggested' },
    });
    expect(done.statusCode).toBe(200);
    const outcome = await get('/requests');
    expect(outcome.html).toMatch(
      new RegExp(
        `data-task="${requestId}"[^]*?Accepted[^]*?Website: https://surryhills.example.com.au`,
      ),
    );
  });

  it('asks for its online form; Alice opens it from her task with the portal’s token; submitting completes her task', async () => {
    const service = demoIds.healthcareService('surry-hills-gp');
    expect((await get(`/ask-form?service=${service}&name=Surry%20Hills%20GP`)).html).toContain(
      'Ask Surry Hills GP to complete a form',
    );
    const sent = await fetch(`${sandbox.url}/ask-form`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ service, reason: 'Confirm your billing details' }).toString(),
    });
    expect(sent.status).toBe(303);
    const requestId = new URL(sent.headers.get('location')!, sandbox.url).searchParams.get('sent')!;
    const waiting = await get(`/requests?sent=${requestId}`);
    expect(waiting.html).toContain('Form request sent to the provider.');
    expect(waiting.html).toMatch(
      new RegExp(
        `data-task="${requestId}"[^]*?Complete our online form[^]*?Waiting for the provider`,
      ),
    );

    const copies = await t.db.select().from(tasks).where(eq(tasks.partnerRequestId, requestId));
    const mine = copies.find((c) => c.practitionerId === demoIds.practitioner('alice'))!;
    expect(mine).toMatchObject({ kind: 'OnlineForm', formUrl: `${sandbox.url}/online-form` });
    const alice = t.bearer(await t.tokenFor(ALICE));
    const opened = await t.app.inject({
      method: 'GET',
      url: taskApiPath('onlineForm', mine.id),
      headers: alice,
    });
    const formUrl = OnlineFormUrl.parse(opened.json()).url;
    const token = new URL(formUrl).searchParams.get('token')!;
    const page = await get(new URL(formUrl).pathname + new URL(formUrl).search);
    expect(page.status).toBe(200);
    // The token names the partner's own request id, which the sandbox knows.
    expect(page.html).toContain(`For task ${requestId}`);

    // Tampered, signed with another key, or addressed to another partner: refused.
    const [header, body, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const other = Buffer.from(JSON.stringify({ ...claims, task: copies[0]!.id })).toString(
      'base64url',
    );
    expect((await get(`/online-form?token=${header}.${other}.${signature}`)).status).toBe(403);
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', typ: 'online-form+jwt' })
      .sign(privateKey);
    expect((await get(`/online-form?token=${foreign}`)).status).toBe(403);
    // Another partner's online form (the seeded one is MediFund's, on this sandbox: issue 30).
    const [theirTask] = await t.db
      .insert(tasks)
      .values({
        practitionerId: demoIds.practitioner('alice'),
        entityType: 'Organisation',
        entityId: demoIds.organisation('harbour-group'),
        status: 'NotComplete',
        priorityCode: 'low',
        partnerServiceId: demoIds.partnerService('practice-link'),
        kind: 'OnlineForm',
        reason: 'PracticeLink Referrals needs the referral preferences of this organisation.',
        properties: [],
        formUrl: 'https://forms.practicelink.example.com.au/referral-preferences',
      })
      .returning({ id: tasks.id });
    const practiceLink = await t.app.inject({
      method: 'GET',
      url: taskApiPath('onlineForm', theirTask!.id),
      headers: alice,
    });
    const theirs = new URL(OnlineFormUrl.parse(practiceLink.json()).url).searchParams.get('token')!;
    const refused = await get(`/online-form?token=${encodeURIComponent(theirs)}`);
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('This form link is not valid');
    // The seeded online-form task is the sandbox's own (issue 30): its form opens there, not on a host
    // nobody answers.
    const seeded = await t.app.inject({
      method: 'GET',
      url: taskApiPath('onlineForm', demoIds.task('open-3')),
      headers: alice,
    });
    const seededUrl = new URL(OnlineFormUrl.parse(seeded.json()).url);
    expect(seededUrl.pathname).toBe('/online-form');
    const seededForm = await get(
      `/online-form?token=${encodeURIComponent(seededUrl.searchParams.get('token')!)}`,
    );
    expect(seededForm.status).toBe(200);
    expect(seededForm.html).toContain(`For task ${demoIds.task('open-3')}`);

    const submitted = await fetch(`${sandbox.url}/online-form?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ answer: 'Bulk billed' }).toString(),
    });
    expect(submitted.status).toBe(200);
    expect(await submitted.text()).toContain('your task in Provider Connect is complete');
    const after = await t.db.select().from(tasks).where(eq(tasks.partnerRequestId, requestId));
    expect(after.map((c) => [c.status, c.outcome])).toEqual(
      copies.map(() => ['Complete', 'FormSubmitted']),
    );
    expect((await get('/requests')).html).toMatch(
      new RegExp(`data-task="${requestId}"[^]*?Form received`),
    );
    // A second submission finds the task closed: the sandbox shows the portal's answer, not a success.
    const again = await fetch(`${sandbox.url}/online-form?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ answer: 'Again' }).toString(),
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('is no longer open');
  });

  it('shows the portal’s refusal once its client system is revoked', async () => {
    const revoke = await t.app.inject({
      method: 'POST',
      url: clientSystemApiPath('revoke', clientSystemId),
      headers: t.bearer(await t.tokenFor(PRIYA)),
    });
    expect(revoke.statusCode).toBe(200);
    const refused = await get('/?postcode=2010');
    expect(refused.status).toBe(401);
    expect(refused.html).toContain('The portal refused the request');
    expect(refused.html).not.toContain('Harbour General Practice Surry Hills');
  });
});
