import {
  isCalendarDate,
  luhnValid,
  unmatchedReasons,
  type ImportCisRole,
  type ImportSource,
  type ImportTargetService,
} from '@pca/contracts';
import { fhirIdentifierSystems } from '@pca/contracts/fhir-paths.ts';
import { resourceProblem, type FhirResource } from './bundle.ts';

// From the resources a run read to the preview's rows and sources (docs/decisions/070-practitioner-role-import.md):
// pure, so the unit tests build Bundles and the service gives the database's answers.

/** One of the organisation's healthcare services with its location, as the mapping compares them. */
export interface PortalService {
  id: string;
  name: string;
  nhsdResourceIdentifier: string | null;
  locationId: string | null;
  locationName: string | null;
  addressLines: string[] | null;
  locality: string | null;
  state: string | null;
  postcode: string | null;
}

interface Identifier {
  system?: string;
  value?: string;
}
interface Reference {
  reference?: string;
}
interface Address {
  line?: string[];
  city?: string;
  state?: string;
  postalCode?: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/** `Practitioner/123` (or an absolute URL ending so) as the key the includes are indexed by. */
function refKey(ref: Reference | undefined, type: string): string | null {
  const r = str(ref?.reference);
  if (!r) return null;
  const parts = r.split('/');
  const id = parts.at(-1);
  return parts.at(-2) === type && id ? `${type}/${id}` : null;
}

/** One line of an address: street lines, city, state and postcode. */
export function addressText(a: {
  lines: readonly string[];
  city: string | null;
  state: string | null;
  postcode: string | null;
}): string | null {
  const place = [a.city, a.state, a.postcode].filter(Boolean).join(' ');
  const text = [...a.lines.filter(Boolean), place].filter(Boolean).join(', ');
  return text || null;
}

/** An address or a name as compared: lower case, letters and digits only, single spaces. */
const norm = (text: string | null) =>
  (text ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

function addressOfResource(resource: FhirResource | undefined): string | null {
  const a = resource?.address as Address | Address[] | undefined;
  const address = Array.isArray(a) ? a[0] : a;
  if (!address) return null;
  return addressText({
    lines: arr<string>(address.line).filter((l) => typeof l === 'string'),
    city: str(address.city),
    state: str(address.state),
    postcode: str(address.postalCode),
  });
}

const portalAddress = (s: PortalService) =>
  addressText({
    lines: s.addressLines ?? [],
    city: s.locality,
    state: s.state,
    postcode: s.postcode,
  });

/** The HPI-I of a Practitioner: its identifier in the AU Base HPI-I system, spaces taken out. */
export function hpiiOf(practitioner: FhirResource | undefined): string | null {
  const found = arr<Identifier>(practitioner?.identifier).find(
    (i) => i.system === fhirIdentifierSystems.hpii && str(i.value),
  );
  return found ? found.value!.replace(/\s+/g, '') : null;
}

/** A 16-digit HPI-I with its check digit (docs/decisions/023-register-as-practitioner.md). */
export const isValidHpii = (hpii: string) => /^\d{16}$/.test(hpii) && luhnValid(hpii);

function nameOf(practitioner: FhirResource | undefined) {
  const names = arr<{ use?: string; given?: string[]; family?: string; text?: string }>(
    practitioner?.name,
  );
  const name = names.find((n) => n.use === 'official') ?? names[0];
  return {
    givenName: arr<string>(name?.given).filter((g) => typeof g === 'string')[0] ?? '',
    familyName: str(name?.family) ?? str(name?.text) ?? '',
  };
}

/** The role type a PractitionerRole's code names, as the portal spells it, or the text it gave. */
function roleTypeOf(role: FhirResource, known: ReadonlyMap<string, string>) {
  const concepts = arr<{ text?: string; coding?: Array<{ code?: string; display?: string }> }>(
    role.code,
  );
  const said = concepts.flatMap((c) => [
    str(c.text),
    ...arr<{ code?: string; display?: string }>(c.coding).flatMap((d) => [
      str(d.display),
      str(d.code),
    ]),
  ]);
  const words = said.filter((s): s is string => s !== null);
  for (const w of words) {
    const type = known.get(norm(w));
    if (type) return { type, said: w };
  }
  return { type: null, said: words[0] ?? null };
}

/** A FHIR date or dateTime as a date (the portal keeps role dates as dates); none when it is not a real day. */
const dateOf = (v: unknown) => {
  const day = str(v)?.slice(0, 10);
  return day && isCalendarDate(day) ? day : null;
};

/** The HPI-Is of the Practitioners among the resources (to look up in one query). */
export function hpiisIn(resources: readonly FhirResource[]): string[] {
  const found = new Set<string>();
  for (const r of resources)
    if (r.resourceType === 'Practitioner') {
      const hpii = hpiiOf(r);
      if (hpii && isValidHpii(hpii)) found.add(hpii);
    }
  return [...found];
}

export interface AssembleInput {
  resources: readonly FhirResource[];
  /** What is wrong with each resource, as checked when its page was read; checked here when absent. */
  problems?: ReadonlyMap<FhirResource, string | null>;
  services: readonly PortalService[];
  practitionerIdsByHpii: ReadonlyMap<string, string>;
  roleTypes: readonly string[];
}

export interface Assembled {
  roles: ImportCisRole[];
  sources: ImportSource[];
  services: ImportTargetService[];
}

/**
 * The preview's rows and sources: every PractitionerRole checked, its practitioner matched by HPI-I, its
 * role type matched to the portal's, its service (or, without one, its location) as a source; each source
 * with the portal service suggested for it — the service carrying the same NHSD identifier, else the one
 * of the same name at the same address, else (for a location) the only service at the location of the
 * same name and address.
 */
export function assemble(input: AssembleInput): Assembled {
  const byKey = new Map<string, FhirResource>();
  for (const r of input.resources)
    if (r.resourceType !== 'PractitionerRole' && typeof r.id === 'string')
      byKey.set(`${r.resourceType}/${r.id}`, r);
  const invalid = new Map<FhirResource, string | null>(input.problems ?? []);
  const problemOf = (r: FhirResource) => {
    if (!invalid.has(r)) invalid.set(r, resourceProblem(r));
    return invalid.get(r) ?? null;
  };
  const known = new Map(input.roleTypes.map((t) => [norm(t), t]));

  const sources = new Map<string, ImportSource>();
  const sourceOf = (role: FhirResource): { key: string; name: string } | null => {
    const serviceKey = arr<Reference>(role.healthcareService)
      .map((ref) => refKey(ref, 'HealthcareService'))
      .find((k) => k !== null && byKey.has(k));
    const locationKey = arr<Reference>(role.location)
      .map((ref) => refKey(ref, 'Location'))
      .find((k) => k !== null && byKey.has(k));
    const service = serviceKey ? byKey.get(serviceKey) : undefined;
    const location = locationKey ? byKey.get(locationKey) : undefined;
    if (service && !problemOf(service)) {
      const key = `service:${service.id}`;
      if (!sources.has(key)) {
        const serviceLocation =
          arr<Reference>(service.location)
            .map((ref) => refKey(ref, 'Location'))
            .map((k) => (k ? byKey.get(k) : undefined))
            .find(Boolean) ?? location;
        sources.set(key, suggestService(service, serviceLocation, input.services, key));
      }
      return { key, name: sources.get(key)!.name };
    }
    if (location && !problemOf(location)) {
      const key = `location:${location.id}`;
      if (!sources.has(key)) sources.set(key, suggestByLocation(location, input.services, key));
      return { key, name: sources.get(key)!.name };
    }
    return null;
  };

  // One row per clinical-system role: a search read a page at a time may return a role on two pages (the
  // set shifted between reads), and a row twice would be imported twice. The later read is kept, in the
  // place of the first.
  const byCisId = new Map<string, FhirResource>();
  for (const role of input.resources)
    if (role.resourceType === 'PractitionerRole' && typeof role.id === 'string')
      byCisId.set(role.id, role);

  const roles: ImportCisRole[] = [];
  for (const [cisId, role] of byCisId) {
    const practitionerKey = refKey(role.practitioner as Reference | undefined, 'Practitioner');
    const practitioner = practitionerKey ? byKey.get(practitionerKey) : undefined;
    const { givenName, familyName } = nameOf(practitioner);
    const hpii = hpiiOf(practitioner);
    const { type, said } = roleTypeOf(role, known);
    const source = sourceOf(role);
    const period = (role.period ?? {}) as { start?: unknown; end?: unknown };
    const practitionerId = hpii ? (input.practitionerIdsByHpii.get(hpii) ?? null) : null;
    const roleProblem = problemOf(role);
    const personProblem = practitioner ? problemOf(practitioner) : null;
    const problem = roleProblem
      ? unmatchedReasons.invalidResource(roleProblem)
      : !practitioner
        ? unmatchedReasons.noPractitioner
        : personProblem
          ? unmatchedReasons.invalidResource(personProblem)
          : !hpii
            ? unmatchedReasons.noHpii
            : !isValidHpii(hpii)
              ? unmatchedReasons.invalidHpii
              : !practitionerId
                ? unmatchedReasons.notInPortal
                : !said
                  ? unmatchedReasons.noRoleType
                  : !type
                    ? unmatchedReasons.unknownRoleType(said)
                    : null;
    roles.push({
      cisId,
      givenName,
      familyName,
      hpii,
      practitionerId: problem ? null : practitionerId,
      problem,
      sourceKey: source?.key ?? null,
      sourceName: source?.name ?? null,
      primaryType: type,
      startDate: dateOf(period.start),
      endDate: dateOf(period.end),
    });
  }
  return {
    roles,
    sources: [...sources.values()].sort((a, b) => a.name.localeCompare(b.name, 'en-AU')),
    services: input.services
      .map((s) => ({
        id: s.id,
        name: s.name,
        locationName: s.locationName,
        address: portalAddress(s),
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en-AU')),
  };
}

function suggestService(
  service: FhirResource,
  location: FhirResource | undefined,
  portal: readonly PortalService[],
  key: string,
): ImportSource {
  const name = str(service.name) ?? `Service ${service.id}`;
  const address = addressOfResource(location);
  const identifiers = new Set(
    arr<Identifier>(service.identifier)
      .map((i) => str(i.value))
      .filter(Boolean),
  );
  const byIdentifier = portal.find(
    (s) => s.nhsdResourceIdentifier && identifiers.has(s.nhsdResourceIdentifier),
  );
  if (byIdentifier)
    return {
      key,
      kind: 'service',
      name,
      address,
      suggestedServiceId: byIdentifier.id,
      matchedBy: 'identifier',
    };
  const sameName = portal.filter((s) => norm(s.name) === norm(name));
  const byAddress = address
    ? sameName.filter((s) => norm(portalAddress(s)) === norm(address))
    : sameName;
  const only = byAddress.length === 1 ? byAddress[0]! : null;
  return {
    key,
    kind: 'service',
    name,
    address,
    suggestedServiceId: only?.id ?? null,
    matchedBy: only ? 'name-and-address' : null,
  };
}

function suggestByLocation(
  location: FhirResource,
  portal: readonly PortalService[],
  key: string,
): ImportSource {
  const name = str(location.name) ?? `Location ${location.id}`;
  const address = addressOfResource(location);
  const atLocation = portal.filter(
    (s) =>
      s.locationId &&
      norm(s.locationName) === norm(name) &&
      (!address || norm(portalAddress(s)) === norm(address)),
  );
  const only = atLocation.length === 1 ? atLocation[0]! : null;
  return {
    key,
    kind: 'location',
    name,
    address,
    suggestedServiceId: only?.id ?? null,
    matchedBy: only ? 'location' : null,
  };
}
