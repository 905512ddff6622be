import { describe, expect, it, vi } from 'vitest';
import { buildSandboxApp } from './app.ts';
import { PortalError } from './portal-client.ts';

// Each route of the sandbox by inject, with the portal played by a function: what the route asks the portal,
// and what it answers. The sandbox against the real API: apps/server/src/modules/fhir/partner-sandbox.test.ts.

type Call = [path: string, init?: { method?: string; body?: unknown }];

/** The sandbox over a portal that answers `answer(path, init)` (throw a PortalError to refuse). */
function sandbox(answer: (...call: Call) => unknown = () => ({})) {
  const fhir = vi.fn(async (...call: Call) => answer(...call));
  const app = buildSandboxApp({
    portal: { fhir: fhir as never },
    partnerName: 'MediFund <Health>',
    publicUrl: () => 'http://sandbox.test',
    verifyOnlineFormToken: async (token) =>
      token === 'good' ? { task: 'task-7', userId: 'u1', exp: 2_000_000_000 } : null,
  });
  return { app, fhir };
}

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

const services = {
  total: 1,
  entry: [
    {
      resource: {
        resourceType: 'HealthcareService',
        id: 's1',
        name: 'Surry <Hills> GP',
        location: [{ reference: 'Location/l1' }],
        providedBy: { reference: 'Organization/o1' },
        telecom: [{ system: 'phone', value: '02 9999 0000' }],
      },
      search: { mode: 'match' },
    },
    {
      resource: {
        resourceType: 'Location',
        id: 'l1',
        address: { line: ['1 Crown St'], city: 'Surry Hills', state: 'NSW', postalCode: '2010' },
      },
      search: { mode: 'include' },
    },
    {
      resource: { resourceType: 'Organization', id: 'o1', name: 'Harbour & Co' },
      search: { mode: 'include' },
    },
  ],
};

describe('partner sandbox routes', () => {
  it('GET /bank-accounts reads the $bank-account operation at each visit and escapes what it shows', async () => {
    let shares: unknown[] = [
      {
        name: 'bankAccount',
        part: [
          {
            name: 'practitioner',
            valueReference: { reference: 'Practitioner/p1', display: 'Alice <Nguyen>' },
          },
          { name: 'accountName', valueString: 'Dr A Nguyen' },
          { name: 'bsb', valueString: '062000' },
          { name: 'accountNumber', valueString: '12345678' },
          { name: 'consentVersion', valueInteger: 1 },
          { name: 'sharedAt', valueDateTime: '2026-11-27T10:00:00.000Z' },
        ],
      },
    ];
    const { app, fhir } = sandbox(() => ({ resourceType: 'Parameters', parameter: shares }));
    const shown = await app.inject({ method: 'GET', url: '/bank-accounts' });
    expect(shown.statusCode).toBe(200);
    expect(fhir).toHaveBeenCalledWith('Practitioner/$bank-account');
    expect(shown.body).toContain('Alice &lt;Nguyen&gt;');
    expect(shown.body).toContain('12345678');
    expect(shown.body).toContain('2026-11-27 (consent version 1)');
    shares = [];
    const gone = await app.inject({ method: 'GET', url: '/bank-accounts' });
    expect(gone.body).not.toContain('12345678');
    expect(gone.body).toContain(
      'No practitioner shares a bank account with MediFund &lt;Health&gt;.',
    );
    expect(fhir).toHaveBeenCalledTimes(2);
  });

  it('GET /health answers JSON; another method is refused with problem+json and Allow', async () => {
    const { app } = sandbox();
    const ok = await app.inject({ method: 'GET', url: '/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok' });
    const refused = await app.inject({ method: 'POST', url: '/health' });
    expect(refused.statusCode).toBe(405);
    expect(refused.headers['allow']).toBe('GET, HEAD');
    expect(refused.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(refused.json()).toMatchObject({ status: 405, title: 'Method Not Allowed' });
  });

  it('GET / shows the postcode search; with a postcode, what the portal publishes there, escaped', async () => {
    const { app, fhir } = sandbox(() => services);
    const empty = await app.inject({ method: 'GET', url: '/' });
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(empty.headers['content-security-policy']).toContain("default-src 'none'");
    expect(empty.body).toContain('<h1>Published services</h1>');
    expect(fhir).not.toHaveBeenCalled();

    const found = await app.inject({ method: 'GET', url: '/?postcode=%202010%20' });
    expect(fhir).toHaveBeenCalledWith(
      'HealthcareService?address-postalcode=2010&_include=HealthcareService:location&_include=HealthcareService:organization&_count=50&_total=accurate',
    );
    expect(found.body).toContain('1 published service at 2010');
    expect(found.body).toContain(
      '<td>Surry &lt;Hills&gt; GP</td><td>Harbour &amp; Co</td><td>1 Crown St, Surry Hills NSW 2010</td><td>phone: 02 9999 0000</td>',
    );
    expect(found.body).toContain('href="/suggest?service=s1&amp;name=Surry%20%3CHills%3E%20GP"');
    expect(found.body).toContain('<strong>MediFund &lt;Health&gt;</strong>');
  });

  it('GET /practitioners lists them; POST asks the portal for one’s personal contact details', async () => {
    const { app, fhir } = sandbox((path) =>
      path.startsWith('Practitioner?')
        ? {
            total: 1,
            entry: [
              {
                resource: {
                  id: 'p1',
                  name: [{ given: ['Alice'], family: 'Ng' }],
                  identifier: [{ system: 'http://ns/id/hi/hpii/1.0', value: '8003615260181594' }],
                },
              },
            ],
          }
        : { issue: [{ diagnostics: 'Asked; the practitioner is told.' }] },
    );
    const list = await app.inject({ method: 'GET', url: '/practitioners' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('1 practitioner published to MediFund &lt;Health&gt;');
    expect(list.body).toContain(
      '<td>Alice Ng</td><td>8003615260181594</td><td>None published</td>',
    );

    const asked = await app.inject({
      method: 'POST',
      url: '/practitioners',
      ...form({ practitioner: 'p1' }),
    });
    expect(fhir).toHaveBeenCalledWith('Practitioner/p1/$request-personal-contact', {
      method: 'POST',
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(
      '<p class="ok" role="status">Asked; the practitioner is told.</p>',
    );

    const none = await app.inject({ method: 'POST', url: '/practitioners', ...form({}) });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('body must have required property &#39;practitioner&#39;');
  });

  it('GET /suggest shows the form; POST sends the portal a proposal Task and redirects to its outcome', async () => {
    const { app, fhir } = sandbox(() => ({ id: 'task-1' }));
    const page = await app.inject({ method: 'GET', url: '/suggest?service=s1&name=Surry%20GP' });
    expect(page.body).toContain('<h1>Suggest a change to Surry GP</h1>');
    expect(page.body).toContain('<input type="hidden" name="service" value="s1">');
    expect((await app.inject({ method: 'GET', url: '/suggest' })).body).toContain(
      'Suggest a change to this service',
    );

    const sent = await app.inject({
      method: 'POST',
      url: '/suggest',
      ...form({ service: 's1', property: 'Fax', value: '02 1234', reason: 'Members say' }),
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers['location']).toBe('/requests?sent=task-1');
    expect(fhir).toHaveBeenCalledWith('Task', {
      method: 'POST',
      body: {
        resourceType: 'Task',
        status: 'requested',
        intent: 'proposal',
        description: 'Members say',
        focus: { reference: 'HealthcareService/s1' },
        input: [{ type: { text: 'Fax' }, valueString: '02 1234' }],
      },
    });

    const unknown = await app.inject({
      method: 'POST',
      url: '/suggest',
      ...form({ service: 's1', property: 'Shoe size', value: '9', reason: 'r' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(fhir).toHaveBeenCalledTimes(1);
  });

  it('GET /ask-form shows the form; POST sends an order Task pointing at the online form', async () => {
    const { app, fhir } = sandbox(() => ({ id: 'task-2' }));
    const page = await app.inject({ method: 'GET', url: '/ask-form?service=s1&name=Surry%20GP' });
    expect(page.body).toContain('<h1>Ask Surry GP to complete a form</h1>');
    expect(page.body).toContain("opens MediFund &lt;Health&gt;'s online form");

    const sent = await app.inject({
      method: 'POST',
      url: '/ask-form',
      ...form({ service: 's1', reason: 'Billing' }),
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers['location']).toBe('/requests?sent=task-2');
    expect(fhir.mock.calls[0]![1]!.body).toMatchObject({
      intent: 'order',
      description: 'Billing',
      input: [{ type: { text: 'OnlineForm' }, valueUrl: 'http://sandbox.test/online-form' }],
    });
  });

  it('GET /requests shows each Task’s outcome and says which was just sent', async () => {
    const task = (id: string, status: string, extra: object = {}) => ({
      resource: {
        id,
        status,
        focus: { reference: 'HealthcareService/s1' },
        input: [{ type: { text: 'Fax' }, valueString: '02 1' }],
        ...extra,
      },
    });
    const { app, fhir } = sandbox(() => ({
      entry: [
        task('t1', 'requested'),
        task('t2', 'completed', { code: { coding: [{ code: 'fulfill' }] } }),
        task('t3', 'rejected', { output: [{ type: { text: 'Fax' }, valueString: '02 0' }] }),
      ],
    }));
    const page = await app.inject({ method: 'GET', url: '/requests?sent=t2' });
    expect(fhir).toHaveBeenCalledWith('Task');
    expect(page.body).toContain(
      '<p class="ok" role="status">Form request sent to the provider.</p>',
    );
    expect(page.body).toMatch(/data-task="t1">.*?Fax: 02 1.*?Waiting for the provider/);
    expect(page.body).toMatch(/data-task="t2">.*?Complete our online form.*?Form received/);
    expect(page.body).toMatch(/data-task="t3">.*?Current value kept<\/td><td>Fax: 02 0/);
    expect(
      sandbox(() => ({})).app.inject({ method: 'GET', url: '/requests' }),
    ).resolves.toMatchObject({
      body: expect.stringContaining('No suggestions sent yet.'),
    });
  });

  it('/online-form opens only with a valid token; submitting it completes the portal’s task', async () => {
    const { app, fhir } = sandbox();
    const refused = await app.inject({ method: 'GET', url: '/online-form?token=forged' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('This form link is not valid');
    expect((await app.inject({ method: 'GET', url: '/online-form' })).statusCode).toBe(403);

    const opened = await app.inject({ method: 'GET', url: '/online-form?token=good' });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain(
      'For task task-7; this link works until 2033-05-18T03:33:20.000Z.',
    );
    expect(opened.body).toContain('action="/online-form?token=good"');

    const submitted = await app.inject({
      method: 'POST',
      url: '/online-form?token=good',
      ...form({ answer: 'Bulk billed' }),
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.body).toContain('your task in Provider Connect is complete');
    expect(fhir).toHaveBeenCalledWith('Task/task-7', {
      method: 'PATCH',
      body: [{ op: 'replace', path: '/status', value: 'completed' }],
    });
    expect(
      (await app.inject({ method: 'POST', url: '/online-form?token=forged', ...form({}) }))
        .statusCode,
    ).toBe(403);
    expect(fhir).toHaveBeenCalledTimes(1);
  });

  it('shows the portal’s refusal with its status, and 502 when the portal cannot be reached', async () => {
    const refused = sandbox(() => {
      throw new PortalError(409, 'The task is no longer open.');
    });
    const closed = await refused.app.inject({
      method: 'POST',
      url: '/online-form?token=good',
      ...form({ answer: 'Again' }),
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.body).toContain('<h1>The portal refused the request</h1>');
    expect(closed.body).toContain('<p class="error" role="alert">The task is no longer open.</p>');
    // A refused Task is shown too (the if chain's sandbox crashed on it: its promise escaped the try).
    expect(
      (
        await refused.app.inject({
          method: 'POST',
          url: '/suggest',
          ...form({ service: 's1', property: 'Fax', value: '1', reason: 'r' }),
        })
      ).statusCode,
    ).toBe(409);

    const down = sandbox(() => {
      throw new TypeError('fetch failed');
    });
    const unreachable = await down.app.inject({ method: 'GET', url: '/?postcode=2010' });
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.body).toContain('fetch failed');
  });

  it('answers 404 for no such page, 405 with Allow for a method a page does not take, 415 and 413 for what is not a form', async () => {
    const { app, fhir } = sandbox();
    const missing = await app.inject({ method: 'GET', url: '/nothing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('There is no such page in the sandbox.');

    const wrong = await app.inject({ method: 'DELETE', url: '/suggest?service=s1' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers['allow']).toBe('GET, HEAD, POST');
    expect(wrong.headers['content-type']).toBe('text/html; charset=utf-8');

    const json = await app.inject({
      method: 'POST',
      url: '/suggest',
      headers: { 'content-type': 'application/json' },
      payload: '{"service":"s1"}',
    });
    expect(json.statusCode).toBe(415);
    expect(json.body).toContain('The sandbox cannot use this request');

    const large = await app.inject({
      method: 'POST',
      url: '/ask-form',
      ...form({ service: 's1', reason: 'x'.repeat(70 * 1024) }),
    });
    expect(large.statusCode).toBe(413);
    expect(fhir).not.toHaveBeenCalled();
  });
});
