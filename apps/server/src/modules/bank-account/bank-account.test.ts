import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  bankAccountApiPath,
  bankAccountConsent,
  bankAccountShareApiPath,
  bankAccountSharesApiPath,
  BankAccountView,
  MaskedBankAccount,
} from '@pca/contracts';
import { fhirBankAccount } from '@pca/contracts/fhir-paths.ts';
import {
  auditEvents,
  bankAccounts,
  bankAccountShares,
  delegationConsents,
} from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { loadConfig } from '#lib/config.ts';
import {
  openBankAccount,
  parseBankAccountKeys,
  type BankAccountKeyRing,
} from '#lib/bank-account-crypto.ts';
import { ALICE, BEN, GEORGE, useTestApp } from '../../test/use-test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import {
  expectOutcome,
  expectValidFhir,
  indexR4Definitions,
  partnerToken,
} from '../fhir/fhir-test-support.ts';
import { reencryptBankAccounts } from './service.ts';

// A practitioner's bank account (docs/decisions/058-bank-account.md) on a real database: validated by the
// contracts' schema, encrypted at rest, shared with a payer by versioned consent and read by it through the
// partner API only while shared.

const { t, as } = useTestApp();
const FARAH = '2000000055';
const alice = demoIds.practitioner('alice');
const farah = demoIds.practitioner('farah');
const medifund = demoIds.partnerService('medifund');
const nhsd = demoIds.partnerService('nhsd');
const aliceAccount = { accountName: 'Dr Alice Nguyen', bsb: '062-000', accountNumber: '12345678' };

beforeAll(indexR4Definitions, 60_000);

/** Ben's own session, managing `practitionerId` (a separate token, so `as(BEN)` stays Ben himself). */
async function benManaging(practitionerId: string) {
  const headers = t.bearer(await t.tokenFor(BEN));
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/managing',
    headers,
    payload: { practitionerId },
  });
  expect(res.statusCode).toBe(200);
  return headers;
}

const put = async (practitionerId: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: bankAccountApiPath(practitionerId), headers, payload });
const view = async (practitionerId: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: bankAccountApiPath(practitionerId), headers });
const share = async (
  practitionerId: string,
  headers: Record<string, string>,
  payload: object = { partnerServiceId: medifund, consentVersion: 1, consent: true },
) =>
  t.app.inject({
    method: 'POST',
    url: bankAccountSharesApiPath(practitionerId),
    headers,
    payload,
  });
const withdraw = async (
  practitionerId: string,
  headers: Record<string, string>,
  partner = medifund,
) =>
  t.app.inject({
    method: 'DELETE',
    url: bankAccountShareApiPath(practitionerId, partner),
    headers,
  });

const rowOf = async (practitionerId: string) =>
  (
    await t.db.select().from(bankAccounts).where(eq(bankAccounts.practitionerId, practitionerId))
  )[0];
const auditOf = async (res: { headers: Record<string, unknown> }) =>
  t.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.requestId, String(res.headers['x-request-id'])));

describe('saving a bank account', () => {
  it('validates with the contracts schema: BSB of 6 digits, account number of 6–9, the text rule', async () => {
    const headers = await as(ALICE);
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...aliceAccount, bsb: '06200' }, 'bsb'],
      [{ ...aliceAccount, bsb: '062-0001' }, 'bsb'],
      [{ ...aliceAccount, bsb: '06a-000' }, 'bsb'],
      [{ ...aliceAccount, accountNumber: '12345' }, 'accountNumber'],
      [{ ...aliceAccount, accountNumber: '1234567890' }, 'accountNumber'],
      [{ ...aliceAccount, accountName: 'Alice\nNguyen' }, 'accountName'],
      [{ ...aliceAccount, accountName: '   ' }, 'accountName'],
    ];
    for (const [payload, field] of cases)
      expectProblem(await put(alice, headers, payload), 400, { field });
    expect(await rowOf(alice)).toBeUndefined();
  });

  it('stores it encrypted (no digit in clear, a fresh IV each write) and shows it masked', async () => {
    const headers = await as(ALICE);
    const res = await put(alice, headers, aliceAccount);
    expect(res.statusCode).toBe(200);
    expect(MaskedBankAccount.parse(res.json())).toMatchObject({
      accountName: 'Dr Alice Nguyen',
      bsb: '062-000',
      accountNumber: '••••5678',
    });
    const first = (await rowOf(alice))!;
    expect(first.keyId).toBe(t.config.bankAccountKeys.currentKeyId);
    const stored = JSON.stringify(first);
    for (const clear of ['12345678', '062000', '062-000', 'Alice Nguyen'])
      expect(stored).not.toContain(clear);
    expect(Buffer.from(first.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(first.authTag, 'base64')).toHaveLength(16);
    const [audit] = await auditOf(res);
    expect(audit).toMatchObject({ action: 'bank-account.created', entityType: 'bank-account' });
    expect(JSON.stringify(audit!.changedFields)).not.toMatch(/12345678|062000|062-000"/);
    expect(audit!.changedFields).toMatchObject({
      to: { bsb: '062-•••', accountNumber: '••••5678' },
    });

    // "062000" is the same BSB; saving again writes a new IV and ciphertext.
    const again = await put(alice, headers, { ...aliceAccount, bsb: '062000' });
    expect(again.statusCode).toBe(200);
    const second = (await rowOf(alice))!;
    expect(second.iv).not.toBe(first.iv);
    expect(second.ciphertext).not.toBe(first.ciphertext);
    const [updated] = await auditOf(again);
    expect(updated).toMatchObject({ action: 'bank-account.updated' });

    const page = BankAccountView.parse((await view(alice, headers)).json());
    expect(page.account).toMatchObject({ bsb: '062-000', accountNumber: '••••5678' });
    expect(JSON.stringify(page)).not.toContain('12345678');
    expect(page.payers.map((p) => p.name)).toEqual(['MediFund Health Insurance']);
    expect(page.payers[0]!.consent).toEqual({
      version: bankAccountConsent.version,
      text: bankAccountConsent.text('MediFund Health Insurance'),
    });
  });

  it('refuses a row moved onto another practitioner (associated data) or changed, without showing it', async () => {
    const farahHeaders = await as(FARAH);
    expect(
      (await put(farah, farahHeaders, { ...aliceAccount, accountName: 'F Begum' })).statusCode,
    ).toBe(200);
    const farahRow = (await rowOf(farah))!;
    const aliceRow = (await rowOf(alice))!;
    const sealed = (r: typeof aliceRow) => ({
      keyId: r.keyId,
      iv: r.iv,
      ciphertext: r.ciphertext,
      authTag: r.authTag,
    });
    // Alice's ciphertext copied onto Farah's row: the tag does not match under Farah's id.
    await t.db.update(bankAccounts).set(sealed(aliceRow)).where(eq(bankAccounts.id, farahRow.id));
    const swapped = await view(farah, farahHeaders);
    expectProblem(swapped, 500, { type: 'bank-account-unreadable' });
    expect(swapped.body).not.toContain('5678');
    // One changed byte of Farah's own ciphertext.
    const bytes = Buffer.from(farahRow.ciphertext, 'base64');
    bytes[0] = bytes[0]! ^ 1;
    await t.db
      .update(bankAccounts)
      .set({ ...sealed(farahRow), ciphertext: bytes.toString('base64') })
      .where(eq(bankAccounts.id, farahRow.id));
    expectProblem(await view(farah, farahHeaders), 500, { type: 'bank-account-unreadable' });
    // Entering the account again is the way out.
    expect(
      (await put(farah, farahHeaders, { ...aliceAccount, accountName: 'F Begum' })).statusCode,
    ).toBe(200);
    expect((await view(farah, farahHeaders)).statusCode).toBe(200);
  });
});

describe('who may see and change it', () => {
  it('the practitioner, and a delegate managing them with the bank-details consent; 404 for everyone else', async () => {
    expectProblem(await view(alice, {}), 401);
    expectProblem(await view(alice, await as(GEORGE)), 404);
    expectProblem(await view(alice, await as(BEN)), 404);
    expectProblem(await view(alice, await as(FARAH)), 404);
    expectProblem(await put(alice, await as(GEORGE), aliceAccount), 404);
    expectProblem(await share(alice, await as(GEORGE)), 404);
    expectProblem(await withdraw(alice, await as(GEORGE)), 404);
    expectProblem(await view('00000000-0000-4000-8000-000000000000', await as(ALICE)), 404);

    // The seeded delegation holds no consent record: without the bank-details consent, 404 as for anyone.
    const benForAlice = await benManaging(alice);
    expectProblem(await view(alice, benForAlice), 404);
    await t.db.insert(delegationConsents).values({
      delegationId: demoIds.delegation('alice', 'ben'),
      action: 'invite',
      consentVersion: 1,
    });
    const page = BankAccountView.parse((await view(alice, benForAlice)).json());
    expect(page).toMatchObject({ managing: true, account: { accountNumber: '••••5678' } });
    // Managing Alice, Ben is not Farah's delegate here: 404.
    expectProblem(await view(farah, benForAlice), 404);
  });

  it("a delegate's save is audited as acting for the practitioner", async () => {
    const benForAlice = await benManaging(alice);
    const res = await put(alice, benForAlice, aliceAccount);
    expect(res.statusCode).toBe(200);
    const [audit] = await auditOf(res);
    expect(audit).toMatchObject({
      actorUserId: demoIds.user('ben'),
      actingForPractitionerId: alice,
      entityType: 'bank-account',
    });
  });
});

describe('sharing with a payer, read through the partner API', () => {
  it('needs a payer, the current consent version and a saved account', async () => {
    const headers = await as(ALICE);
    expectProblem(
      await share(alice, headers, {
        partnerServiceId: medifund,
        consentVersion: 1,
        consent: false,
      }),
      400,
      { field: 'consent' },
    );
    expectProblem(
      await share(alice, headers, { partnerServiceId: medifund, consentVersion: 2, consent: true }),
      409,
      { type: 'bank-account-consent-not-current' },
    );
    expectProblem(
      await share(alice, headers, { partnerServiceId: nhsd, consentVersion: 1, consent: true }),
      404,
    );
    // Isla has no practitioner record; Farah's own account exists, so clear it to test "no account".
    await t.db.delete(bankAccounts).where(eq(bankAccounts.practitionerId, farah));
    expectProblem(await share(farah, await as(FARAH)), 409, { type: 'bank-account-missing' });
  });

  it('records the consent with its text and version; MediFund reads it while shared and not after withdrawal', async () => {
    const headers = await as(ALICE);
    const medifundClient = await partnerToken(t, as, 'medifund');
    const nhsdClient = await partnerToken(t, as, 'nhsd');
    const read = (authorization: string, url: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization } });

    // Not shared yet: nothing for MediFund.
    expectOutcome(
      await read(medifundClient.authorization, fhirBankAccount.path(alice)),
      404,
      'not-found',
    );

    const res = await share(alice, headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ share: { consentVersion: 1 } });
    const [row] = await t.db
      .select()
      .from(bankAccountShares)
      .where(
        and(
          eq(bankAccountShares.practitionerId, alice),
          eq(bankAccountShares.partnerServiceId, medifund),
        ),
      );
    expect(row).toMatchObject({
      consentVersion: bankAccountConsent.version,
      consentText: bankAccountConsent.text('MediFund Health Insurance'),
      consentedByUserId: demoIds.user('alice'),
      withdrawnAt: null,
    });
    const [audit] = await auditOf(res);
    expect(audit).toMatchObject({ action: 'bank-account.shared', entityType: 'bank-account' });
    expectProblem(await share(alice, headers), 409, { type: 'bank-account-already-shared' });

    const one = await read(medifundClient.authorization, fhirBankAccount.path(alice));
    expect(one.statusCode).toBe(200);
    expect(one.headers['cache-control']).toBe('no-store');
    const parameters = one.json() as { parameter: Array<{ part: Array<Record<string, unknown>> }> };
    expectValidFhir(parameters);
    const parts = Object.fromEntries(parameters.parameter[0]!.part.map((p) => [p['name'], p]));
    expect(parts['bsb']).toMatchObject({ valueString: '062000' });
    expect(parts['accountNumber']).toMatchObject({ valueString: '12345678' });
    expect(parts['practitioner']).toMatchObject({
      valueReference: { reference: `Practitioner/${alice}` },
    });
    const list = await read(medifundClient.authorization, fhirBankAccount.list);
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain('12345678');
    // Another partner (a directory) sees nothing, by id or in the list.
    expectOutcome(
      await read(nhsdClient.authorization, fhirBankAccount.path(alice)),
      404,
      'not-found',
    );
    expect(
      JSON.stringify((await read(nhsdClient.authorization, fhirBankAccount.list)).json()),
    ).not.toContain('12345678');
    // The operation is described, and the description is valid R4 (no token needed).
    const definition = await t.app.inject({ method: 'GET', url: fhirBankAccount.definition });
    expect(definition.statusCode).toBe(200);
    expectValidFhir(definition.json());
    // No token, no answer.
    expectOutcome(await t.app.inject({ method: 'GET', url: fhirBankAccount.list }), 401, 'login');

    const gone = await withdraw(alice, headers);
    expect(gone.statusCode).toBe(204);
    const [withdrawal] = await auditOf(gone);
    expect(withdrawal).toMatchObject({ action: 'bank-account.share-withdrawn' });
    // The next read after the withdrawal finds nothing.
    expectOutcome(
      await read(medifundClient.authorization, fhirBankAccount.path(alice)),
      404,
      'not-found',
    );
    expect(
      JSON.stringify((await read(medifundClient.authorization, fhirBankAccount.list)).json()),
    ).not.toContain('12345678');
    expectProblem(await withdraw(alice, headers), 404);
    // The withdrawn consent stays on record; sharing again makes a new one.
    expect((await share(alice, headers)).statusCode).toBe(201);
    const rows = await t.db
      .select()
      .from(bankAccountShares)
      .where(eq(bankAccountShares.practitionerId, alice));
    expect(rows.map((r) => r.withdrawnAt === null).sort()).toEqual([false, true]);
    expect((await withdraw(alice, headers)).statusCode).toBe(204);
  });
});

describe('keys', () => {
  it('re-encrypts every row under the current key, and the old key can then go', async () => {
    const old = t.config.bankAccountKeys;
    const fresh = `rotated:${Buffer.alloc(32, 9).toString('base64')}`;
    const oldKey = `${old.currentKeyId}:${old.keys.get(old.currentKeyId)!.toString('base64')}`;
    const rotated = parseBankAccountKeys(`${oldKey},${fresh}`, 'rotated');
    const before = (await t.db.select().from(bankAccounts)).length;
    expect(before).toBeGreaterThan(0);

    const result = await reencryptBankAccounts(t.db, rotated);
    expect(result).toEqual({ reencrypted: before, unreadable: [] });
    const rows = await t.db.select().from(bankAccounts);
    expect(rows.every((r) => r.keyId === 'rotated')).toBe(true);
    const onlyNew: BankAccountKeyRing = parseBankAccountKeys(fresh);
    const alices = rows.find((r) => r.practitionerId === alice)!;
    expect(openBankAccount(onlyNew, alice, alices)).toEqual({
      accountName: 'Dr Alice Nguyen',
      bsb: '062000',
      accountNumber: '12345678',
    });
    // Without the key a row names, it does not open; rotating back leaves the app's own key current again.
    expect(() => openBankAccount(old, alice, alices)).toThrow(/no key "rotated"/);
    expect(await reencryptBankAccounts(t.db, parseBankAccountKeys(`${fresh},${oldKey}`))).toEqual({
      reencrypted: before,
      unreadable: [],
    });
    expect((await view(alice, await as(ALICE))).statusCode).toBe(200);
  });

  it('production refuses to start without BANK_ACCOUNT_KEYS; a bad key or key id is named', () => {
    const production = {
      NODE_ENV: 'production',
      OIDC_CLIENT_SECRET: 'x'.repeat(40),
      OIDC_ISSUER: 'https://login.example',
      // Required in production too (docs/decisions/069-smart-app-launch.md, docs/production.md).
      SMART_CLIENT_KEY: JSON.stringify(
        generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
      ),
      PUBLIC_URL: 'https://providerconnect.example.gov.au',
      DATABASE_URL: 'postgres://pca@db.example.gov.au:5432/pca',
      PARTNER_TOKEN_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    };
    expect(() => loadConfig(production)).toThrow(/BANK_ACCOUNT_KEYS must be set in production/);
    const key = Buffer.alloc(32, 3).toString('base64');
    expect(
      loadConfig({ ...production, BANK_ACCOUNT_KEYS: `k1:${key}` }).bankAccountKeys.currentKeyId,
    ).toBe('k1');
    expect(() => loadConfig({ ...production, BANK_ACCOUNT_KEYS: 'k1:c2hvcnQ=' })).toThrow(
      /32 bytes/,
    );
    expect(() =>
      loadConfig({ ...production, BANK_ACCOUNT_KEYS: `k1:${key}`, BANK_ACCOUNT_KEY_ID: 'k2' }),
    ).toThrow(/not one of BANK_ACCOUNT_KEYS/);
    // Outside production a key is derived for the data directory: the same directory, the same key.
    const dev = (dir: string) => loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }).bankAccountKeys;
    expect(dev('/a').keys.get('development')).toEqual(dev('/a').keys.get('development'));
    expect(dev('/a').keys.get('development')).not.toEqual(dev('/b').keys.get('development'));
  });
});
