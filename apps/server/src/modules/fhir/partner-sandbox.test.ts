import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startPartnerSandbox } from '@pca/partner-sandbox/server';
import {
  clientSystemApiPath,
  clientSystemsApiPaths,
  IssuedClientSecret,
  taskApiPath,
} from '@pca/contracts';
import { tasks } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { signOnlineFormToken } from '#modules/tasks-notifications/tasks-service.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ALICE, PRIYA } from '../../test/use-test-app.ts';

// The partner sandbox (apps/partner-sandbox) against the real API listening on a free port: it authenticates
// with client credentials, lists what is published to it, submits a suggestion that Alice verifies, reads the
// outcome, and hosts an online form that only accepts the portal's signed token.

const ONLINE_FORM_SECRET = 'sandbox-test-online-form-secret-0123456789';
let t: TestApp;
let sandbox: { url: string; close: () => Promise<void> };
let clientSystemId = '';

beforeAll(async () => {
  t = await createTestApp({ ONLINE_FORM_TOKEN_SECRET: ONLINE_FORM_SECRET });
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
    onlineFormSecret: ONLINE_FORM_SECRET,
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

  it('hosts an online form that opens only with the portal’s signed, unexpired token', async () => {
    const token = signOnlineFormToken(ONLINE_FORM_SECRET, {
      taskId: 'task-1',
      userId: 'user-1',
      exp: Math.floor(Date.now() / 1000) + 300,
    });
    const ok = await get(`/online-form?token=${encodeURIComponent(token)}`);
    expect(ok.status).toBe(200);
    expect(ok.html).toContain('For task task-1');
    // A changed character of the MAC's first byte (the last character of base64url carries padding bits a
    // decoder may ignore, so changing it need not change the MAC).
    const dot = token.indexOf('.');
    const tampered = `${token.slice(0, dot + 1)}${token[dot + 1] === 'A' ? 'B' : 'A'}${token.slice(dot + 2)}`;
    expect((await get(`/online-form?token=${encodeURIComponent(tampered)}`)).status).toBe(403);
    const expired = signOnlineFormToken(ONLINE_FORM_SECRET, { taskId: 't', userId: 'u', exp: 1 });
    expect((await get(`/online-form?token=${encodeURIComponent(expired)}`)).status).toBe(403);
    const forged = signOnlineFormToken('another-secret-of-enough-length-000000', {
      taskId: 't',
      userId: 'u',
      exp: Math.floor(Date.now() / 1000) + 300,
    });
    expect((await get(`/online-form?token=${encodeURIComponent(forged)}`)).status).toBe(403);
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
