import type { NhsdAppliesTo } from '@pca/contracts';
import {
  DirectoryUnavailableError,
  type DirectoryQuery,
  type DirectoryService,
  type NhsdDirectory,
} from './directory.ts';

// The directory as a FHIR R4 server (docs/decisions/028-nhsd-import.md): HealthcareService searched with its
// Location(s) and providing Organization included in the same Bundle.

/** The HL7 v3 RoleCode system of the location type codes MOBL (mobile unit) and VI (virtual). */
export const ROLE_CODE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-RoleCode';

interface Coding {
  system?: string;
  code?: string;
  display?: string;
}
interface CodeableConcept {
  coding?: Coding[];
  text?: string;
}
interface Reference {
  reference?: string;
}
interface ContactPoint {
  system?: string;
  value?: string;
}
interface FhirResource {
  resourceType: string;
  id?: string;
}
interface HealthcareService extends FhirResource {
  resourceType: 'HealthcareService';
  active?: boolean;
  name?: string;
  type?: CodeableConcept[];
  location?: Reference[];
  providedBy?: Reference;
  telecom?: ContactPoint[];
}
interface Location extends FhirResource {
  resourceType: 'Location';
  name?: string;
  type?: CodeableConcept[];
  address?: { line?: string[]; city?: string; postalCode?: string; state?: string };
}
interface Organization extends FhirResource {
  resourceType: 'Organization';
  name?: string;
}
interface Bundle extends FhirResource {
  resourceType: 'Bundle';
  link?: Array<{ relation?: string; url?: string }>;
  entry?: Array<{ resource?: FhirResource; search?: { mode?: string } }>;
}

export interface FhirDirectoryOptions {
  /** The FHIR base, e.g. https://directory.example/fhir (NHSD_FHIR_URL). */
  baseUrl: string;
  /** Per request (NHSD_FHIR_TIMEOUT_MS). */
  timeoutMs: number;
  /** Pages of a search followed at most (a Bundle's `next` link). */
  maxPages?: number;
  fetch?: typeof globalThis.fetch;
}

const appliesToCode: Record<NhsdAppliesTo, string | null> = {
  si: null,
  home: 'MOBL',
  virtual: 'VI',
};

/** The location type codes of a Location (MOBL, VI) in the RoleCode system (or uncoded). */
function typeCodes(location: Location | undefined): string[] {
  return (location?.type ?? [])
    .flatMap((t) => t.coding ?? [])
    .filter((c) => !c.system || c.system === ROLE_CODE_SYSTEM)
    .map((c) => c.code ?? '')
    .filter((c) => c === 'MOBL' || c === 'VI');
}

function appliesToOf(location: Location | undefined): NhsdAppliesTo {
  const codes = typeCodes(location);
  return codes.includes('MOBL') ? 'home' : codes.includes('VI') ? 'virtual' : 'si';
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F]+/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text from the directory as our text rule keeps it (docs/decisions/008-text-rules-and-problem-types.md): one
 * line, no control character, well-formed, trimmed — it becomes names and addresses in our database.
 */
export const clean = (value: unknown): string =>
  typeof value === 'string'
    ? value
        .replace(CONTROL, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 200)
        .replace(LONE_SURROGATE, '\uFFFD')
    : '';

const conceptText = (c: CodeableConcept) =>
  clean(c.text ?? c.coding?.find((x) => x.display)?.display ?? c.coding?.[0]?.code);

const telecom = (s: HealthcareService, system: string) =>
  clean(s.telecom?.find((t) => t.system === system && t.value)?.value) || null;

/** Reads the services of a search Bundle with their included locations and organisations. */
export function servicesOfBundle(bundle: Bundle): DirectoryService[] {
  const included = new Map<string, FhirResource>();
  for (const e of bundle.entry ?? [])
    if (e.resource?.id) included.set(`${e.resource.resourceType}/${e.resource.id}`, e.resource);
  const services: DirectoryService[] = [];
  for (const e of bundle.entry ?? []) {
    const r = e.resource;
    if (r?.resourceType !== 'HealthcareService' || !clean(r.id)) continue;
    if (e.search?.mode && e.search.mode !== 'match') continue;
    const s = r as HealthcareService;
    if (s.active === false) continue;
    const location = s.location
      ?.map((ref) => included.get(ref.reference ?? ''))
      .find((l): l is Location => l?.resourceType === 'Location');
    const organisation = included.get(s.providedBy?.reference ?? '') as Organization | undefined;
    const address = location?.address;
    services.push({
      nhsdResourceIdentifier: clean(s.id),
      name: clean(s.name),
      serviceTypes: (s.type ?? []).map(conceptText).filter(Boolean),
      organisationName: clean(organisation?.name ?? location?.name ?? s.name),
      addressLines: (address?.line ?? []).map(clean).filter(Boolean),
      city: clean(address?.city),
      postcode: clean(address?.postalCode),
      state: clean(address?.state),
      appliesTo: appliesToOf(location),
      phone: telecom(s, 'phone'),
      email: telecom(s, 'email'),
      website: telecom(s, 'url'),
    });
  }
  return services;
}

/**
 * A client of a FHIR R4 directory: `HealthcareService?…&_include=HealthcareService:location&_include=
 * HealthcareService:providedBy`. A place searches the location's address (postal code, city, state); a name
 * searches `name:contains`; home and virtual ask for locations of type MOBL or VI and si for the others
 * (filtered here: FHIR has no "no type" search). The banner reads `metadata`: no CapabilityStatement in time
 * means maintenance. Timeouts, network errors, non-2xx answers and unreadable Bundles are all
 * {@link DirectoryUnavailableError}.
 */
export function createFhirNhsdDirectory(options: FhirDirectoryOptions): NhsdDirectory {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const maxPages = options.maxPages ?? 5;

  async function get(url: string): Promise<FhirResource> {
    let res: Response;
    try {
      res = await doFetch(url, {
        headers: { accept: 'application/fhir+json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new DirectoryUnavailableError(`The directory did not answer ${url}`, { cause: error });
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new DirectoryUnavailableError(`The directory answered ${res.status} to ${url}`);
    }
    try {
      const body = (await res.json()) as FhirResource;
      if (typeof body !== 'object' || body === null || typeof body.resourceType !== 'string')
        throw new Error('not a FHIR resource');
      return body;
    } catch (error) {
      throw new DirectoryUnavailableError(`The directory's answer to ${url} is not FHIR JSON`, {
        cause: error,
      });
    }
  }

  /** Runs a HealthcareService search and follows `next` links until `limit` services or maxPages. */
  async function search(params: URLSearchParams, limit: number): Promise<DirectoryService[]> {
    params.append('_include', 'HealthcareService:location');
    params.append('_include', 'HealthcareService:providedBy');
    params.set('_count', String(Math.min(limit, 200)));
    let url: string | undefined = `${base}/HealthcareService?${params.toString()}`;
    const found: DirectoryService[] = [];
    for (let page = 0; url && page < maxPages && found.length < limit; page++) {
      const bundle = await get(url);
      if (bundle.resourceType !== 'Bundle')
        throw new DirectoryUnavailableError(`The directory answered a ${bundle.resourceType}`);
      found.push(...servicesOfBundle(bundle as Bundle));
      const next = (bundle as Bundle).link?.find((l) => l.relation === 'next')?.url;
      // Only links on the same directory are followed.
      url = next && next.startsWith(base) ? next : undefined;
    }
    return found.slice(0, limit);
  }

  return {
    async banner() {
      try {
        const statement = await get(`${base}/metadata`);
        return { maintenance: statement.resourceType !== 'CapabilityStatement' };
      } catch {
        return { maintenance: true };
      }
    },

    async findByType(query: DirectoryQuery) {
      const params = new URLSearchParams();
      if (query.postcode) params.set('location.address-postalcode', query.postcode);
      if (query.suburb) params.set('location.address-city', query.suburb);
      if (query.state) params.set('location.address-state', query.state);
      if (query.name) params.set('name:contains', query.name);
      const code = appliesToCode[query.appliesTo];
      if (code) params.set('location.type', `${ROLE_CODE_SYSTEM}|${code}`);
      params.set('active', 'true');
      const services = await search(params, query.limit);
      const name = query.name.toLowerCase();
      const suburb = query.suburb.toLowerCase();
      // The server's matching is its own: keep what the wizard asked for, as the local directory answers.
      return services
        .filter(
          (s) =>
            s.appliesTo === query.appliesTo &&
            (!query.postcode || s.postcode === query.postcode) &&
            (!suburb || s.city.toLowerCase() === suburb) &&
            (!query.state || s.state === query.state) &&
            (!name ||
              s.name.toLowerCase().includes(name) ||
              s.organisationName.toLowerCase().includes(name)),
        )
        .sort(
          (a, b) =>
            a.name.localeCompare(b.name, 'en-AU') ||
            a.nhsdResourceIdentifier.localeCompare(b.nhsdResourceIdentifier),
        );
    },

    async getByIds(ids) {
      if (!ids.length) return [];
      const unique = [...new Set(ids)];
      const found: DirectoryService[] = [];
      // A URL stays short: 50 identifiers a request.
      for (let i = 0; i < unique.length; i += 50) {
        const params = new URLSearchParams({ _id: unique.slice(i, i + 50).join(',') });
        found.push(...(await search(params, 50)));
      }
      return found;
    },
  };
}
