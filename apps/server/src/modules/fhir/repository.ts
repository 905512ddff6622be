import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import type {
  LocationRow,
  OrganisationRow,
  PractitionerRow,
  RoleRow,
  ServiceRow,
} from './resources.ts';

// What one partner may see (docs/decisions/030-publishing-to-partners.md, 031-fhir-partner-api.md), as SQL:
// the nearest publication row decides — a healthcare service's own, else its location's, else its
// organisation's, else the nearest ancestor organisation's; no row means not published. A practitioner is
// seen through their roles in published services, unless they said no to that partner; without a choice of
// their own, only where the deciding publication publishes practitioners too (publish_future_practitioners).
// Every search is one statement: these CTEs, the filters and the page (and its total, only when asked).

/** Raw rows of a statement (both drivers answer `{ rows }`). */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The CTEs naming what `partner` sees of the organisations, locations and services: vis_org, vis_loc, vis_svc
 * (a few rows each, however many roles there are). Roles and practitioners join vis_svc and the partner's
 * practitioner choices (`roleVisibleJoin`) after a search's own filters, so a search over 10,000 roles never
 * decides the visibility of all of them.
 */
export function visibility(partner: string): SQL {
  const orgLevel = (org: SQL) => sql`(select p.id from partner_publications p
      where p.partner_service_id = ${partner}::uuid and p.organisation_id = ${org}
        and p.location_id is null and p.healthcare_service_id is null)`;
  return sql`
    org_pub(id, pub_id) as (
      select o.id, ${orgLevel(sql`o.id`)} from organisations o where o.parent_id is null
      union all
      select c.id, coalesce(${orgLevel(sql`c.id`)}, op.pub_id)
        from organisations c join org_pub op on c.parent_id = op.id
    ),
    loc_pub as (
      select l.id, coalesce(
        (select p.id from partner_publications p
          where p.partner_service_id = ${partner}::uuid and p.location_id = l.id),
        op.pub_id) as pub_id
      from locations l join org_pub op on op.id = l.organisation_id
    ),
    svc_pub as (
      select s.id, coalesce(
        (select p.id from partner_publications p
          where p.partner_service_id = ${partner}::uuid and p.healthcare_service_id = s.id),
        (select p.id from partner_publications p
          where p.partner_service_id = ${partner}::uuid and p.location_id = s.location_id),
        op.pub_id) as pub_id
      from healthcare_services s join org_pub op on op.id = s.organisation_id
    ),
    vis_loc as (
      select lp.id from loc_pub lp join partner_publications p on p.id = lp.pub_id where p.publish
    ),
    vis_svc as (
      select sp.id, p.publish_future_practitioners as future
      from svc_pub sp join partner_publications p on p.id = sp.pub_id where p.publish
    ),
    vis_org as (
      select op.id from org_pub op join partner_publications p on p.id = op.pub_id where p.publish
      union select s.organisation_id from healthcare_services s join vis_svc vs on vs.id = s.id
      union select l.organisation_id from locations l join vis_loc vl on vl.id = l.id
    )`;
}

/**
 * Joins that keep only the roles `r` the partner sees: their service is seen (vis_svc), and their practitioner's
 * own choice for that partner, else the deciding publication (`vs.future`), says so. Joins rather than a check
 * per row: a postcode's 2,000 roles are matched against a few services and one hash of the partner's
 * practitioner choices (docs/decisions/031-fhir-partner-api.md, Consequences).
 */
const roleVisibleJoin = (partner: string, r: SQL, vs: SQL, pp: SQL) => sql`
  join vis_svc ${vs} on ${vs}.id = ${r}.healthcare_service_id
  left join practitioner_publications ${pp}
    on ${pp}.practitioner_id = ${r}.practitioner_id and ${pp}.partner_service_id = ${partner}::uuid`;
const roleVisibleWhere = (vs: SQL, pp: SQL) => sql`coalesce(${pp}.publish, ${vs}.future)`;

/**
 * Whether role `r` is seen, checked for that one row: for the few roles of the practitioners a search already
 * found (as joins, the planner would decide every seen role first and then look for the practitioners).
 */
const roleVisible = (partner: string, r: SQL) => sql`exists (
  select 1 from vis_svc vs
  left join practitioner_publications pp
    on pp.practitioner_id = ${r}.practitioner_id and pp.partner_service_id = ${partner}::uuid
  where vs.id = ${r}.healthcare_service_id and coalesce(pp.publish, vs.future))`;

/** Whether practitioner `pr` is seen: through one of their roles that is. */
const practitionerVisible = (partner: string) => sql`exists (
  select 1 from practitioner_roles vr
  where vr.practitioner_id = pr.id and ${roleVisible(partner, sql`vr`)})`;

const organisationColumns = sql`o.id, o.parent_id as "parentId", o.name, o.alias, o.abn, o.hpio,
  o.phone, o.email, o.fax, o.website, o.status,
  greatest(o.details_verified_at, o.created_at) as "lastUpdated"`;
const locationColumns = sql`l.id, l.organisation_id as "organisationId", l.name, l.type,
  l.address_lines as "addressLines", l.locality, l.postcode, l.state, l.is_active as "isActive",
  l.phone, l.after_hours_phone as "afterHoursPhone", l.email, l.fax, l.website,
  l.suppress_phone as "suppressPhone", l.suppress_email as "suppressEmail",
  greatest(l.details_verified_at, l.created_at) as "lastUpdated"`;
const serviceColumns = sql`s.id, s.organisation_id as "organisationId", s.location_id as "locationId",
  s.name, s.service_type as "serviceType", s.description, s.start_date::text as "startDate",
  s.end_date::text as "endDate", s.opening_hours as "openingHours",
  s.nhsd_resource_identifier as "nhsdResourceIdentifier",
  s.phone, s.after_hours_phone as "afterHoursPhone", s.email, s.fax, s.website,
  s.suppress_phone as "suppressPhone", s.suppress_email as "suppressEmail",
  greatest(s.details_verified_at, s.created_at) as "lastUpdated"`;
/** Personal contact details only where the practitioner shares them with this partner, after its request. */
const practitionerColumns = sql`pr.id, pr.hpii, pr.given_name as "givenName",
  pr.family_name as "familyName", pr.preferred_name as "preferredName",
  case when share.id is not null then pr.personal_email end as "personalEmail",
  case when share.id is not null then pr.personal_phone end as "personalPhone",
  pr.updated_at as "lastUpdated"`;
const practitionerFrom = (partner: string) => sql`from practitioners pr
  left join practitioner_publications share on share.practitioner_id = pr.id
    and share.partner_service_id = ${partner}::uuid and share.share_personal_contact
    and share.personal_contact_requested_at is not null`;
const roleColumns = sql`r.id, r.practitioner_id as "practitionerId",
  r.healthcare_service_id as "healthcareServiceId", s.organisation_id as "organisationId",
  s.location_id as "locationId", r.primary_type as "primaryType", r.start_date::text as "startDate",
  r.end_date::text as "endDate", r.created_at as "lastUpdated"`;

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
          left join practitioner_publications pp
            on pp.practitioner_id = r.practitioner_id and pp.partner_service_id = ${partner}::uuid
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
