import { and as allOf, desc, eq, inArray, isNotNull, max, sql, type SQL } from 'drizzle-orm';
import type { FhirResourceType } from '@pca/contracts/fhir-paths.ts';
import type { Database, Transaction } from '#db/client.ts';
import { partnerServices, practitionerPublications, tasks } from '#db/schema/index.ts';
import { fhirIdentifierSystems } from '@pca/contracts/fhir-paths.ts';
import { billingOptions, LANGUAGE_SYSTEM } from '@pca/contracts/value-lists.ts';
import { normaliseSystemUri } from '@pca/contracts/partner-services.ts';
import { isCalendarDate } from '@pca/contracts/dates.ts';
import {
  ADMINISTRATIVE_GENDER_SYSTEM,
  AHPRA_SYSTEM,
  ALL_DAY_CLOSES,
  ALL_DAY_OPENS,
  DAYS,
  DAYS_OF_WEEK_SYSTEM,
  ORGANIZATION_TYPE_SYSTEM,
  PHYSICAL_TYPE_SYSTEM,
  ROLE_CODE_SYSTEM,
  type LocationRow,
  type OrganisationRow,
  type PractitionerRow,
  type RoleRow,
  type ServiceRow,
} from './resources.ts';
import type { EndpointRow, ProvenanceRow } from './hcpd-resources.ts';
import {
  codingColumn,
  snomedCoding,
  endpointIdsColumn,
  endpointColumns,
  endpointVisible,
  provenanceColumns,
  provenanceFrom,
  provenanceEntityTypes,
  provenanceVisible,
} from './hcpd-sql.ts';
import { FhirSearchError, isUuid } from './search-input.ts';
import { FACILITY_AMENITY_SYSTEM } from '@pca/contracts/locations.ts';
import { MIME_TYPE_SYSTEM } from '@pca/contracts/endpoints.ts';
import {
  practitionerChoices,
  roleVisibleJoin,
  roleVisibleWhere,
  visibility,
} from '#platform/partner-visibility.ts';

// What one partner may see is platform/partner-visibility.ts (shared with the operator's publications
// overview, docs/decisions/066-publications-overview.md). Every search is one statement: its CTEs, the
// filters and the page (and its total, only when asked).

/** Raw rows of a statement (both drivers answer `{ rows }`). */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Whether role `r` is seen, checked for that one row: for the few roles of the practitioners a search already
 * found (as joins, the planner would decide every seen role first and then look for the practitioners).
 */
const roleVisible = (partner: string, r: SQL) => sql`exists (
  select 1 from vis_svc vs
  left join ${practitionerChoices(partner)} pp on pp.practitioner_id = ${r}.practitioner_id
  where vs.id = ${r}.healthcare_service_id and coalesce(pp.publish, vs.future))`;

/** Whether practitioner `pr` is seen: through one of their roles that is. */
const practitionerVisible = (partner: string) => sql`exists (
  select 1 from practitioner_roles vr
  where vr.practitioner_id = pr.id and ${roleVisible(partner, sql`vr`)})`;

const organisationColumns = sql`o.id, o.parent_id as "parentId", o.name, o.alias, o.abn, o.hpio,
  o.phone, o.email, o.fax, o.website, o.status,
  o.address_line as "addressLine", o.locality, o.postcode, o.state,
  greatest(o.details_verified_at, o.created_at) as "lastUpdated",
  ${endpointIdsColumn(sql`e.organisation_id = o.id and e.healthcare_service_id is null and e.location_id is null`)} as "endpointIds"`;
const locationColumns = sql`l.id, l.organisation_id as "organisationId", l.name, l.type,
  l.address_lines as "addressLines", l.locality, l.postcode, l.state, l.is_active as "isActive",
  l.phone, l.after_hours_phone as "afterHoursPhone", l.email, l.fax, l.website,
  l.suppress_phone as "suppressPhone", l.suppress_email as "suppressEmail",
  greatest(l.details_verified_at, l.created_at) as "lastUpdated",
  l.amenities, l.postal_address_line as "postalAddressLine", l.postal_locality as "postalLocality",
  l.postal_postcode as "postalPostcode", l.postal_state as "postalState", l.latitude, l.longitude,
  ${endpointIdsColumn(sql`e.location_id = l.id`)} as "endpointIds"`;
const serviceColumns = sql`s.id, s.organisation_id as "organisationId", s.location_id as "locationId",
  s.name, s.service_type as "serviceType", s.description, s.start_date::text as "startDate",
  s.end_date::text as "endDate", s.opening_hours as "openingHours",
  s.nhsd_resource_identifier as "nhsdResourceIdentifier",
  s.phone, s.after_hours_phone as "afterHoursPhone", s.email, s.fax, s.website,
  s.suppress_phone as "suppressPhone", s.suppress_email as "suppressEmail",
  greatest(s.details_verified_at, s.created_at) as "lastUpdated",
  ${codingColumn('service-type', sql`s.service_type`)} as "serviceTypeCoding",
  s.specialty, ${codingColumn('clinical-specialty', sql`s.specialty`)} as "specialtyCoding",
  ${endpointIdsColumn(sql`e.healthcare_service_id = s.id`)} as "endpointIds",
  s.languages, s.billing`;
/** Personal contact details only where the practitioner shares them with this partner, after its request. */
const practitionerColumns = sql`pr.id, pr.hpii, pr.given_name as "givenName",
  pr.family_name as "familyName", pr.preferred_name as "preferredName",
  case when share.id is not null then pr.personal_email end as "personalEmail",
  case when share.id is not null then pr.personal_phone end as "personalPhone",
  coalesce((select json_agg(json_build_object('profession', reg.profession, 'number', reg.profession_number)
    order by reg.profession_number) from practitioner_registrations reg where reg.practitioner_id = pr.id),
    '[]'::json) as registrations,
  pr.recorded_sex_or_gender as "recordedSexOrGender",
  pr.updated_at as "lastUpdated"`;
const practitionerFrom = (partner: string) => sql`from practitioners pr
  left join practitioner_publications share on share.practitioner_id = pr.id
    and share.partner_service_id = ${partner}::uuid and share.share_personal_contact
    and share.personal_contact_requested_at is not null`;
/**
 * A role's Ahpra registration number: its practitioner's only one, null when none or several
 * (docs/decisions/083-practitioner-role-identifiers.md).
 */
const roleAhpraRegistration = sql`(select min(reg.profession_number) from practitioner_registrations reg
  where reg.practitioner_id = r.practitioner_id having count(*) = 1)`;
const roleColumns = sql`r.id, r.practitioner_id as "practitionerId",
  r.healthcare_service_id as "healthcareServiceId", s.organisation_id as "organisationId",
  s.location_id as "locationId", r.primary_type as "primaryType", r.start_date::text as "startDate",
  r.end_date::text as "endDate", r.updated_at as "lastUpdated",
  ${codingColumn('practitioner-role', sql`r.primary_type`)} as "primaryTypeCoding",
  r.specialty, ${codingColumn('clinical-specialty', sql`r.specialty`)} as "specialtyCoding",
  ${endpointIdsColumn(sql`e.healthcare_service_id = r.healthcare_service_id`)} as "endpointIds",
  r.languages,
  r.available_time as "availableTime",
  ${roleAhpraRegistration} as "ahpraRegistration"`;

/**
 * Whether the statement decides what the partner sees ('decide'), or the caller already knows it sees every row
 * the filters name ('known': an include whose reference implies it, e.g. a seen role's practitioner — a role is
 * only seen when its service is and its practitioner is through it). 'known' skips the visibility CTEs.
 */
export type Seen = 'decide' | 'known';

/** Which page: `count` rows from `offset`; `total` asks for the number of all matches as well. */
export type Page = { offset: number; count: number; total?: boolean };

/** One page, whether more follow, and the number of all matches when it was asked for or is known anyway. */
export interface Found<T> {
  rows: T[];
  more: boolean;
  total: number | null;
}

/** The parts of one type's search: what it selects, from where, which rows the partner sees, and their order. */
interface SearchShape {
  columns: SQL;
  from: SQL;
  visible: SQL;
  order: SQL;
}

/** The statement of one page from `offset`, `count` rows long, without the visibility CTEs. */
type PageStatement = (offset: number, count: number) => SQL;

const totalColumn = (total: boolean | undefined) =>
  total ? sql`, count(*) over ()::int as total` : sql``;

/** Every match of `filters` that the partner sees (or, `seen` 'known', every match), in order, one page. */
const matchesOf =
  (shape: SearchShape, filters: SQL[], p: Page, seen: Seen): PageStatement =>
  (offset, count) =>
    sql`select ${shape.columns}${totalColumn(p.total)} ${shape.from}
      where ${seen === 'decide' ? shape.visible : sql`true`} ${and(filters)}
      order by ${shape.order} limit ${count} offset ${offset}`;

/**
 * One statement: the visibility CTEs (unless `seen` is 'known'), then `statement`'s page read one row longer
 * (so a `next` link needs no count). The total (`count(*) over ()`) is only computed when `p.total` asks for
 * it: it decides visibility for every match, where the page alone can stop early. On the last page the total
 * is known anyway (offset + rows), so it is answered then without asking.
 */
async function searchPage<T>(
  db: Database,
  partner: string,
  statement: PageStatement,
  p: Page,
  seen: Seen = 'decide',
): Promise<Found<T>> {
  const read = (offset: number, count: number) =>
    rowsOf<T & { total?: number }>(
      db,
      seen === 'decide'
        ? sql`with recursive ${visibility(partner)} ${statement(offset, count)}`
        : statement(offset, count),
    );
  const rows = await read(p.offset, p.count + 1);
  const more = rows.length > p.count;
  const page = more ? rows.slice(0, p.count) : rows;
  let total: number | null = null;
  if (p.total) {
    // Past the last match the page has no row to carry the count: count from the start instead.
    total = rows[0]?.total ?? (p.offset > 0 ? ((await read(0, 1))[0]?.total ?? 0) : 0);
  } else if (!more && (page.length > 0 || p.offset === 0)) total = p.offset + page.length;
  for (const row of page) delete row.total;
  return { rows: page, more, total };
}

/**
 * How a role search reads (docs/decisions/031-fhir-partner-api.md, Consequences). 'by-service': each seen
 * service's roles in page order (index practitioner_roles (healthcare_service_id, start_date, id)), at most
 * offset + count + 1 of them, merged into the page — a postcode with 10,000 roles reads a page's worth per
 * service instead of deciding all 10,000; the search's filters on the service and its location become one
 * check per service. 'matches': every matching role, then the page — for a filter that names a few roles
 * (`_id`, `practitioner`, `identifier`), where walking every service would read them all, and for a total.
 */
export type RoleWalk = 'by-service' | 'matches';

const roleShape = (partner: string): SearchShape => ({
  columns: roleColumns,
  from: sql`from practitioner_roles r ${roleVisibleJoin(partner, sql`r`, sql`vs`, sql`pp`)}
    join healthcare_services s on s.id = r.healthcare_service_id
    left join locations l on l.id = s.location_id
    left join practitioners pr on pr.id = r.practitioner_id`,
  visible: roleVisibleWhere(sql`vs`, sql`pp`),
  order: sql`r.start_date, r.id`,
});

const rolesByService =
  (partner: string, filters: SQL[]): PageStatement =>
  (offset, count) =>
    sql`select ${roleColumns} from vis_svc vs
      join healthcare_services s on s.id = vs.id
      left join locations l on l.id = s.location_id
      cross join lateral (
        select r.* from practitioner_roles r
          left join ${practitionerChoices(partner)} pp on pp.practitioner_id = r.practitioner_id
          left join practitioners pr on pr.id = r.practitioner_id
         where r.healthcare_service_id = vs.id and ${roleVisibleWhere(sql`vs`, sql`pp`)} ${and(filters)}
         order by r.start_date, r.id limit ${offset + count}
      ) r
      order by r.start_date, r.id limit ${count} offset ${offset}`;

const organisationShape: SearchShape = {
  columns: organisationColumns,
  from: sql`from organisations o`,
  visible: sql`o.id in (select id from vis_org)`,
  order: sql`o.name, o.id`,
};
const locationShape: SearchShape = {
  columns: locationColumns,
  from: sql`from locations l`,
  visible: sql`l.id in (select id from vis_loc)`,
  order: sql`l.name, l.id`,
};
const serviceShape: SearchShape = {
  columns: serviceColumns,
  from: sql`from healthcare_services s left join locations l on l.id = s.location_id`,
  visible: sql`s.id in (select id from vis_svc)`,
  order: sql`s.name, s.id`,
};
const endpointShape: SearchShape = {
  columns: endpointColumns,
  from: sql`from endpoints e`,
  visible: endpointVisible,
  order: sql`e.name, e.id`,
};
const provenanceShape = (partner: string): SearchShape => ({
  columns: provenanceColumns,
  from: provenanceFrom,
  visible: provenanceVisible((r) => roleVisible(partner, r)),
  order: sql`a.at desc, a.id desc`,
});
const practitionerShape = (partner: string): SearchShape => ({
  columns: practitionerColumns,
  from: practitionerFrom(partner),
  visible: practitionerVisible(partner),
  order: sql`pr.family_name, pr.given_name, pr.id`,
});

/** A page of what the partner sees of a type, under `filters` (SQL over the type's alias). */
export const fhirRepository = {
  organisations: (db: Database, partner: string, filters: SQL[], p: Page, seen: Seen = 'decide') =>
    searchPage<OrganisationRow>(
      db,
      partner,
      matchesOf(organisationShape, filters, p, seen),
      p,
      seen,
    ),

  locations: (db: Database, partner: string, filters: SQL[], p: Page, seen: Seen = 'decide') =>
    searchPage<LocationRow>(db, partner, matchesOf(locationShape, filters, p, seen), p, seen),

  services: (db: Database, partner: string, filters: SQL[], p: Page, seen: Seen = 'decide') =>
    searchPage<ServiceRow>(db, partner, matchesOf(serviceShape, filters, p, seen), p, seen),

  practitioners: (db: Database, partner: string, filters: SQL[], p: Page, seen: Seen = 'decide') =>
    searchPage<PractitionerRow>(
      db,
      partner,
      matchesOf(practitionerShape(partner), filters, p, seen),
      p,
      seen,
    ),

  endpoints: (db: Database, partner: string, filters: SQL[], p: Page, seen: Seen = 'decide') =>
    searchPage<EndpointRow>(db, partner, matchesOf(endpointShape, filters, p, seen), p, seen),

  /** A target's Provenance is seen where the target is (always decided). */
  provenances: (db: Database, partner: string, filters: SQL[], p: Page) =>
    searchPage<ProvenanceRow>(
      db,
      partner,
      matchesOf(provenanceShape(partner), filters, p, 'decide'),
      p,
    ),

  /** Roles are always decided: nothing the partner sees implies that it sees a role. */
  roles: (db: Database, partner: string, filters: SQL[], p: Page, walk: RoleWalk) =>
    searchPage<RoleRow>(
      db,
      partner,
      walk === 'by-service' && !p.total
        ? rolesByService(partner, filters)
        : matchesOf(roleShape(partner), filters, p, 'decide'),
      p,
    ),
};

/** ` and f1 and f2…` (nothing without filters). */
function and(filters: SQL[]): SQL {
  return filters.length ? sql` and ${sql.join(filters, sql` and `)}` : sql``;
}

// The search parameters as SQL over the statements' aliases (o, l, s, pr, r), each with its FHIR type and the
// SearchParameter it implements: the CapabilityStatement declares exactly these
// (docs/decisions/073-hcpd-search.md), and the conformance test proves each one from it.

/** One value list of a parameter (comma = OR), with the parameter's modifier (`name:modifier`), if any. */
/** What a search knows of its caller: the identifier systems the partner files the portal's resources under. */
export interface SearchContext {
  partnerSystems: readonly string[];
  /**
   * Today's date as the portal reads it, in Australia (Sydney; contracts `australianToday`), yyyy-mm-dd: what
   * `active` compares a service's or role's dates with, the same date their resources' `active` is decided on.
   */
  today: string;
}

type Filter = (values: string[], modifier: string | undefined, context: SearchContext) => SQL;

export type SearchParamType =
  'token' | 'string' | 'reference' | 'date' | 'number' | 'uri' | 'special';

export interface SearchParam {
  type: SearchParamType;
  /** The SearchParameter's canonical URL (R4's, HCPD's); none for the API's own conveniences. */
  definition?: string;
  documentation?: string;
  /** Modifiers it takes besides none (`:exact`, `:contains` on strings). */
  modifiers?: string[];
  filter: Filter;
}

/** R4's own SearchParameter of this id (e.g. `Location-address-postalcode`). */
const r4 = (id: string) => `http://hl7.org/fhir/SearchParameter/${id}`;
/** HCPD's SearchParameter of this id. */
const hcpd = (id: string) => `http://digitalhealth.gov.au/fhir/hcpd/SearchParameter/${id}`;

const param = (
  type: SearchParamType,
  definition: string | undefined,
  filter: Filter,
  extra: Pick<SearchParam, 'documentation' | 'modifiers'> = {},
): SearchParam => ({ type, ...(definition ? { definition } : {}), ...extra, filter });

/** OR over the comma-separated values of one parameter (FHIR: a comma is OR, a repeated parameter is AND). */
const anyOf = (values: string[], one: (v: string) => SQL) =>
  sql`(${sql.join(
    values.map((v) => one(v)),
    sql` or `,
  )})`;

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One string match as R4 reads it: starts with, any case; `:exact` the whole value, case and all; `:contains`. */
const stringMatch = (column: SQL, v: string, modifier: string | undefined): SQL => {
  if (modifier === 'exact') return sql`${column} = ${v}`;
  const pattern =
    modifier === 'contains'
      ? `%${escapeLike(v.toLowerCase())}%`
      : `${escapeLike(v.toLowerCase())}%`;
  return sql`lower(${column}) like ${pattern}`;
};

/** A string parameter over one or more columns (a match in any of them). */
const strings = (definition: string | undefined, columns: SQL[]): SearchParam =>
  param(
    'string',
    definition,
    (values, modifier) =>
      anyOf(
        values,
        (v) =>
          sql`(${sql.join(
            columns.map((c) => stringMatch(c, v, modifier)),
            sql` or `,
          )})`,
      ),
    { modifiers: ['exact', 'contains'] },
  );

/** A reference parameter: `Type/id` or `id`; anything that is not one of our ids matches nothing. */
const reference = (column: SQL, type: string) => (values: string[]) =>
  anyOf(values, (v) => {
    const id = v.startsWith(`${type}/`) ? v.slice(type.length + 1) : v;
    return isUuid(id) ? sql`${column} = ${id}::uuid` : sql`false`;
  });

/** A token's parts: `system|code` (system '' for `|code`: no system) or `code` (system null: any). */
function tokenOf(v: string): { system: string | null; code: string } {
  const bar = v.indexOf('|');
  return bar === -1
    ? { system: null, code: v }
    : { system: v.slice(0, bar), code: v.slice(bar + 1) };
}

/**
 * A token parameter on identifier columns: `system|value`, `|value` or `value`. Where the type carries the
 * partner's own identifier systems (valued with the portal's id, service.ts `withPartnerIdentifiers`), `id` is
 * the row's id and those systems are searched too, so a partner finds a resource by the identifier it was given.
 */
const identifier =
  (columns: Array<{ system: string; column: SQL }>, id?: SQL): Filter =>
  (values, _modifier, context) =>
    anyOf(values, (v) => {
      const { system, code: value } = tokenOf(v);
      const matching = columns
        .filter((c) => system === null || system === '' || c.system === system)
        .map((c) => sql`${c.column} = ${value}`);
      const partnerSystem =
        system === null
          ? context.partnerSystems.length > 0
          : // Stored with its scheme and host in lower case (contracts normaliseSystemUri): compared so.
            system !== '' && context.partnerSystems.includes(normaliseSystemUri(system));
      if (id && partnerSystem && isUuid(value)) matching.push(sql`${id} = ${value}::uuid`);
      if (!matching.length || !value) return sql`false`;
      return sql`(${sql.join(matching, sql` or `)})`;
    });

/** A token over codes of one code system: `system|code` must name it; `code` alone matches any system. */
const codeOf = (system: string, one: (code: string) => SQL) => (values: string[]) =>
  anyOf(values, (v) => {
    const token = tokenOf(v);
    if (!token.code || (token.system !== null && token.system !== system)) return sql`false`;
    return one(token.code);
  });

/**
 * A coded concept searched as a token (service type, practitioner role, specialty): `text` is what the portal
 * holds as words; `coding`, once the concept carries codings, matches one (`system` null for the `code` form,
 * '' for `|code`). The `code` form also matches the words, any case (what partners searched before codings).
 */
export interface CodedConcept {
  text: SQL;
  coding?: (system: string | null, code: string) => SQL;
}

/** The coded concepts the token parameters search (docs/decisions/073-hcpd-search.md names them). */
export const codedConcepts = {
  serviceType: {
    text: sql`s.service_type`,
    coding: snomedCoding('service-type', sql`s.service_type`),
  } as CodedConcept,
  role: {
    text: sql`r.primary_type`,
    coding: snomedCoding('practitioner-role', sql`r.primary_type`),
  } as CodedConcept,
  // A specialty is optional (docs/decisions/077-specialties.md): a null one matches no token.
  specialty: {
    service: {
      text: sql`s.specialty`,
      coding: snomedCoding('clinical-specialty', sql`s.specialty`),
    } as CodedConcept,
    role: {
      text: sql`r.specialty`,
      coding: snomedCoding('clinical-specialty', sql`r.specialty`),
    } as CodedConcept,
  },
};

/** A token's code alone (`code`, `|code` or `system|code`), compared with a column holding the code. */
const codeOnly = (column: SQL) => (values: string[]) =>
  anyOf(values, (v) => sql`${column} = ${v.slice(v.indexOf('|') + 1)}`);

/** The token parameter of a coded concept. */
export const conceptToken = (concept: CodedConcept) => (values: string[]) =>
  anyOf(values, (v) => {
    const { system, code } = tokenOf(v);
    if (!code) return sql`false`;
    const coded = concept.coding ? concept.coding(system, code) : null;
    if (system !== null) return coded ?? sql`false`;
    const words = sql`lower(${concept.text}) = ${code.toLowerCase()}`;
    return coded ? sql`(${coded} or ${words})` : words;
  });

/**
 * HCPD's `languages` over a column of BCP 47 codes (docs/decisions/078-languages-and-billing.md):
 * `urn:ietf:bcp:47|code` or `code`.
 */
const languagesOf = (column: SQL) =>
  codeOf(LANGUAGE_SYSTEM, (code) => sql`${code} = any(${column})`);

/**
 * HCPD's `hsbilling` over the service's billing codes: `system|code` with the system HCPD's value set gives that
 * code (BBO, FAP, NFE AU Base's; MIX HCPD's own), or `code` alone.
 */
const billingOf = (values: string[]) =>
  anyOf(values, (v) => {
    const { system, code } = tokenOf(v);
    const option = billingOptions.find((b) => b.code === code);
    if (!option || (system !== null && system !== option.system)) return sql`false`;
    return sql`${code} = any(s.billing)`;
  });

const booleanOf = (v: string) => {
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new FhirSearchError(`'${v}' is not true or false.`);
};

/**
 * The time of an instant, `Thh:mm[:ss[.ffffff]]` and a zone (Z or ±hh:mm, at most 14 hours), with every part
 * in range: PostgreSQL refuses what is not, and that must be the partner's 400, not a 500.
 */
function isTimeOfDay(time: string) {
  const m = /^T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):(\d{2}))$/.exec(time);
  if (!m) return false;
  const [hour, minute, second, zoneHours, zoneMinutes] = m
    .slice(1)
    .map((part) => Number(part ?? 0)) as [number, number, number, number, number];
  return (
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    zoneMinutes <= 59 &&
    (zoneHours < 14 || (zoneHours === 14 && zoneMinutes === 0))
  );
}

/** A date parameter (`name`: `_lastUpdated`, `recorded`) with its prefixes eq, ne, gt, ge, lt, le over a date or an instant. */
const dateSearch = (name: string, column: SQL) => (values: string[]) =>
  anyOf(values, (v) => {
    const m = /^(eq|ne|gt|ge|lt|le)?((\d{4}-\d{2}-\d{2})(T.*)?)$/.exec(v);
    if (!m || !isCalendarDate(m[3]!) || (m[4] !== undefined && !isTimeOfDay(m[4])))
      throw new FhirSearchError(`${name} '${v}' is not a date with an optional prefix.`);
    const at = m[2]!;
    const day = at.length === 10;
    // A date alone is the whole (UTC) day, as FHIR reads a date's precision.
    const start = sql`${at}::timestamptz`;
    const end = day ? sql`(${at}::date + 1)::timestamptz` : start;
    switch (m[1] ?? 'eq') {
      case 'gt':
        return day ? sql`${column} >= ${end}` : sql`${column} > ${start}`;
      case 'ge':
        return sql`${column} >= ${start}`;
      case 'lt':
        return sql`${column} < ${start}`;
      case 'le':
        return day ? sql`${column} < ${end}` : sql`${column} <= ${start}`;
      case 'ne':
        return day
          ? sql`(${column} < ${start} or ${column} >= ${end})`
          : sql`${column} <> ${start}`;
      default:
        return day
          ? sql`(${column} >= ${start} and ${column} < ${end})`
          : sql`${column} = ${start}`;
    }
  });

const comparisons: Record<string, string> = {
  eq: '=',
  ne: '<>',
  gt: '>',
  lt: '<',
  ge: '>=',
  le: '<=',
};

/** A stored period `h` that is a whole day (resources.ts, availableTimeOf). */
const ALL_DAY_PERIOD = sql`(h->>'opens' = ${ALL_DAY_OPENS} and h->>'closes' = ${ALL_DAY_CLOSES})`;

/**
 * HCPD's `starttime` / `endtime` (number, e.g. `le0800`) over stored hours (`hours`: a service's opening hours,
 * a role's available time): a period whose opening (or closing) time as hhmm compares so. A day open 24 hours
 * (its one period 00:00–23:59) opens at 0000 and closes at 2400, so it is open at every time asked
 * (docs/decisions/080-hours-all-day-and-rsg.md). Public-holiday hours are not in availableTime, so not
 * searched either.
 */
const openingTime = (field: 'opens' | 'closes', hours: SQL) => (values: string[]) =>
  anyOf(values, (v) => {
    const m = /^(eq|ne|gt|lt|ge|le)?(\d{1,4})$/.exec(v);
    const n = m ? Number(m[2]) : NaN;
    if (!m || n > 2400)
      throw new FhirSearchError(
        `'${v}' is not a time as hhmm (0000–2400) with an optional prefix.`,
      );
    const op = sql.raw(comparisons[m[1] ?? 'eq']!);
    const allDayTime = field === 'opens' ? 0 : 2400;
    // The hours are checked as hh:mm before the cast: a case, because SQL does not promise the order of an `and`.
    return sql`exists (select 1 from jsonb_array_elements(${hours}) h
      where h->>'day' <> 'publicHoliday'
        and (case when ${ALL_DAY_PERIOD} then ${allDayTime}
          when h->>${field} ~ '^[0-9]{2}:[0-9]{2}' then replace(left(h->>${field}, 5), ':', '')::int end) ${op} ${n})`;
  });

/**
 * HCPD's `allday` (token true/false): `true` finds hours with a day open 24 hours (availableTime.allDay);
 * `false` hours with a day at set times, as a period with times is not all day. No hours match neither.
 */
const allDay = (hours: SQL) => (values: string[]) =>
  anyOf(values, (v) => {
    const whole = booleanOf(v.slice(v.indexOf('|') + 1));
    return sql`exists (select 1 from jsonb_array_elements(${hours}) h
      where h->>'day' <> 'publicHoliday' and ${whole ? ALL_DAY_PERIOD : sql`not ${ALL_DAY_PERIOD}`})`;
  });

/** HCPD's `daysofweek`: a day of the hours (open at set times or all day). */
const daysOfWeek = (hours: SQL) =>
  codeOf(DAYS_OF_WEEK_SYSTEM, (code) =>
    DAYS.includes(code) ? sql`${hours} @> ${JSON.stringify([{ day: code }])}::jsonb` : sql`false`,
  );

/** The four availability parameters HCPD declares on HealthcareService and PractitionerRole. */
const availabilityParams = (hours: SQL) => ({
  daysofweek: param('token', hcpd('daysofweek'), daysOfWeek(hours)),
  starttime: param('number', hcpd('starttime'), openingTime('opens', hours)),
  endtime: param('number', hcpd('endtime'), openingTime('closes', hours)),
  allday: param('token', hcpd('allday'), allDay(hours)),
});

/** Whether a dated row is current on the search's `today` (resources.ts `isCurrent`, in SQL). */
const currentOn = (start: SQL, end: SQL) => (today: string) =>
  sql`((${start} is null or ${start} <= ${today}::date) and (${end} is null or ${end} >= ${today}::date))`;

/** `active` (true/false) over whether a row is current, decided on the search's `today` (SearchContext). */
const activeOf = (current: (today: string) => SQL) =>
  param('token', undefined, (values, _modifier, context) =>
    anyOf(values, (v) =>
      booleanOf(v) ? current(context.today) : sql`not ${current(context.today)}`,
    ),
  );

/** Whether a location is a physical place: an address and neither mobile nor virtual (resources.ts, physicalType). */
export const PHYSICAL_LOCATION = sql`(cardinality(l.type) = 0 and (cardinality(l.address_lines) > 0 or l.locality is not null))`;

/** Kilometres per unit of R4's `near` (UCUM codes); no unit is kilometres, as R4 says. */
const NEAR_UNITS: Record<string, number> = { km: 1, m: 0.001, '[mi_i]': 1.609344 };
/**
 * R4 leaves "near" without a distance to the server: 10 km, a short drive in a city
 * (docs/decisions/079-location-amenities-postal-position.md).
 */
export const NEAR_DEFAULT_KM = 10;
/** The mean radius of the Earth (IUGG), in km. */
const EARTH_RADIUS_KM = 6371.0088;
const DECIMAL = /^[+-]?\d{1,3}(\.\d+)?$/;

/**
 * R4's `near` (`latitude|longitude|distance|units`): locations whose position is within the distance, by the
 * spherical law of cosines in plain SQL (PostgreSQL and PGlite alike, no extension). A location without a
 * position is never near anything.
 */
const near = (values: string[]) =>
  anyOf(values, (v) => {
    const [lat = '', lon = '', distance = '', units = '', ...rest] = v.split('|');
    const wrong = (why: string) =>
      new FhirSearchError(
        `Parameter 'near': '${v}' ${why}; write latitude|longitude|distance|units, e.g. -33.88|151.21|5|km.`,
      );
    if (rest.length) throw wrong('has too many parts');
    if (!DECIMAL.test(lat) || Math.abs(Number(lat)) > 90)
      throw wrong('has no latitude between -90 and 90');
    if (!DECIMAL.test(lon) || Math.abs(Number(lon)) > 180)
      throw wrong('has no longitude between -180 and 180');
    if (distance !== '' && !(/^\d+(\.\d+)?$/.test(distance) && Number(distance) > 0))
      throw wrong('has a distance that is not a positive number');
    const perUnit = NEAR_UNITS[units || 'km'];
    if (perUnit === undefined) throw wrong('has units other than km, m or [mi_i]');
    const km = distance === '' ? NEAR_DEFAULT_KM : Number(distance) * perUnit;
    const [la, lo] = [Number(lat), Number(lon)];
    return sql`(l.latitude is not null and ${EARTH_RADIUS_KM}::float8 * acos(least(1::float8, greatest(-1::float8,
      sin(radians(${la}::float8)) * sin(radians(l.latitude))
      + cos(radians(${la}::float8)) * cos(radians(l.latitude)) * cos(radians(l.longitude - ${lo}::float8))))) <= ${km}::float8)`;
  });

interface TypeDefinition {
  params: Record<string, SearchParam>;
  includes: string[];
  revincludes: string[];
}

const lastUpdatedOf = {
  Organization: sql`greatest(o.details_verified_at, o.created_at)`,
  Location: sql`greatest(l.details_verified_at, l.created_at)`,
  HealthcareService: sql`greatest(s.details_verified_at, s.created_at)`,
  Practitioner: sql`pr.updated_at`,
  PractitionerRole: sql`r.updated_at`,
};

const idOf = (column: SQL, type: string) =>
  param('token', r4('Resource-id'), reference(column, type));
const lastUpdatedParam = (column: SQL) =>
  param('date', r4('Resource-lastUpdated'), dateSearch('_lastUpdated', column));
const referenceTo = (definition: string, column: SQL, type: string) =>
  param('reference', r4(definition), reference(column, type));

/** A chained parameter (`organization.identifier`): the target's parameter, checked on the row it points to. */
const chain = (target: SearchParam, on: (filter: SQL) => SQL): SearchParam => ({
  ...target,
  filter: (values, modifier, context) => on(target.filter(values, modifier, context)),
});
/** The organisation `column` points to, as alias `o` (no search of a location, service or role uses `o`). */
const organisationAt = (column: SQL) => (filter: SQL) =>
  sql`exists (select 1 from organisations o where o.id = ${column} and ${filter})`;

/**
 * R4's address parameters of a type over its address's columns: `address` any part (a line, city, state,
 * postcode, with :exact and :contains), the rest one part each. Organization's business address
 * (docs/decisions/084-organisation-address.md) is read as Location's.
 */
const addressParams = (
  type: 'Organization' | 'Location',
  address: {
    line: (v: string, modifier: string | undefined) => SQL;
    locality: SQL;
    state: SQL;
    postcode: SQL;
  },
) =>
  ({
    address: param(
      'string',
      r4(`${type}-address`),
      (values, modifier) =>
        anyOf(values, (v) => {
          const parts = [address.locality, address.state, address.postcode].map((c) =>
            stringMatch(c, v, modifier),
          );
          return sql`(${sql.join([address.line(v, modifier), ...parts], sql` or `)})`;
        }),
      { modifiers: ['exact', 'contains'] },
    ),
    'address-city': strings(r4(`${type}-address-city`), [address.locality]),
    'address-postalcode': param('string', r4(`${type}-address-postalcode`), (values) =>
      anyOf(values, (v) => sql`${address.postcode} = ${v}`),
    ),
    'address-state': param('string', r4(`${type}-address-state`), (values) =>
      anyOf(values, (v) => sql`upper(${address.state}) = ${v.toUpperCase()}`),
    ),
  }) satisfies Record<string, SearchParam>;

const organizationParams = {
  _id: idOf(sql`o.id`, 'Organization'),
  identifier: param(
    'token',
    r4('Organization-identifier'),
    identifier(
      [
        { system: fhirIdentifierSystems.hpio, column: sql`o.hpio` },
        { system: fhirIdentifierSystems.abn, column: sql`o.abn` },
      ],
      sql`o.id`,
    ),
  ),
  name: strings(r4('Organization-name'), [sql`o.name`, sql`o.alias`]),
  // Every organisation in the portal delivers health care (resources.ts gives each the type `prov`).
  type: param(
    'token',
    r4('Organization-type'),
    codeOf(ORGANIZATION_TYPE_SYSTEM, (code) => (code === 'prov' ? sql`true` : sql`false`)),
  ),
  active: { ...activeOf(() => sql`o.status = 'Active'`), definition: r4('Organization-active') },
  partof: referenceTo('Organization-partof', sql`o.parent_id`, 'Organization'),
  ...addressParams('Organization', {
    line: (v, modifier) => stringMatch(sql`o.address_line`, v, modifier),
    locality: sql`o.locality`,
    state: sql`o.state`,
    postcode: sql`o.postcode`,
  }),
  _lastUpdated: lastUpdatedParam(lastUpdatedOf.Organization),
} satisfies Record<string, SearchParam>;

/** `organization` of a type and the organisation's parameters chained from it, over the row's organisation id. */
const organizationOf = (
  type: 'Location' | 'HealthcareService' | 'PractitionerRole',
  column: SQL,
) => ({
  organization: referenceTo(`${type}-organization`, column, 'Organization'),
  'organization.identifier': chain(organizationParams.identifier, organisationAt(column)),
  'organization.name': chain(organizationParams.name, organisationAt(column)),
});

const locationParams = {
  _id: idOf(sql`l.id`, 'Location'),
  // A location has no identifier of its own to search; the partner's identifier systems give it one each.
  identifier: param('token', r4('Location-identifier'), identifier([], sql`l.id`)),
  name: strings(r4('Location-name'), [sql`l.name`]),
  ...addressParams('Location', {
    line: (v, modifier) =>
      sql`exists (select 1 from unnest(l.address_lines) line where ${stringMatch(sql`line`, v, modifier)})`,
    locality: sql`l.locality`,
    state: sql`l.state`,
    postcode: sql`l.postcode`,
  }),
  type: param(
    'token',
    r4('Location-type'),
    codeOf(ROLE_CODE_SYSTEM, (code) => sql`${code} = any(l.type)`),
  ),
  locationphysicaltype: param(
    'token',
    hcpd('location-physicaltype'),
    codeOf(PHYSICAL_TYPE_SYSTEM, (code) => (code === 'bu' ? PHYSICAL_LOCATION : sql`false`)),
  ),
  // HCPD's hc-location extensions and R4's near (docs/decisions/079-location-amenities-postal-position.md).
  locationamenities: param(
    'token',
    hcpd('location-amenities'),
    codeOf(FACILITY_AMENITY_SYSTEM, (code) => sql`${code} = any(l.amenities)`),
  ),
  // HCPD's expression: the postal address's text, city, state, line and postalCode.
  locmailaddress: strings(hcpd('location-locmailaddress'), [
    sql`(l.postal_address_line || ', ' || concat_ws(' ', l.postal_locality, l.postal_state, l.postal_postcode))`,
    sql`l.postal_locality`,
    sql`l.postal_state`,
    sql`l.postal_address_line`,
    sql`l.postal_postcode`,
  ]),
  near: param('special', r4('Location-near'), near, {
    documentation: `latitude|longitude|distance|units (WGS84 decimal degrees; units km, the default, m or [mi_i]; without a distance ${NEAR_DEFAULT_KM} km): locations whose position is within that great-circle distance. A location without a position never matches.`,
  }),
  ...organizationOf('Location', sql`l.organisation_id`),
  status: param('token', r4('Location-status'), (values) =>
    anyOf(values, (v) =>
      v === 'active' ? sql`l.is_active` : v === 'inactive' ? sql`not l.is_active` : sql`false`,
    ),
  ),
  active: activeOf(() => sql`l.is_active`),
  _lastUpdated: lastUpdatedParam(lastUpdatedOf.Location),
} satisfies Record<string, SearchParam>;

/**
 * A location's parameter checked on the location a service or role is at (joined as `l`), only where the
 * partner sees that location (vis_loc): a service can be published where its location is not, and a filter on
 * an unpublished location's address would tell its address a character at a time, though a read of the
 * location is 404. The statement must carry the visibility CTEs (a search's, `seen` 'decide').
 */
const onSeenLocation = (target: SearchParam): SearchParam => ({
  ...target,
  filter: (values, modifier, context) =>
    sql`(l.id in (select id from vis_loc) and ${target.filter(values, modifier, context)})`,
});

/**
 * `location` of a service or role (searched with its service as `s`) and the location's parameters chained
 * from it (its location joined as `l`), which match only a location the partner sees.
 */
const locationOf = (type: 'HealthcareService' | 'PractitionerRole') => ({
  location: referenceTo(`${type}-location`, sql`s.location_id`, 'Location'),
  'location.address': onSeenLocation(locationParams.address),
  'location.address-city': onSeenLocation(locationParams['address-city']),
  'location.address-postalcode': onSeenLocation(locationParams['address-postalcode']),
  'location.address-state': onSeenLocation(locationParams['address-state']),
});

const serviceCurrent = currentOn(sql`s.start_date`, sql`s.end_date`);
const serviceParams = {
  _id: idOf(sql`s.id`, 'HealthcareService'),
  identifier: param(
    'token',
    r4('HealthcareService-identifier'),
    identifier(
      [{ system: fhirIdentifierSystems.nhsdService, column: sql`s.nhsd_resource_identifier` }],
      sql`s.id`,
    ),
  ),
  name: strings(r4('HealthcareService-name'), [sql`s.name`]),
  'service-type': param(
    'token',
    r4('HealthcareService-service-type'),
    conceptToken(codedConcepts.serviceType),
  ),
  specialty: param(
    'token',
    r4('HealthcareService-specialty'),
    conceptToken(codedConcepts.specialty.service),
  ),
  ...organizationOf('HealthcareService', sql`s.organisation_id`),
  ...locationOf('HealthcareService'),
  active: { ...activeOf(serviceCurrent), definition: r4('HealthcareService-active') },
  // Its opening hours (docs/decisions/080-hours-all-day-and-rsg.md).
  ...availabilityParams(sql`s.opening_hours`),
  languages: param('token', hcpd('languages'), languagesOf(sql`s.languages`)),
  hsbilling: param('token', hcpd('healthcareservice-billing'), billingOf),
  // The API's own shorthand from before the chains (decision 031): the same as `location.address-…`, so
  // only a location the partner sees matches.
  'address-postalcode': {
    ...onSeenLocation(locationParams['address-postalcode']),
    definition: undefined,
    documentation: 'The same as location.address-postalcode.',
  },
  'address-state': {
    ...onSeenLocation(locationParams['address-state']),
    definition: undefined,
    documentation: 'The same as location.address-state.',
  },
  _lastUpdated: lastUpdatedParam(lastUpdatedOf.HealthcareService),
} satisfies Record<string, SearchParam>;

/** A practitioner's AHPRA registrations (Practitioner.qualification), as alias `reg`. */
const registrationOf = (filter: SQL) =>
  sql`exists (select 1 from practitioner_registrations reg where reg.practitioner_id = pr.id and ${filter})`;

const practitionerParams = {
  _id: idOf(sql`pr.id`, 'Practitioner'),
  identifier: param(
    'token',
    r4('Practitioner-identifier'),
    identifier([{ system: fhirIdentifierSystems.hpii, column: sql`pr.hpii` }], sql`pr.id`),
  ),
  // HCPD's identifier-r5: Practitioner.identifier or a qualification's (the AHPRA registration number).
  'identifier-r5': param(
    'token',
    hcpd('practitioner-identifier-r5'),
    (values, modifier, context) =>
      sql`(${identifier([{ system: fhirIdentifierSystems.hpii, column: sql`pr.hpii` }], sql`pr.id`)(values, modifier, context)} or ${registrationOf(
        identifier([{ system: AHPRA_SYSTEM, column: sql`reg.profession_number` }])(
          values,
          modifier,
          context,
        ),
      )})`,
  ),
  name: strings(r4('Practitioner-name'), [
    sql`pr.given_name`,
    sql`pr.family_name`,
    sql`pr.preferred_name`,
  ]),
  family: strings(r4('individual-family'), [sql`pr.family_name`]),
  given: strings(r4('individual-given'), [sql`pr.given_name`]),
  regprof: param(
    'string',
    hcpd('practitioner-regprof'),
    (values, modifier) =>
      registrationOf(anyOf(values, (v) => stringMatch(sql`reg.profession`, v, modifier))),
    { modifiers: ['exact', 'contains'] },
  ),
  // The individual-recordedSexOrGender value (administrative gender); none given matches no token
  // (docs/decisions/080-hours-all-day-and-rsg.md).
  rsg: param(
    'token',
    hcpd('practitioner-rsg'),
    codeOf(ADMINISTRATIVE_GENDER_SYSTEM, (code) => sql`pr.recorded_sex_or_gender = ${code}`),
  ),
  active: { ...activeOf(() => sql`true`), definition: r4('Practitioner-active') },
  _lastUpdated: lastUpdatedParam(lastUpdatedOf.Practitioner),
} satisfies Record<string, SearchParam>;

/**
 * The roles of the practitioners `filter` finds (over alias `pr`). `= any(array(…))` is computed once, before the
 * roles are read: as `in (select …)` PostgreSQL folded it into the role's joined practitioner and checked all
 * 10,000 roles of the benchmark's seen services one by one (docs/decisions/073-hcpd-search.md).
 */
const practitionersRoles = (filter: SQL) =>
  sql`r.practitioner_id = any(array(select pr.id from practitioners pr where ${filter}))`;

const roleParams = {
  _id: idOf(sql`r.id`, 'PractitionerRole'),
  identifier: param(
    'token',
    r4('PractitionerRole-identifier'),
    identifier([
      { system: fhirIdentifierSystems.hpii, column: sql`pr.hpii` },
      { system: AHPRA_SYSTEM, column: roleAhpraRegistration },
    ]),
    { documentation: "The practitioner's HPI-I, or the role's Ahpra registration number." },
  ),
  role: param('token', r4('PractitionerRole-role'), conceptToken(codedConcepts.role)),
  specialty: param(
    'token',
    r4('PractitionerRole-specialty'),
    conceptToken(codedConcepts.specialty.role),
  ),
  practitioner: referenceTo(
    'PractitionerRole-practitioner',
    sql`r.practitioner_id`,
    'Practitioner',
  ),
  // Chains to the practitioner find the practitioners first (a few), then their roles by
  // practitioner_roles_practitioner_id_idx: service.ts walks such a search's matches, not every service.
  'practitioner.identifier': chain(practitionerParams.identifier, practitionersRoles),
  'practitioner.name': chain(practitionerParams.name, practitionersRoles),
  'practitioner.family': chain(practitionerParams.family, practitionersRoles),
  'practitioner.given': chain(practitionerParams.given, practitionersRoles),
  ...organizationOf('PractitionerRole', sql`s.organisation_id`),
  ...locationOf('PractitionerRole'),
  // The service's id, not the role's column: a role search walks services (RoleWalk), and this names one.
  service: referenceTo('PractitionerRole-service', sql`s.id`, 'HealthcareService'),
  'service.service-type': serviceParams['service-type'],
  'service.name': serviceParams.name,
  'service-type': {
    ...serviceParams['service-type'],
    definition: undefined,
    documentation: 'The same as service.service-type.',
  },
  active: {
    ...activeOf(currentOn(sql`r.start_date`, sql`r.end_date`)),
    definition: r4('PractitionerRole-active'),
  },
  languages: param('token', hcpd('languages'), languagesOf(sql`r.languages`)),
  'address-postalcode': serviceParams['address-postalcode'],
  'address-state': serviceParams['address-state'],
  // The role's own hours, never its service's: a role without hours matches none of the four
  // (docs/decisions/080-hours-all-day-and-rsg.md).
  ...availabilityParams(sql`r.available_time`),
  _lastUpdated: lastUpdatedParam(lastUpdatedOf.PractitionerRole),
} satisfies Record<string, SearchParam>;

/** The search parameters of each type (the CapabilityStatement lists the same). */
export const searchDefinitions: Record<FhirResourceType, TypeDefinition> = {
  Organization: {
    params: organizationParams,
    includes: ['Organization:partOf', 'Organization:endpoint'],
    revincludes: [
      'PractitionerRole:organization',
      'Location:organization',
      'HealthcareService:organization',
      'Provenance:target',
    ],
  },
  Location: {
    params: locationParams,
    includes: ['Location:organization', 'Location:endpoint'],
    revincludes: ['HealthcareService:location', 'PractitionerRole:location', 'Provenance:target'],
  },
  HealthcareService: {
    params: serviceParams,
    includes: [
      'HealthcareService:location',
      'HealthcareService:organization',
      'HealthcareService:endpoint',
    ],
    revincludes: ['PractitionerRole:service', 'Provenance:target'],
  },
  Practitioner: {
    params: practitionerParams,
    includes: [],
    revincludes: ['PractitionerRole:practitioner', 'Provenance:target'],
  },
  PractitionerRole: {
    params: roleParams,
    includes: [
      'PractitionerRole:practitioner',
      'PractitionerRole:organization',
      'PractitionerRole:location',
      'PractitionerRole:service',
      'PractitionerRole:endpoint',
    ],
    revincludes: ['Provenance:target'],
  },
  Endpoint: {
    params: {
      _id: idOf(sql`e.id`, 'Endpoint'),
      identifier: param(
        'token',
        r4('Endpoint-identifier'),
        identifier([{ system: 'urn:ietf:rfc:3986', column: sql`'urn:uuid:' || e.id::text` }]),
      ),
      name: strings(r4('Endpoint-name'), [sql`e.name`]),
      // HCPD's: the address (uri: the whole value) and the HC Endpoint Identifier (type RI) by value.
      epurl: param('uri', hcpd('endpoint-url'), (values) =>
        anyOf(values, (v) => sql`e.address = ${v}`),
      ),
      hcepi: param(
        'token',
        hcpd('endpoint-hcepi'),
        identifier([{ system: 'urn:ietf:rfc:3986', column: sql`'urn:uuid:' || e.id::text` }]),
      ),
      organization: referenceTo('Endpoint-organization', sql`e.organisation_id`, 'Organization'),
      'connection-type': param(
        'token',
        r4('Endpoint-connection-type'),
        codeOnly(sql`e.connection_type`),
      ),
      'payload-type': param('token', r4('Endpoint-payload-type'), codeOnly(sql`e.payload_type`)),
      // HCPD's: a MIME type it accepts (`urn:ietf:bcp:13|application/pdf` or the type alone).
      payloadmimetype: param(
        'token',
        hcpd('endpoint-payloadmimetype'),
        codeOf(MIME_TYPE_SYSTEM, (code) => sql`${code} = any(e.payload_mime_types)`),
      ),
      status: param('token', r4('Endpoint-status'), (values) =>
        anyOf(values, (v) => sql`e.status = ${v}`),
      ),
      _lastUpdated: lastUpdatedParam(sql`e.updated_at`),
    },
    includes: ['Endpoint:organization'],
    revincludes: [
      'HealthcareService:endpoint',
      'Location:endpoint',
      'PractitionerRole:endpoint',
      'Provenance:target',
    ],
  },
  Provenance: {
    params: {
      _id: idOf(sql`a.id`, 'Provenance'),
      target: param('reference', r4('Provenance-target'), (values) =>
        anyOf(values, (v) => {
          const slash = v.indexOf('/');
          const type = slash === -1 ? null : v.slice(0, slash);
          const id = slash === -1 ? v : v.slice(slash + 1);
          if (!isUuid(id)) return sql`false`;
          const entity = type ? provenanceEntityTypes[type] : undefined;
          if (type && !entity) return sql`false`;
          return entity
            ? sql`(a.entity_type = ${entity} and a.entity_id = ${id.toLowerCase()})`
            : sql`a.entity_id = ${id.toLowerCase()}`;
        }),
      ),
      recorded: param('date', r4('Provenance-recorded'), dateSearch('recorded', sql`a.at`)),
      _lastUpdated: lastUpdatedParam(sql`a.at`),
    },
    // HCPD's responder lists it: the resources a page of provenance records are about.
    includes: ['Provenance:target'],
    revincludes: [],
  },
};

/** The id column of each type, for includes (ids already known). */
const idColumn: Record<FhirResourceType, SQL> = {
  Organization: sql`o.id`,
  Location: sql`l.id`,
  HealthcareService: sql`s.id`,
  Practitioner: sql`pr.id`,
  PractitionerRole: sql`r.id`,
  Endpoint: sql`e.id`,
  Provenance: sql`a.id`,
};

/** The match of `type` with this id (a read). */
export const idFilter = (type: FhirResourceType, id: string): SQL =>
  sql`${idColumn[type]} = ${id}::uuid`;

/** Matches of `type` with one of `ids` (an include's). */
export const idsFilter = (type: FhirResourceType, ids: string[]): SQL =>
  sql`${idColumn[type]} = any(${sql.param(ids)}::uuid[])`;

/** What each _revinclude reads (its type) and joins on. */
const revColumn: Record<string, SQL> = {
  'PractitionerRole:organization': sql`s.organisation_id`,
  'PractitionerRole:service': sql`s.id`,
  'PractitionerRole:practitioner': sql`r.practitioner_id`,
  'PractitionerRole:location': sql`s.location_id`,
  'Location:organization': sql`l.organisation_id`,
  'HealthcareService:organization': sql`s.organisation_id`,
  'HealthcareService:location': sql`s.location_id`,
};

/** The resources pointing at one of the matches through the _revinclude `rev`. */
export const revincludeFilter = (rev: string, matchIds: string[]): SQL =>
  rev === 'Provenance:target'
    ? sql`a.entity_id = any(${sql.param(matchIds)}::text[])`
    : rev === 'HealthcareService:endpoint' || rev === 'PractitionerRole:endpoint'
      ? // A service points at its own endpoints, and a role at its service's (endpointIdsColumn above).
        sql`s.id in (select se.healthcare_service_id from endpoints se
          where se.id = any(${sql.param(matchIds)}::uuid[]) and se.healthcare_service_id is not null)`
      : rev === 'Location:endpoint'
        ? // A location points at its endpoints (docs/decisions/085-location-endpoints.md): the owners of the matches.
          sql`l.id in (select le.location_id from endpoints le
          where le.id = any(${sql.param(matchIds)}::uuid[]) and le.location_id is not null)`
        : sql`${revColumn[rev]!} = any(${sql.param(matchIds)}::uuid[])`;

// The writes of a partner's request for a practitioner's personal contact details (contact-requests.ts).

/**
 * Records the request on the practitioner's publication row for the partner, making the row (with no choice
 * of the practitioner's: `publish` null) when there is none. now() is the transaction's time, so `fresh` tells this request from an earlier one,
 * even a concurrent one.
 */
export async function recordContactRequest(
  tx: Transaction,
  practitionerId: string,
  partnerServiceId: string,
) {
  const pp = practitionerPublications;
  const [row] = await tx
    .insert(pp)
    .values({
      practitionerId,
      partnerServiceId,
      // No choice of the practitioner's: the partner sees what the workplace's publication decides, as before
      // the request (docs/decisions/081-practitioner-publication-acceptance.md).
      publish: null,
      personalContactRequestedAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: [pp.practitionerId, pp.partnerServiceId],
      set: {
        personalContactRequestedAt: sql`coalesce(${pp.personalContactRequestedAt}, now())`,
        updatedAt: sql`case when ${pp.personalContactRequestedAt} is null then now() else ${pp.updatedAt} end`,
      },
    })
    .returning({
      requestedAt: pp.personalContactRequestedAt,
      fresh: sql<boolean>`${pp.personalContactRequestedAt} = now()`,
    });
  return row!;
}

/** A partner service's name. */
export async function partnerServiceName(tx: Transaction, id: string) {
  const [service] = await tx
    .select({ name: partnerServices.name })
    .from(partnerServices)
    .where(eq(partnerServices.id, id));
  return service?.name;
}

// Partners' tasks (partner-requests.ts): one partner request is a task for each person who may answer it.

export type TaskRow = typeof tasks.$inferSelect;

/**
 * A request's status as its Task answers it (partner-requests.ts, taskOf): its newest answered copy's (the first
 * answer closes every copy), else NotComplete.
 */
const requestStatus = sql<TaskRow['status']>`coalesce((array_agg(${tasks.status}
  order by ${tasks.createdAt} desc) filter (where ${tasks.status} <> 'NotComplete'))[1], 'NotComplete')`;

const ofRequest = (requestId: string, partnerServiceId: string) =>
  allOf(eq(tasks.partnerRequestId, requestId), eq(tasks.partnerServiceId, partnerServiceId));

export const partnerTasksRepository = {
  /** Every copy of one of the partner's requests. */
  requestCopies: (db: Database, requestId: string, partnerServiceId: string) =>
    db.select().from(tasks).where(ofRequest(requestId, partnerServiceId)),

  /**
   * One statement: a page of the partner's requests, newest first (ties by id), each with every copy, and the
   * number of all its requests that match (`total` on each row). `statuses` are ANDed, the statuses of each
   * list ORed, over a request's status as its Task answers it (`requestStatus`). The page reads `count` + 1
   * requests, so the caller knows whether more follow.
   */
  async requestsPage(
    db: Database,
    partnerServiceId: string,
    statuses: Array<Array<TaskRow['status']>>,
    offset: number,
    count: number,
  ) {
    const page = db
      .select({
        requestId: sql<string>`${tasks.partnerRequestId}`.as('request_id'),
        newest: max(tasks.createdAt).as('newest'),
        total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
      })
      .from(tasks)
      .where(allOf(eq(tasks.partnerServiceId, partnerServiceId), isNotNull(tasks.partnerRequestId)))
      .groupBy(tasks.partnerRequestId)
      .having(allOf(...statuses.map((anyOf) => inArray(requestStatus, anyOf))))
      .orderBy(desc(max(tasks.createdAt)), desc(tasks.partnerRequestId))
      .limit(count + 1)
      .offset(offset)
      .as('page');
    return db
      .select({ copy: tasks, total: page.total })
      .from(page)
      .innerJoin(
        tasks,
        allOf(
          eq(tasks.partnerRequestId, page.requestId),
          eq(tasks.partnerServiceId, partnerServiceId),
        ),
      )
      .orderBy(desc(page.newest), desc(page.requestId), desc(tasks.createdAt));
  },

  /**
   * Who may verify a change to an entity: the practitioners who manage its organisation (or one above it),
   * and for a service or role also its HealthcareServiceManagers — as the reminder job chooses (decision 027).
   */
  async verifiers(tx: Transaction, entityType: string, entityId: string): Promise<string[]> {
    const result = (await tx.execute(sql`
      with recursive target as (
        select ${entityId}::uuid as entity_id,
          case ${entityType}
            when 'Organisation' then ${entityId}::uuid
            when 'Location' then (select organisation_id from locations where id = ${entityId}::uuid)
            when 'HealthcareService' then (select organisation_id from healthcare_services where id = ${entityId}::uuid)
            else (select s.organisation_id from practitioner_roles r join healthcare_services s on s.id = r.healthcare_service_id where r.id = ${entityId}::uuid)
          end as organisation_id,
          case ${entityType}
            when 'HealthcareService' then ${entityId}::uuid
            when 'PractitionerRole' then (select healthcare_service_id from practitioner_roles where id = ${entityId}::uuid)
          end as service_id
      ),
      up(id) as (
        select organisation_id from target
        union select o.parent_id from organisations o join up on o.id = up.id where o.parent_id is not null
      )
      select distinct p.id as practitioner_id from role_memberships rm
        join users u on u.id = rm.user_id and u.is_active
        join practitioners p on p.user_id = rm.user_id
       where (rm.role_type = 'OrganisationManager' and rm.organisation_id in (select id from up))
          or (rm.role_type = 'HealthcareServiceManager'
              and rm.healthcare_service_id = (select service_id from target))`)) as unknown as {
      rows: Array<{ practitioner_id: string }>;
    };
    return result.rows.map((row) => row.practitioner_id);
  },

  async insertTasks(tx: Transaction, values: Array<typeof tasks.$inferInsert>) {
    return tx.insert(tasks).values(values).returning({ id: tasks.id });
  },

  /** The kind of a request (every copy is of one kind: one row says which); undefined when not the partner's. */
  async requestKind(tx: Transaction, requestId: string, partnerServiceId: string) {
    const [copy] = await tx
      .select({ kind: tasks.kind })
      .from(tasks)
      .where(ofRequest(requestId, partnerServiceId))
      .limit(1);
    return copy?.kind;
  },

  /**
   * Closes every open copy of an online-form request as Complete (FormSubmitted); the status guard makes a
   * concurrent answer (the provider's dismissal, another PATCH) lose cleanly.
   */
  completeOpenForm: (tx: Transaction, requestId: string, partnerServiceId: string) =>
    tx
      .update(tasks)
      .set({ status: 'Complete', outcome: 'FormSubmitted', resolvedAt: new Date() })
      .where(allOf(ofRequest(requestId, partnerServiceId), eq(tasks.status, 'NotComplete')))
      .returning({ id: tasks.id, entityType: tasks.entityType, entityId: tasks.entityId }),

  /** A request's status (of its first copy). */
  async requestStatus(tx: Transaction, requestId: string, partnerServiceId: string) {
    const [row] = await tx
      .select({ status: tasks.status })
      .from(tasks)
      .where(ofRequest(requestId, partnerServiceId));
    return row?.status;
  },
};
