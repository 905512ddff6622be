import { mkdtempSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CredentialDocument,
  CredentialDocuments,
  SharedCredentialDocuments,
  credentialDocumentApiPath as itemPath,
  credentialDocumentApiPaths as paths,
  credentialDocumentFileApiPath as filePath,
  credentialDocumentLimits,
  credentialDocumentMessages as messages,
  organisationCredentialDocumentsApiPath as organisationPath,
  taskApiPath,
  VerifyInformationTask,
} from '@pca/contracts';
import {
  auditEvents,
  credentialDocuments,
  credentialDocumentShares,
  delegations,
  practitionerRoles,
  tasks,
} from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { runReminders } from '#modules/tasks-notifications/reminders.ts';
import { ALICE, BEN, GEORGE, ISLA, JACK, PRIYA, useTestApp } from '../../test/use-test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { craftPdf, documentDetails, multipartBody, uploadBody } from '../../test/multipart.ts';
import { craftPng } from '../../test/png.ts';

const HANNAH = '2000000112';
const FARAH = '2000000055';
const dir = mkdtempSync(path.join(os.tmpdir(), 'pca-documents-'));
const { t, as } = useTestApp({ RATE_LIMITS: 'false', DOCUMENTS_DIR: dir });
const alice = demoIds.practitioner('alice');
const harbour = demoIds.organisation('harbour-group');

/** Every stored object (partial uploads included). */
const storedFiles = () =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

/** Ben's own session, managing Alice (a separate token, so `as(BEN)` stays Ben himself). */
async function benManagingAlice() {
  const headers = t.bearer(await t.tokenFor(BEN));
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/managing',
    headers,
    payload: { practitionerId: alice },
  });
  expect(res.statusCode).toBe(200);
  return headers;
}

async function upload(
  headers: Record<string, string>,
  data: Buffer,
  details: Record<string, unknown> = documentDetails(),
  filename = 'certificate.pdf',
) {
  const body = uploadBody(data, details, filename);
  return t.app.inject({
    method: 'POST',
    url: paths.list,
    headers: { ...headers, ...body.headers },
    payload: body.body,
  });
}

const auditOf = async (res: { headers: Record<string, unknown> }) =>
  t.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.requestId, String(res.headers['x-request-id'])));

/** Asserts a refusal: its status, type and the file's field message; nothing stored, no row. */
async function expectRefused(
  res: Awaited<ReturnType<typeof upload>>,
  status: number,
  type: string,
  message: string,
  before: { files: number; rows: number },
) {
  const body = expectProblem(res, status, { type, field: 'file' });
  expect(body.detail).toBe(message);
  expect(body.errors).toEqual([{ field: 'file', message }]);
  expect(storedFiles()).toHaveLength(before.files);
  expect(await t.db.$count(credentialDocuments)).toBe(before.rows);
}

const counts = async () => ({
  files: storedFiles().length,
  rows: await t.db.$count(credentialDocuments),
});

describe('uploading a credential document', () => {
  it('stores a PDF for Alice, with its details, sharing and audit event, never its content', async () => {
    const pdf = craftPdf();
    const res = await upload(
      await as(ALICE),
      pdf,
      documentDetails({ organisationIds: [harbour] }),
      'Indemnity <2026>.pdf',
    );
    expect(res.statusCode).toBe(201);
    const document = CredentialDocument.parse(res.json());
    expect(document).toMatchObject({
      type: 'ProfessionalIndemnityInsurance',
      title: 'Indemnity certificate 2026',
      fileName: 'Indemnity 2026.pdf',
      mediaType: 'application/pdf',
      sizeBytes: pdf.length,
      sharedWith: [{ id: harbour, name: 'Harbour Medical Group Pty Ltd' }],
    });
    const [event] = await auditOf(res);
    expect(event).toMatchObject({
      action: 'credential-document.created',
      entityType: 'credential-document',
      entityId: document.id,
      actingForPractitionerId: null,
      actorUserId: demoIds.user('alice'),
    });
    expect(event!.changedFields).toMatchObject({
      type: 'ProfessionalIndemnityInsurance',
      fileName: 'Indemnity 2026.pdf',
      issueDate: '2026-07-01',
      expiryDate: '2027-06-30',
      organisationIds: [harbour],
    });
    expect(JSON.stringify(event!.changedFields)).not.toContain(
      'Professional indemnity insurance certificate',
    );
  });

  it('is done by Ben while he manages Alice, audited as for her', async () => {
    const res = await upload(
      await benManagingAlice(),
      craftPng(64, 64),
      documentDetails(),
      'scan.png',
    );
    expect(res.statusCode).toBe(201);
    expect(CredentialDocument.parse(res.json()).mediaType).toBe('image/png');
    const [event] = await auditOf(res);
    expect(event).toMatchObject({
      actorUserId: demoIds.user('ben'),
      actingForPractitionerId: alice,
    });
  });

  it('lists Alice’s documents and the organisations she may share with', async () => {
    const res = await t.app.inject({ method: 'GET', url: paths.list, headers: await as(ALICE) });
    const list = CredentialDocuments.parse(res.json());
    expect(list.managing).toBe(false);
    expect(list.organisations.map((o) => o.name)).toEqual([
      'Harbour Medical Centre Surry Hills',
      'Harbour Medical Group Pty Ltd',
      'Harbour Telehealth',
    ]);
    expect(list.items.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses sharing with an organisation that is not the practitioner’s', async () => {
    const before = await counts();
    const res = await upload(
      await as(ALICE),
      craftPdf(),
      documentDetails({ organisationIds: [demoIds.organisation('coastal-physio')] }),
    );
    expectProblem(res, 400, { field: 'organisationIds' });
    expect(await counts()).toEqual(before);
  });

  it('refuses an expiry date that is not after the issue date, before reading the file', async () => {
    const res = await upload(
      await as(ALICE),
      craftPdf(),
      documentDetails({ issueDate: '2027-01-01', expiryDate: '2027-01-01' }),
    );
    const body = expectProblem(res, 400, { field: 'expiryDate' });
    expect(body.errors).toContainEqual({ field: 'expiryDate', message: messages.expiryAfterIssue });
  });

  it('refuses a date before 1900 (a year typed with two digits, 0025) or after 2199, storing nothing', async () => {
    const before = await counts();
    const early = await upload(
      await as(ALICE),
      craftPdf(),
      documentDetails({ issueDate: '0025-07-01', expiryDate: '2027-06-30' }),
    );
    const body = expectProblem(early, 400, { field: 'issueDate' });
    expect(body.errors).toEqual([{ field: 'issueDate', message: messages.dateTooEarly }]);
    const late = await upload(
      await as(ALICE),
      craftPdf(),
      documentDetails({ expiryDate: '2200-01-01' }),
    );
    expect(expectProblem(late, 400, { field: 'expiryDate' }).errors).toEqual([
      { field: 'expiryDate', message: messages.dateTooLate },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('refuses what is not a PDF, PNG or JPEG by its bytes, whatever its name and declared type', async () => {
    const headers = await as(ALICE);
    const before = await counts();
    const cases: Array<[Buffer, number, string, string]> = [
      [Buffer.alloc(0), 400, 'credential-document-empty', messages.fileEmpty],
      [
        Buffer.from('MZ\x90\x00\x03\x00\x00\x00This program cannot be run in DOS mode', 'latin1'),
        415,
        'credential-document-type',
        messages.fileExecutable,
      ],
      [
        Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]),
        415,
        'credential-document-type',
        messages.fileExecutable,
      ],
      [
        Buffer.from('#!/bin/sh\nrm -rf /\n'),
        415,
        'credential-document-type',
        messages.fileExecutable,
      ],
      [
        Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
        415,
        'credential-document-type',
        messages.fileType,
      ],
      [Buffer.from('hello, this is text'), 415, 'credential-document-type', messages.fileType],
      [craftPdf().subarray(0, 300), 400, 'credential-document-incomplete', messages.fileIncomplete],
      [
        craftPng(64, 64).subarray(0, 40),
        400,
        'credential-document-incomplete',
        messages.fileIncomplete,
      ],
    ];
    for (const [data, status, type, message] of cases)
      await expectRefused(await upload(headers, data), status, type, message, before);
  });

  it('refuses a PDF with JavaScript, an embedded file or a launch action, however the name is written', async () => {
    const headers = await as(ALICE);
    const before = await counts();
    const js = '6 0 obj\n<< /Type /Action /S /JavaScript /JS (app.alert(1)) >>\nendobj\n';
    const open = '6 0 obj\n<< /OpenAction << /S /JS /JS (x) >> >>\nendobj\n';
    const escaped = '6 0 obj\n<< /S /J#61vaScript >>\nendobj\n';
    const embedded =
      '6 0 obj\n<< /Type /EmbeddedFile /Length 3 >>\nstream\nabc\nendstream\nendobj\n';
    const launch = '6 0 obj\n<< /S /Launch /F (cmd.exe) >>\nendobj\n';
    for (const extra of [js, open, escaped])
      await expectRefused(
        await upload(headers, craftPdf('x', extra)),
        422,
        'credential-document-unsafe',
        messages.fileScript,
        before,
      );
    for (const extra of [embedded, launch])
      await expectRefused(
        await upload(headers, craftPdf('x', extra)),
        422,
        'credential-document-unsafe',
        messages.fileEmbedded,
        before,
      );
  });

  it('accepts exactly 10 MB and refuses one byte more, leaving no partial object', async () => {
    const headers = await as(ALICE);
    const max = credentialDocumentLimits.maxBytes;
    const pdf = craftPdf();
    // A comment line pads the PDF to the size wanted; the file stays a PDF ending in %%EOF.
    const padded = (size: number) =>
      Buffer.concat([
        pdf.subarray(0, 9),
        Buffer.from(`%${'x'.repeat(size - pdf.length - 2)}\n`),
        pdf.subarray(9),
      ]);
    const exact = await upload(headers, padded(max));
    expect(exact.statusCode).toBe(201);
    expect(CredentialDocument.parse(exact.json()).sizeBytes).toBe(max);
    const before = await counts();
    await expectRefused(
      await upload(headers, padded(max + 1)),
      413,
      'credential-document-too-big',
      messages.fileTooBig,
      before,
    );
  });

  it('refuses an upload streamed past 10 MB over a real connection, before reading it all', async () => {
    const headers = await as(ALICE);
    const before = await counts();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const { body, headers: multipart } = uploadBody(Buffer.alloc(0));
    // The form's head (the details and the file's headers), then 12 MB of PDF sent in 64 KB chunks, chunked.
    const head = body.subarray(0, body.indexOf('\r\n--', body.indexOf('filename=')));
    const answer = await new Promise<{ status: number; text: string; sent: number }>(
      (resolve, reject) => {
        let sent = 0;
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: paths.list,
            headers: { ...headers, ...multipart },
          },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode!, text, sent }));
          },
        );
        req.on('error', (error: NodeJS.ErrnoException) => {
          // The server may close the connection while we are still sending: that is the point.
          if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
        });
        req.write(head);
        req.write(Buffer.from('%PDF-1.4\n'));
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = () => {
          while (sent < 12 * 1024 * 1024) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          req.end();
        };
        pump();
      },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({
      type: '/problems/credential-document-too-big',
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses a form cut off in the middle of the file', async () => {
    const before = await counts();
    const { body, headers } = uploadBody(craftPdf());
    const res = await t.app.inject({
      method: 'POST',
      url: paths.list,
      headers: { ...(await as(ALICE)), ...headers },
      payload: body.subarray(0, body.length - 200),
    });
    expectProblem(res, 400, { type: 'credential-document-incomplete', field: 'file' });
    expect(await counts()).toEqual(before);
  });

  it('refuses a form without details, without a file, or with the file first', async () => {
    const headers = await as(ALICE);
    const cases = [
      multipartBody([{ name: 'file', filename: 'a.pdf', data: craftPdf() }]),
      multipartBody([{ name: 'details', value: JSON.stringify(documentDetails()) }]),
      multipartBody([{ name: 'details', value: '{not json' }]),
    ];
    for (const { body, headers: h } of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: paths.list,
        headers: { ...headers, ...h },
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      expect(String(res.headers['content-type'])).toContain('application/problem+json');
    }
    const json = await t.app.inject({
      method: 'POST',
      url: paths.list,
      headers,
      payload: { a: 1 },
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });

  it('needs a practitioner: Priya, George and nobody cannot upload', async () => {
    expectProblem(await upload(await as(PRIYA), craftPdf()), 403, { type: 'no-practitioner' });
    expectProblem(await upload(await as(GEORGE), craftPdf()), 403, { type: 'no-practitioner' });
    expectProblem(await upload({}, craftPdf()), 401);
  });
});

describe('who may download', () => {
  it('gives the file to Alice, Ben managing her and Harbour’s managers; 404 to everyone else', async () => {
    const pdf = craftPdf('Shared with Harbour');
    const created = CredentialDocument.parse(
      (
        await upload(
          await as(ALICE),
          pdf,
          documentDetails({ organisationIds: [harbour] }),
          'Indemnity.pdf',
        )
      ).json(),
    );
    const get = async (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: filePath(created.id), headers });
    for (const headers of [await as(ALICE), await benManagingAlice(), await as(HANNAH)]) {
      const res = await get(headers);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(pdf)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Indemnity.pdf"; filename*=UTF-8''Indemnity.pdf`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-length']).toBe(String(pdf.length));
    }
    for (const who of [GEORGE, ISLA, JACK, PRIYA, BEN, FARAH])
      expectProblem(await get(await as(who)), 404);
    expectProblem(await get({}), 401);
    // The details themselves are the practitioner's: a manager downloads, but does not edit.
    expectProblem(
      await t.app.inject({ method: 'GET', url: itemPath(created.id), headers: await as(HANNAH) }),
      404,
    );
    expectProblem(
      await t.app.inject({
        method: 'DELETE',
        url: itemPath(created.id),
        headers: await as(HANNAH),
      }),
      404,
    );
  });

  it('lists what is shared with an organisation for its managers only', async () => {
    const url = organisationPath(harbour);
    const res = await t.app.inject({ method: 'GET', url, headers: await as(HANNAH) });
    const shared = SharedCredentialDocuments.parse(res.json());
    expect(shared.organisation.id).toBe(harbour);
    expect(shared.items.length).toBeGreaterThan(0);
    expect(shared.items.every((d) => d.practitioner.name === 'Alice Nguyen')).toBe(true);
    for (const who of [GEORGE, ISLA, BEN, PRIYA])
      expectProblem(await t.app.inject({ method: 'GET', url, headers: await as(who) }), 404);
    expectProblem(
      await t.app.inject({ method: 'GET', url, headers: await benManagingAlice() }),
      404,
    );
  });
});

describe('changing, replacing and removing', () => {
  it('edits the details and sharing, audited with the fields that changed', async () => {
    const headers = await benManagingAlice();
    const created = CredentialDocument.parse((await upload(headers, craftPdf())).json());
    const bad = await t.app.inject({
      method: 'PUT',
      url: itemPath(created.id),
      headers,
      payload: documentDetails({ expiryDate: '2026-01-01' }),
    });
    expectProblem(bad, 400, { field: 'expiryDate' });
    const twoDigitYear = await t.app.inject({
      method: 'PUT',
      url: itemPath(created.id),
      headers,
      payload: documentDetails({ issueDate: '0025-07-01' }),
    });
    expect(expectProblem(twoDigitYear, 400, { field: 'issueDate' }).errors).toContainEqual({
      field: 'issueDate',
      message: messages.dateTooEarly,
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: itemPath(created.id),
      headers,
      payload: documentDetails({
        title: 'Renewed',
        expiryDate: '2028-06-30',
        organisationIds: [harbour],
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(CredentialDocument.parse(res.json())).toMatchObject({
      title: 'Renewed',
      expiryDate: '2028-06-30',
      sharedWith: [{ id: harbour }],
    });
    const [event] = await auditOf(res);
    expect(event).toMatchObject({
      action: 'credential-document.updated',
      actingForPractitionerId: alice,
    });
    expect(event!.changedFields).toMatchObject({
      title: { from: 'Indemnity certificate 2026', to: 'Renewed' },
      expiryDate: { from: '2027-06-30', to: '2028-06-30' },
      organisationIds: { from: [], to: [harbour] },
    });
  });

  it('keeps, and lets Alice withdraw, a share with an organisation where her role has since ended', async () => {
    const headers = await as(ALICE);
    const telehealth = demoIds.organisation('harbour-telehealth');
    const created = CredentialDocument.parse(
      (
        await upload(headers, craftPdf(), documentDetails({ organisationIds: [telehealth] }))
      ).json(),
    );
    const role = demoIds.practitionerRole('alice', 'harbour-telehealth-gp');
    const [{ endDate }] = (await t.db
      .select({ endDate: practitionerRoles.endDate })
      .from(practitionerRoles)
      .where(eq(practitionerRoles.id, role))) as [{ endDate: string | null }];
    await t.db
      .update(practitionerRoles)
      .set({ endDate: '2025-01-31' })
      .where(eq(practitionerRoles.id, role));
    try {
      const save = (organisationIds: string[], expiryDate = '2028-06-30') =>
        t.app.inject({
          method: 'PUT',
          url: itemPath(created.id),
          headers,
          payload: documentDetails({ expiryDate, organisationIds }),
        });
      const sharesOf = async () =>
        (
          await t.db
            .select({ id: credentialDocumentShares.organisationId })
            .from(credentialDocumentShares)
            .where(eq(credentialDocumentShares.documentId, created.id))
        ).map((r) => r.id);
      // Telehealth is no longer Alice's to share with…
      const list = CredentialDocuments.parse(
        (await t.app.inject({ method: 'GET', url: paths.list, headers })).json(),
      );
      expect(list.organisations.map((o) => o.id)).not.toContain(telehealth);
      // …but the share she made stays while she renews the dates,
      const renewed = await save([telehealth, harbour]);
      expect(renewed.statusCode).toBe(200);
      expect(CredentialDocument.parse(renewed.json()).expiryDate).toBe('2028-06-30');
      expect((await sharesOf()).sort()).toEqual([harbour, telehealth].sort());
      // and she can withdraw it.
      const withdrawn = await save([harbour], '2028-07-31');
      expect(withdrawn.statusCode).toBe(200);
      expect(await sharesOf()).toEqual([harbour]);
      expect((await auditOf(withdrawn))[0]!.changedFields).toMatchObject({
        organisationIds: { from: [harbour, telehealth].sort(), to: [harbour] },
      });
      // Once withdrawn it cannot be added back, nor can any other organisation not hers.
      for (const organisationIds of [
        [harbour, telehealth],
        [harbour, demoIds.organisation('coastal-physio')],
      ])
        expectProblem(await save(organisationIds), 400, { field: 'organisationIds' });
      expect(await sharesOf()).toEqual([harbour]);
    } finally {
      await t.db.update(practitionerRoles).set({ endDate }).where(eq(practitionerRoles.id, role));
    }
  });

  it('replaces the file under a new key and deletes the old object after the commit', async () => {
    const headers = await as(ALICE);
    const created = CredentialDocument.parse((await upload(headers, craftPdf())).json());
    const [{ storageKey: oldKey }] = (await t.db
      .select({ storageKey: credentialDocuments.storageKey })
      .from(credentialDocuments)
      .where(eq(credentialDocuments.id, created.id))) as [{ storageKey: string }];
    const before = storedFiles().length;
    const refused = multipartBody([
      { name: 'file', filename: 'x.pdf', data: Buffer.from('MZ\x90\x00', 'latin1') },
    ]);
    const bad = await t.app.inject({
      method: 'PUT',
      url: filePath(created.id),
      headers: { ...headers, ...refused.headers },
      payload: refused.body,
    });
    expectProblem(bad, 415, { type: 'credential-document-type', field: 'file' });
    const png = craftPng(64, 64);
    const form = multipartBody([
      { name: 'file', filename: 'renewed.png', contentType: 'image/png', data: png },
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: filePath(created.id),
      headers: { ...headers, ...form.headers },
      payload: form.body,
    });
    expect(res.statusCode).toBe(200);
    expect(CredentialDocument.parse(res.json())).toMatchObject({
      fileName: 'renewed.png',
      mediaType: 'image/png',
    });
    expect(storedFiles()).toHaveLength(before);
    expect(storedFiles()).not.toContain(oldKey.split('/')[1]);
    const download = await t.app.inject({ method: 'GET', url: filePath(created.id), headers });
    expect(download.rawPayload.equals(png)).toBe(true);
    const [event] = await auditOf(res);
    expect(event).toMatchObject({ action: 'credential-document.file-replaced' });
    // Someone else's document: not found, and nothing of theirs read or stored.
    const other = await t.app.inject({
      method: 'PUT',
      url: filePath(created.id),
      headers: { ...(await as(HANNAH)), ...form.headers },
      payload: form.body,
    });
    expectProblem(other, 404);
    expect(storedFiles()).toHaveLength(before);
  });

  it('removes the document and its object', async () => {
    const headers = await as(ALICE);
    const created = CredentialDocument.parse((await upload(headers, craftPdf())).json());
    const before = storedFiles().length;
    expectProblem(
      await t.app.inject({
        method: 'DELETE',
        url: itemPath(created.id),
        headers: await as(GEORGE),
      }),
      404,
    );
    const res = await t.app.inject({ method: 'DELETE', url: itemPath(created.id), headers });
    expect(res.statusCode).toBe(204);
    expect(storedFiles()).toHaveLength(before - 1);
    expect((await auditOf(res))[0]).toMatchObject({ action: 'credential-document.deleted' });
    expectProblem(await t.app.inject({ method: 'GET', url: filePath(created.id), headers }), 404);
  });
});

describe('expiry reminders', () => {
  it('gives the practitioner and each delegate with a task list one task 30 days before expiry, once', async () => {
    // Farah, who has a practitioner record, becomes one of Alice's delegates too.
    await t.db.insert(delegations).values({
      practitionerId: alice,
      delegateUserId: demoIds.user('farah'),
      raNumber: FARAH,
      givenName: 'Farah',
      familyName: 'Haddad',
      email: 'farah@example.com',
      status: 'Accepted',
    });
    const headers = await as(ALICE);
    const now = new Date('2026-12-01T01:00:00Z'); // 1 December in Sydney
    const created = CredentialDocument.parse(
      (
        await upload(
          headers,
          craftPdf(),
          documentDetails({
            title: 'Medical registration',
            type: 'RegistrationCertificate',
            issueDate: '2025-12-31',
            expiryDate: '2026-12-31',
          }),
        )
      ).json(),
    );
    const later = CredentialDocument.parse(
      (await upload(headers, craftPdf(), documentDetails({ expiryDate: '2027-01-01' }))).json(),
    );
    const expiryTasks = (documentId: string) =>
      t.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.kind, 'CredentialExpiry'), eq(tasks.entityId, documentId)));

    const first = await runReminders(t.db, now);
    expect(first.credentialExpiryTasks).toBeGreaterThanOrEqual(2);
    const made = await expiryTasks(created.id);
    expect(made.map((task) => task.practitionerId).sort()).toEqual(
      [alice, demoIds.practitioner('farah')].sort(),
    );
    const reasonOf = (practitionerId: string) =>
      made.find((task) => task.practitionerId === practitionerId)!.reason;
    expect(reasonOf(alice)).toBe(
      'Medical registration expires on 31 December 2026. Upload the renewed document, or change its dates, so the organisations that rely on it keep a current copy.',
    );
    // Farah's copy is in her own list: it says whose document it is, and where it is updated.
    expect(reasonOf(demoIds.practitioner('farah'))).toBe(
      'Medical registration, a credential document of Alice Nguyen, expires on 31 December 2026. To update it, manage Alice Nguyen (Switch accounts, then Managed accounts) and open their credential documents.',
    );
    // The task page leads Alice to the document's page, and Farah to managing Alice.
    for (const [ra, practitionerId, managed] of [
      [ALICE, alice, false],
      [FARAH, demoIds.practitioner('farah'), true],
    ] as const) {
      const id = made.find((task) => task.practitionerId === practitionerId)!.id;
      const detail = await t.app.inject({
        method: 'GET',
        url: taskApiPath('task', id),
        headers: await as(ra),
      });
      expect(VerifyInformationTask.parse(detail.json()).managedPractitionersDocument).toBe(managed);
    }
    // 31 days away: not yet.
    expect(await expiryTasks(later.id)).toEqual([]);
    // Once: again, and at the same moment in three processes, nothing more.
    const again = await Promise.all([
      runReminders(t.db, now),
      runReminders(t.db, now),
      runReminders(t.db, now),
    ]);
    expect(again.map((r) => r.credentialExpiryTasks)).toEqual([0, 0, 0]);
    expect(await expiryTasks(created.id)).toHaveLength(2);
    const [row] = await t.db
      .select()
      .from(credentialDocuments)
      .where(eq(credentialDocuments.id, created.id));
    expect(row!.expiryReminderSentFor).toBe('2026-12-31');

    // Alice and Farah see it in their lists; renewing the document completes both.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/tasks?status=NotComplete',
      headers,
    });
    expect(JSON.stringify(list.json())).toContain('Medical registration');
    const renewed = await t.app.inject({
      method: 'PUT',
      url: itemPath(created.id),
      headers,
      payload: documentDetails({
        title: 'Medical registration',
        type: 'RegistrationCertificate',
        issueDate: '2025-12-31',
        expiryDate: '2027-12-31',
      }),
    });
    expect(renewed.statusCode).toBe(200);
    expect((await expiryTasks(created.id)).map((task) => task.status)).toEqual([
      'Complete',
      'Complete',
    ]);
    // A new expiry date is a new reminder when its time comes.
    expect(
      (await runReminders(t.db, new Date('2027-12-05T01:00:00Z'))).credentialExpiryTasks,
    ).toBeGreaterThanOrEqual(2);
  });
});
