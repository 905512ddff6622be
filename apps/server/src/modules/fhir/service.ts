import type { SQL } from 'drizzle-orm';
import { fhirPaging, type FhirResourceType } from '@pca/contracts/fhir-paths.ts';
import { australianToday } from '@pca/contracts/practitioners.ts';
import { textCharacterProblem } from '@pca/contracts/text.ts';
import type { Database } from '#db/client.ts';
import {
  fhirRepository,
  idFilter,
  idsFilter,
  revincludeFilter,
  searchDefinitions,
  type Found,
  type Page,
  type RoleWalk,
  type Seen,
} from './repository.ts';
import {
  healthcareServiceResource,
  locationResource,
  organizationResource,
  practitionerResource,
  practitionerRoleResource,
  type Json,
} from './resources.ts';
import { endpointResource, provenanceResource } from './hcpd-resources.ts';
import { canonicalId, FhirSearchError, isUuid } from './search-input.ts';
import { subset, subsettingOf } from './subsetting.ts';

export { canonicalId, FhirSearchError, isUuid, searchDefinitions };

/** The partner a request acts for (its verified access token): what was published to it is all it sees. */
export type { PartnerCaller } from '#platform/partner-tokens.ts';
import type { PartnerCaller } from '#platform/partner-tokens.ts';

type Params = Record<string, string[]>;

/** Parameters that shape the answer rather than filter it. */
const RESULT_PARAMS = new Set([
  '_count',
  '_offset',
  '_total',
  '_include',
  '_revinclude',
  '_format',
  '_summary',
  '_elements',
]);

/** Role search parameters that name a few roles of their own (see RoleWalk): walk the matches, not the services. */
const FEW_ROLES = new Set([
  '_id',
  'practitioner',
  'identifier',
  'practitioner.identifier',
  'practitioner.name',
  'practitioner.family',
  'practitioner.given',
]);

/** FHIR's `_total` values; without one (or with `none`) Bundle.total is only given when the page shows it. */
const TOTALS = ['none', 'estimate', 'accurate'] as const;

/** A page of resources, whether more follow, and the total when asked for or known anyway. */
type FoundResources = Omit<Found<unknown>, 'rows'> & { resources: Json[] };
const resourcesOf =
  <T>(toResource: (row: T) => Json) =>
  (found: Found<T>): FoundResources => ({
    more: found.more,
    total: found.total,
    resources: found.rows.map(toResource),
  });

/**
 * How a read decides visibility: 'known' for an include its match implies; roles, how they are walked; and the
 * date a service's or role's `active` is decided on (the request's Australian today).
 */
interface ReadOptions {
  seen?: Seen;
  walk?: RoleWalk;
  today: string;
}

const fetchers = {
  Organization: (db: Database, partner: string, f: SQL[], p: Page, o: ReadOptions) =>
    fhirRepository.organisations(db, partner, f, p, o.seen).then(resourcesOf(organizationResource)),
  Location: (db: Database, partner: string, f: SQL[], p: Page, o: ReadOptions) =>
    fhirRepository.locations(db, partner, f, p, o.seen).then(resourcesOf(locationResource)),
  HealthcareService: (db: Database, partner: string, f: SQL[], p: Page, o: ReadOptions) =>
    fhirRepository
      .services(db, partner, f, p, o.seen)
      .then(resourcesOf((r) => healthcareServiceResource(r, o.today))),
  Practitioner: (db: Database, partner: string, f: SQL[], p: Page, o: ReadOptions) =>
    fhirRepository.practitioners(db, partner, f, p, o.seen).then(resourcesOf(practitionerResource)),
  PractitionerRole: (db: Database, partner: string, f: SQL[], p: Page, o: ReadOptions) =>
    fhirRepository
      .roles(db, partner, f, p, o.walk ?? 'matches')
      .then(resourcesOf((r) => practitionerRoleResource(r, o.today))),
  Endpoint: (db: Database, partner: string, f: SQL[], p: Page, o: ReadOptions) =>
    fhirRepository.endpoints(db, partner, f, p, o.seen).then(resourcesOf(endpointResource)),
  Provenance: (db: Database, partner: string, f: SQL[], p: Page) =>
    fhirRepository.provenances(db, partner, f, p).then(resourcesOf(provenanceResource)),
} satisfies Record<FhirResourceType, unknown>;

/**
 * Where an include or revinclude points: the type fetched, how its ids are found, and whether the partner sees
 * what it points to because it sees the match (docs/decisions/031-fhir-partner-api.md): a seen role's
 * practitioner (seen through that role), service (a role is only seen where its service is) and organisation
 * (an organisation holding a seen service is seen); a seen service's or location's organisation. Those are
 * read by id without deciding visibility again; a location is decided (a service can be published where its
 * location is not).
 */
type IncludeTarget = { type: FhirResourceType; refs: (r: Json) => string[]; seen: Seen };
/** An include of `type` through the match's reference element `field`. */
const target = (type: FhirResourceType, field: string, seen: Seen): IncludeTarget => ({
  type,
  refs: (r) => refIds(r[field]),
  seen,
});
const includeTargets: Record<string, IncludeTarget> = {
  // A seen organisation's parent is decided: an organisation's own publication can publish it alone.
  'Organization:partOf': target('Organization', 'partOf', 'decide'),
  'Location:organization': target('Organization', 'managingOrganization', 'known'),
  'HealthcareService:location': target('Location', 'location', 'decide'),
  'HealthcareService:organization': target('Organization', 'providedBy', 'known'),
  'PractitionerRole:practitioner': target('Practitioner', 'practitioner', 'known'),
  'PractitionerRole:organization': target('Organization', 'organization', 'known'),
  'PractitionerRole:location': target('Location', 'location', 'decide'),
  'PractitionerRole:service': target('HealthcareService', 'healthcareService', 'known'),
  // A seen organisation's or service's endpoints are seen (a role's are its service's).
  'Organization:endpoint': target('Endpoint', 'endpoint', 'known'),
  'HealthcareService:endpoint': target('Endpoint', 'endpoint', 'known'),
  'PractitionerRole:endpoint': target('Endpoint', 'endpoint', 'known'),
  // A seen location's endpoints are seen (docs/decisions/085-location-endpoints.md).
  'Location:endpoint': target('Endpoint', 'endpoint', 'known'),
  'Endpoint:organization': target('Organization', 'managingOrganization', 'known'),
};

/** The references of a reference element (one or a list), as written (`Type/id`). */
function refList(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((v: { reference?: string }) => (v.reference ? [v.reference] : []));
}

function refIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((v: { reference?: string }) =>
    v.reference ? [v.reference.slice(v.reference.indexOf('/') + 1)] : [],
  );
}

/**
 * Most resources one include's read may add to a page (a page holds at most `maxCount` matches); a read cut
 * there is named in the Bundle's OperationOutcome (search mode `outcome`, `incomplete`).
 */
export const INCLUDE_LIMIT = 1000;

/** What a searchset's total and links are made of (routes.ts): the page asked for, and what it found. */
export type SearchPage = Pick<SearchAnswer, 'total' | 'more' | 'offset' | 'count' | 'applied'>;

export interface SearchAnswer {
  /** The number of all matches: asked for with `_total`, or known because this page reaches the last. */
  total: number | null;
  /** Whether a next page has matches (the page read one row more than `count`). */
  more: boolean;
  matches: Json[];
  included: Json[];
  /** The _include and _revinclude (`_revinclude=…`) that stopped at INCLUDE_LIMIT with more to add. */
  cut: string[];
  offset: number;
  count: number;
  /** The parameters the search used: the self and paging links repeat these (lenient handling drops others). */
  applied: Params;
}

/** R4's `Prefer: handling`: strict (the default here) refuses what it does not know, lenient leaves it out. */
export type Handling = 'strict' | 'lenient';

/**
 * The partner API's reads and searches (docs/decisions/031-fhir-partner-api.md). `now` is the clock whose
 * Australian (Sydney) date decides `active`, in searches and in resources, as the rest of the portal does.
 */
export function fhirService(db: Database, now: () => Date = () => new Date()) {
  return {
    async search(
      partner: PartnerCaller,
      type: FhirResourceType,
      params: Params,
      handling: Handling = 'strict',
    ): Promise<SearchAnswer> {
      const def = searchDefinitions[type];
      // One date for the whole request: its filters and the resources it answers agree.
      const today = australianToday(now());
      const context = { partnerSystems: partner.identifierSystems ?? [], today };
      // Every value is text like any other input: the portal's character rules (no control characters,
      // no broken Unicode) apply before anything reaches the database.
      for (const [name, values] of Object.entries(params))
        for (const value of values) {
          const problem = textCharacterProblem(value, 'single');
          if (problem) throw new FhirSearchError(`Parameter '${name}': ${problem}`);
          if (value.length > 500) throw new FhirSearchError(`Parameter '${name}' is too long.`);
        }
      // Under lenient handling (R4: `Prefer: handling=lenient`) an unknown or unsupported parameter, modifier,
      // include or revinclude is left out, of the search and of its self link; strict (the default) refuses it.
      const lenient = handling === 'lenient';
      const applied: Params = {};
      const filters: SQL[] = [];
      for (const [name, values] of Object.entries(params)) {
        if (RESULT_PARAMS.has(name)) {
          if (name !== '_include' && name !== '_revinclude') applied[name] = values;
          continue;
        }
        const colon = name.indexOf(':');
        const base = colon === -1 ? name : name.slice(0, colon);
        const modifier = colon === -1 ? undefined : name.slice(colon + 1);
        const param = def.params[base];
        const problem = !param
          ? `${type} has no search parameter '${base}'. It supports: ${Object.keys(def.params).join(', ')}.`
          : modifier !== undefined && !param.modifiers?.includes(modifier)
            ? `${type}'s parameter '${base}' takes no modifier ':${modifier}'.`
            : null;
        if (problem) {
          if (lenient) continue;
          throw new FhirSearchError(problem, 'not-supported');
        }
        // A repeated parameter is AND; each occurrence's commas are OR.
        for (const value of values) {
          const parts = value.split(',').filter((v) => v.length > 0);
          if (!parts.length) throw new FhirSearchError(`Parameter '${name}' has no value.`);
          filters.push(param!.filter(parts, modifier, context));
        }
        applied[name] = values;
      }
      const shape = subsettingOf(params);
      const { count, offset, total } = pageOf(params, shape.count);
      const supported = (kind: '_include' | '_revinclude', allowed: string[]) => {
        const asked = (params[kind] ?? []).flatMap((v) => v.split(','));
        const known = asked.filter((inc) => allowed.includes(inc));
        const unknown = asked.find((inc) => !allowed.includes(inc));
        if (unknown !== undefined && !lenient)
          throw new FhirSearchError(
            `${type} cannot ${kind} '${unknown}'. It supports: ${allowed.join(', ') || 'none'}.`,
            'not-supported',
          );
        if (known.length) applied[kind] = known;
        return known;
      };
      const includes = supported('_include', def.includes);
      const revincludes = supported('_revinclude', def.revincludes);

      const found = await fetchers[type](
        db,
        partner.partnerServiceId,
        filters,
        { offset: count === 0 ? 0 : offset, count, total },
        {
          walk: Object.keys(applied).some((n) => FEW_ROLES.has(n.split(':')[0]!))
            ? 'matches'
            : 'by-service',
          today,
        },
      );
      const { included, cut } = await this.included(
        partner,
        found.resources,
        includes,
        revincludes,
        today,
      );
      withPartnerIdentifiers(partner.identifierSystems, [...found.resources, ...included]);
      return {
        total: found.total,
        more: found.more,
        // _summary and _elements shape the matches; what they include comes whole (R4 names only the matches).
        matches: found.resources.map((r) => subset(r, shape.subsetting)),
        included,
        cut,
        offset,
        count,
        applied,
      };
    },

    /**
     * The resources a page's _include and _revinclude add, each once, only those the partner sees; `cut` names
     * those (as `_include=…`, `_revinclude=…`) whose read stopped at INCLUDE_LIMIT with more to add.
     */
    async included(
      partner: PartnerCaller,
      matches: Json[],
      includes: string[],
      revincludes: string[],
      today: string,
    ): Promise<{ included: Json[]; cut: string[] }> {
      if (!matches.length) return { included: [], cut: [] };
      const out = new Map<string, Json>();
      const inPage = new Set(matches.map((m) => `${String(m['resourceType'])}/${String(m['id'])}`));
      const add = (resources: Json[]) => {
        for (const r of resources) {
          const key = `${String(r['resourceType'])}/${String(r['id'])}`;
          if (!inPage.has(key) && !out.has(key)) out.set(key, r);
        }
      };
      // One read per type and per whether visibility is known or decided, for the includes it serves.
      const byType = new Map<
        string,
        { type: FhirResourceType; seen: Seen; ids: Set<string>; names: Set<string> }
      >();
      const entryOf = (type: FhirResourceType, seen: Seen, inc: string) => {
        const key = `${type} ${seen}`;
        const entry = byType.get(key) ?? { type, seen, ids: new Set(), names: new Set() };
        entry.names.add(`_include=${inc}`);
        byType.set(key, entry);
        return entry;
      };
      for (const inc of includes) {
        if (inc === 'Provenance:target') {
          // Its targets are of any type, each read as a search would: the partner sees what it is about only
          // where that is published to it.
          for (const m of matches)
            for (const ref of refList(m['target'])) {
              const [type, id] = ref.split('/') as [FhirResourceType, string];
              if (!(type in fetchers) || !id) continue;
              entryOf(type, 'decide', inc).ids.add(id);
            }
          continue;
        }
        const target = includeTargets[inc]!;
        const entry = entryOf(target.type, target.seen, inc);
        for (const m of matches) for (const id of target.refs(m)) entry.ids.add(id);
      }
      type Read = { resources: Json[]; cut: string[] };
      const reads: Array<Promise<Read>> = [...byType.values()].map(({ type, seen, ids, names }) =>
        ids.size
          ? fetchers[type](
              db,
              partner.partnerServiceId,
              [idsFilter(type, [...ids])],
              { offset: 0, count: INCLUDE_LIMIT },
              { seen, today },
            ).then((r) => ({ resources: r.resources, cut: r.more ? [...names] : [] }))
          : Promise.resolve({ resources: [], cut: [] }),
      );
      const matchIds = matches.map((m) => String(m['id']));
      // A revinclude's resources are always decided: seeing a match implies nothing about what points to it.
      for (const rev of revincludes) {
        const revType = rev.slice(0, rev.indexOf(':')) as FhirResourceType;
        reads.push(
          fetchers[revType](
            db,
            partner.partnerServiceId,
            [revincludeFilter(rev, matchIds)],
            { offset: 0, count: INCLUDE_LIMIT },
            { walk: rev === 'PractitionerRole:practitioner' ? 'matches' : 'by-service', today },
          ).then((r) => ({ resources: r.resources, cut: r.more ? [`_revinclude=${rev}`] : [] })),
        );
      }
      const cut: string[] = [];
      for (const read of await Promise.all(reads)) {
        add(read.resources);
        cut.push(...read.cut);
      }
      return { included: [...out.values()], cut };
    },

    /** One resource the partner sees, or null (not published to it is the same as not there). */
    async read(partner: PartnerCaller, type: FhirResourceType, id: string): Promise<Json | null> {
      if (!isUuid(id)) return null;
      const found = await fetchers[type](
        db,
        partner.partnerServiceId,
        [idFilter(type, id)],
        { offset: 0, count: 1 },
        { today: australianToday(now()) },
      );
      withPartnerIdentifiers(partner.identifierSystems, found.resources);
      return found.resources[0] ?? null;
    },
  };
}

/** The resource types that carry the partner's own identifier systems. */
const IDENTIFIED = new Set(['Organization', 'Location', 'HealthcareService', 'Practitioner']);

/**
 * Adds to each resource one identifier per identifier system the partner uses, valued with the portal's id of
 * the resource, so the partner can file it under its own system (docs/decisions/064-partner-services.md).
 * The systems come with the token check's read (platform/partner-tokens-repository.ts): no statement of their own.
 */
function withPartnerIdentifiers(systems: string[] | undefined, resources: Json[]) {
  if (!systems?.length) return;
  for (const r of resources) {
    if (!IDENTIFIED.has(String(r['resourceType']))) continue;
    const own = Array.isArray(r['identifier']) ? (r['identifier'] as Json[]) : [];
    r['identifier'] = [
      ...own,
      ...systems.map((system) => ({ use: 'secondary', system, value: String(r['id']) })),
    ];
  }
}

/**
 * The page a search asks for: `_count` matches (the default, at most the most; 0, or `countOnly` for
 * `_summary=count`, asks for the total alone) from `_offset`, and whether to count every match. Counting
 * decides visibility for all of them: only when `_total` asks (an estimate is answered exactly; there is
 * nothing cheaper to estimate with), or when the page asks for nothing else.
 */
export function pageOf(
  params: Params,
  countOnly = false,
): { count: number; offset: number; total: boolean } {
  const count = countOnly
    ? 0
    : single(params, '_count', fhirPaging.defaultCount, 0, fhirPaging.maxCount);
  const offset = single(params, '_offset', 0, 0, 1_000_000);
  const totalAsked = oneOf(params, '_total', TOTALS, 'none');
  return { count, offset, total: totalAsked !== 'none' || count === 0 };
}

/** A parameter given at most once, one of `allowed`. */
function oneOf<T extends string>(
  params: Params,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const values = params[name];
  if (!values?.length) return fallback;
  if (values.length > 1) throw new FhirSearchError(`Parameter '${name}' may be given once.`);
  const value = values[0]!;
  if (!(allowed as readonly string[]).includes(value))
    throw new FhirSearchError(`Parameter '${name}' must be one of ${allowed.join(', ')}.`);
  return value as T;
}

/** A whole-number parameter given at most once, within bounds. */
function single(params: Params, name: string, fallback: number, min: number, max: number): number {
  const values = params[name];
  if (!values?.length) return fallback;
  if (values.length > 1) throw new FhirSearchError(`Parameter '${name}' may be given once.`);
  // Digits only: Number() would also read '', ' ', '0x2' and '1e1' as numbers.
  const n = /^\d{1,9}$/.test(values[0]!) ? Number(values[0]) : Number.NaN;
  if (!Number.isInteger(n) || n < min)
    throw new FhirSearchError(`Parameter '${name}' must be a whole number from ${min}.`);
  return Math.min(n, max);
}
