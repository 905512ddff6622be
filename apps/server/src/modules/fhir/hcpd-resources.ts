import { endpointConnectionTypes, endpointPayloadTypes } from '@pca/contracts/endpoints.ts';
import { profiles, type Json } from './resources.ts';
import { provenanceEntityTypes } from './hcpd-sql.ts';

// Endpoint and Provenance as HCPD profiles them (docs/decisions/072-endpoint-and-provenance.md): pure
// functions of database rows, like resources.ts.

const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203';
const timestamp = (at: Date | string) => new Date(at).toISOString();

export interface EndpointRow {
  id: string;
  organisationId: string;
  healthcareServiceId: string | null;
  name: string;
  connectionType: string;
  payloadType: string;
  payloadMimeTypes: string[];
  address: string;
  status: 'active' | 'suspended' | 'off';
  lastUpdated: Date | string;
}

/** The coding of a code from one of the contracts' lists (the system the code belongs to). */
const codingIn = (
  list: ReadonlyArray<{ system: string; code: string; display: string }>,
  code: string,
) => {
  const found = list.find((c) => c.code === code);
  return found ? { system: found.system, code: found.code, display: found.display } : { code };
};

export function endpointResource(e: EndpointRow): Json {
  return {
    resourceType: 'Endpoint',
    id: e.id,
    meta: {
      lastUpdated: timestamp(e.lastUpdated),
      profile: [profiles.Endpoint.auBase, profiles.Endpoint.hcpd],
    },
    // hc-endpoint's HC Endpoint Identifier (type RI): the endpoint's id as a URI.
    identifier: [
      {
        type: { coding: [{ system: V2_0203, code: 'RI', display: 'Resource identifier' }] },
        system: 'urn:ietf:rfc:3986',
        value: `urn:uuid:${e.id}`,
      },
    ],
    status: e.status,
    connectionType: codingIn(endpointConnectionTypes, e.connectionType),
    name: e.name,
    managingOrganization: { reference: `Organization/${e.organisationId}` },
    payloadType: [{ coding: [codingIn(endpointPayloadTypes, e.payloadType)] }],
    ...(e.payloadMimeTypes.length ? { payloadMimeType: e.payloadMimeTypes } : {}),
    address: e.address,
  };
}

export interface ProvenanceRow {
  id: string;
  recorded: Date | string;
  action: string;
  entityType: string;
  entityId: string;
  organisationId: string | null;
  lastUpdated: Date | string;
}

const fhirTypeOf = Object.fromEntries(
  Object.entries(provenanceEntityTypes).map(([f, a]) => [a, f]),
);
const ACTIVITY: Record<string, [code: string, display: string]> = {
  created: ['CREATE', 'create'],
  imported: ['CREATE', 'create'],
  updated: ['UPDATE', 'revise'],
  deleted: ['DELETE', 'delete'],
};

/**
 * Who last changed a resource: the organisation it belongs to, or the portal itself where no organisation
 * holds it (a practitioner's own details). Never the staff member: partners need the accountable party, not a
 * person's name (docs/decisions/072-endpoint-and-provenance.md).
 */
export function provenanceResource(a: ProvenanceRow): Json {
  const [code, display] = ACTIVITY[a.action.slice(a.action.lastIndexOf('.') + 1)] ?? [
    'UPDATE',
    'revise',
  ];
  const type = fhirTypeOf[a.entityType] ?? 'Basic';
  const recorded = timestamp(a.recorded);
  return {
    resourceType: 'Provenance',
    id: a.id,
    meta: { lastUpdated: timestamp(a.lastUpdated), profile: [profiles.Provenance.hcpd] },
    target: [{ reference: `${type}/${a.entityId}` }],
    recorded,
    activity: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-DataOperation', code, display }],
    },
    agent: [
      {
        type: {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type',
              code: 'author',
              display: 'Author',
            },
          ],
        },
        who:
          a.organisationId && type !== 'Practitioner'
            ? { reference: `Organization/${a.organisationId}` }
            : { display: 'Provider Connect Australia' },
      },
    ],
  };
}
