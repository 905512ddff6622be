import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Bundle } from '@medplum/fhirtypes';
import { fhirIdentifierSystems, fhirRequestPersonalContact } from '@pca/contracts/fhir-paths.ts';
import {
  practitionerPublicationApiPath,
  practitionerPublicationApiPaths,
} from '@pca/contracts/practitioner-publications-paths.ts';
import { PractitionerPublications } from '@pca/contracts/practitioner-publications.ts';
import { auditEvents, notifications, practitionerPublications } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { hostileEncoded, hostileStrings } from '../../reliability/schema-arbitraries.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import {
  expectOutcome,
  expectValidFhir,
  indexR4Definitions,
  partnerToken,
  countedApart,
} from './fhir-test-support.ts';

// A partner asks for a practitioner's personal contact details (docs/product/publishing.md#personal-contact-requests;
// docs/decisions/048-partner-asks-for-personal-contact.md):
// the request is recorded once, the practitioner is notified in the same transaction as its audit event, and
// only then may the practitioner share them with that partner.

/** Every statement the API sends (the house's query logger). */
const sent: string[] = [];
const { t, as } = useTestApp({}, { onQuery: (statement) => sent.push(statement) });
const FARAH = '2000000055';
const FARAH_HPII = '8003610830166134';
// Harbour publishes its practitioners to the NHSD (so the NHSD sees Farah), not to MediFund.
const nhsd = demoIds.partnerService('nhsd');

beforeAll(indexR4Definitions, 60_000);

const post = (url: string, authorization?: string) =>
  t.app.inject({ method: 'POST', url, headers: authorization ? { authorization } : {} });

async function farahAsSeenBy(authorization: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/fhir/Practitioner?identifier=${encodeURIComponent(`${fhirIdentifierSystems.hpii}|${FARAH_HPII}`)}`,
    headers: { authorization },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as Bundle).entry?.[0]?.resource?.id ?? null;
}

/** The practitioner's own publishing settings, as their page reads them. */
async function settingsOf(headers: Record<string, string>) {
  const res = await t.app.inject({
    method: 'GET',
    url: practitionerPublicationApiPaths.list,
    headers,
  });
  return PractitionerPublications.parse(res.json());
}

const farahsNotifications = (practitionerId: string) =>
  t.db.select().from(notifications).where(eq(notifications.practitionerId, practitionerId));

describe('POST /fhir/Practitioner/{id}/$request-personal-contact', () => {
  it('is described by an OperationDefinition and in the CapabilityStatement, both valid R4', async () => {
    const definition = await t.app.inject({
      method: 'GET',
      url: fhirRequestPersonalContact.definition,
    });
    expect(definition.statusCode).toBe(200);
    expect(definition.json()).toMatchObject({
      resourceType: 'OperationDefinition',
      code: 'request-personal-contact',
      resource: ['Practitioner'],
      instance: true,
    });
    expectValidFhir(definition.json());
    const metadata = (await t.app.inject({ method: 'GET', url: '/fhir/metadata' })).json() as {
      rest: Array<{
        resource: Array<{ type: string; operation?: Array<{ name: string; definition: string }> }>;
      }>;
    };
    const practitioner = metadata.rest[0]!.resource.find((r) => r.type === 'Practitioner')!;
    // Beside the payers' $bank-account (docs/decisions/058-bank-account.md).
    expect(practitioner.operation).toContainEqual({
      name: 'request-personal-contact',
      definition: expect.stringMatching(/\/fhir\/OperationDefinition\/request-personal-contact$/),
    });
  });

  it('records the request once, notifies the practitioner with its audit event, and lets them share', async () => {
    const partner = await partnerToken(t, as, 'nhsd');
    const farah = await farahAsSeenBy(partner.authorization);
    expect(farah, 'the NHSD sees Farah').toBe(demoIds.practitioner('farah'));

    // Before the request Farah cannot share her details with the NHSD.
    const farahHeaders = await as(FARAH);
    const before = await settingsOf(farahHeaders);
    expect(before.items.find((i) => i.partner.id === nhsd)?.personalContactRequested ?? false).toBe(
      false,
    );
    const notifiedBefore = (await farahsNotifications(farah!)).length;

    const from = sent.length;
    const res = await post(fhirRequestPersonalContact.path(farah!), partner.authorization);
    expect(expectOutcome(res, 200, 'informational')).toMatch(/^The request was recorded on /);
    // The token check, whether the partner sees her, then in one transaction: the request, the partner's
    // name, the notification and the audit event.
    // (On PostgreSQL the driver also logs the transaction's begin and commit, and a pg_notify announces the
    // write to the other API processes' request caches; PGlite has neither.)
    const statements = sent.slice(from).filter((q) => !countedApart(q));
    expect(statements, statements.join('\n')).toHaveLength(6);

    const mine = (await farahsNotifications(farah!)).filter(
      (n) =>
        n.subject === 'National Health Services Directory asked for your personal contact details',
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.message).toContain(
      `href="/practitioner/publish/edit?partnerServiceId=${nhsd}"`,
    );
    expect(mine[0]!.message).toContain('They are not shared until you');
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'practitioner-publication.contact-requested'),
          eq(auditEvents.entityId, farah!),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.changedFields).toMatchObject({
      partnerServiceId: nhsd,
      clientSystemId: partner.id,
    });

    // Asking again changes nothing and notifies no one.
    const again = await post(fhirRequestPersonalContact.path(farah!), partner.authorization);
    expect(expectOutcome(again, 200, 'informational')).toMatch(/asked for .* on \d{4}-/);
    expect((await farahsNotifications(farah!)).length).toBe(notifiedBefore + 1);

    // Farah now sees the request and may share; nothing was shared by the request itself.
    const after = await settingsOf(farahHeaders);
    // The request made no choice for her (docs/decisions/081-practitioner-publication-acceptance.md): publishing
    // stays as her workplace decides until she chooses, and choosing to publish accepts NHSD's statement.
    expect(after.items.find((i) => i.partner.id === nhsd)).toMatchObject({
      publish: null,
      acceptance: null,
      needsAcceptance: false,
      personalContactRequested: true,
      sharePersonalContact: false,
    });
    const share = await t.app.inject({
      method: 'PUT',
      url: practitionerPublicationApiPath(nhsd),
      headers: farahHeaders,
      payload: {
        publish: true,
        sharePersonalContact: true,
        acceptInformationUseStatementId: demoIds.informationUseStatement('nhsd', 2),
      },
    });
    expect(share.statusCode, share.body).toBe(200);
  });

  it('is 404 for a practitioner the partner does not see, or no id of ours; 401 without a token', async () => {
    const medifundToken = await partnerToken(t, as, 'medifund');
    const farah = demoIds.practitioner('farah');
    const practiceLink = await partnerToken(t, as, 'practice-link');
    const rowsBefore = await t.db
      .select()
      .from(practitionerPublications)
      .where(eq(practitionerPublications.practitionerId, farah));
    for (const notSeeing of [medifundToken, practiceLink]) {
      expect(await farahAsSeenBy(notSeeing.authorization)).toBeNull();
      expectOutcome(
        await post(fhirRequestPersonalContact.path(farah), notSeeing.authorization),
        404,
        'not-found',
      );
    }
    expectOutcome(
      await post(fhirRequestPersonalContact.path('not-an-id'), medifundToken.authorization),
      404,
      'not-found',
    );
    expectOutcome(
      await post(
        fhirRequestPersonalContact.path('00000000-0000-4000-8000-000000000000'),
        medifundToken.authorization,
      ),
      404,
      'not-found',
    );
    expectOutcome(await post(fhirRequestPersonalContact.path(farah)), 401, 'login');
    const rowsAfter = await t.db
      .select()
      .from(practitionerPublications)
      .where(eq(practitionerPublications.practitionerId, farah));
    expect(rowsAfter).toEqual(rowsBefore);
  });
});

it('never answers a hostile practitioner id with a 5xx: always an OperationOutcome', async () => {
  const partner = await partnerToken(t, as, 'nhsd');
  const ids = [
    // A lone surrogate cannot be percent-encoded here; hostileEncoded sends its bytes raw.
    ...hostileStrings.filter((v) => !/\p{Cs}/u.test(v)).map(encodeURIComponent),
    ...hostileEncoded,
    '..%2F..%2Fmetadata',
    'a'.repeat(2000),
  ];
  for (const id of ids) {
    const res = await post(
      `/fhir/Practitioner/${id}/$request-personal-contact`,
      partner.authorization,
    );
    expect(res.statusCode, id.slice(0, 40)).toBeLessThan(500);
    expect(res.statusCode, id.slice(0, 40)).toBeGreaterThanOrEqual(400);
    expect(String(res.headers['content-type']), id.slice(0, 40)).toMatch(
      /^application\/fhir\+json/,
    );
    expect((res.json() as { resourceType: string }).resourceType).toBe('OperationOutcome');
  }
});
