import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import {
  practitionerChoices,
  roleVisibleJoin,
  roleVisibleWhere,
  visibility,
} from '#platform/partner-visibility.ts';

// Read-only data access of the operator's publications overview (docs/decisions/066-publications-overview.md).
// What a partner receives is decided by the partner API's own rule (platform/partner-visibility.ts), so the
// counts are what the partner reads, not the rows people wrote.

type Rows<T> = { rows: T[] };
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

export interface SummaryRow {
  id: string;
  name: string;
  role: string;
  organisations: number;
  locations: number;
  healthcare_services: number;
  practitioner_roles: number;
  practitioners: number;
  changed_at: string | null;
  changed_by_id: string | null;
  changed_by_given: string | null;
  changed_by_family: string | null;
}

export interface EntityRow {
  rank: number;
  sort_key: string;
  type: string;
  id: string;
  name: string;
  organisation_type: string | null;
  organisation_id: string | null;
  organisation_name: string | null;
  service_id: string | null;
  service_name: string | null;
}

/** A place in the drill-down's order: strictly after (rank, sort key, id). */
export interface EntityCursor {
  rank: number;
  sortKey: string;
  id: string;
}

/** The drill-down's kinds in their order. */
const RANKS = {
  organisation: 1,
  location: 2,
  'healthcare-service': 3,
  'practitioner-role': 4,
  practitioner: 5,
} as const;
export type EntityKind = keyof typeof RANKS;

const ISO_MICROS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
const orgName = (o: string) => sql.raw(`coalesce(${o}.business_name, ${o}.name)`);
const personName = (p: string) => sql.raw(`${p}.given_name || ' ' || ${p}.family_name`);

/**
 * Every entity `partner` receives, as one CTE `published` (after the visibility CTEs): organisations,
 * locations, services, roles (the partner API's role rule) and practitioners whose own choice publishes.
 */
function published(partner: string | SQL): SQL {
  return sql`${visibility(partner)},
    published as (
      select 1 as rank, 'organisation' as type, o.id, ${orgName('o')} as name, o.type as organisation_type,
        null::uuid as organisation_id, null as organisation_name, null::uuid as service_id, null as service_name
      from vis_org v join organisations o on o.id = v.id
      union all
      select 2, 'location', l.id, l.name, null, o.id, ${orgName('o')}, null, null
      from vis_loc v join locations l on l.id = v.id join organisations o on o.id = l.organisation_id
      union all
      select 3, 'healthcare-service', s.id, s.name, null, o.id, ${orgName('o')}, null, null
      from vis_svc v join healthcare_services s on s.id = v.id
        join organisations o on o.id = s.organisation_id
      union all
      select 4, 'practitioner-role', r.id, ${personName('pr')}, null, o.id, ${orgName('o')}, s.id, s.name
      from practitioner_roles r ${roleVisibleJoin(partner, sql`r`, sql`vs`, sql`pp`)}
        join practitioners pr on pr.id = r.practitioner_id
        join healthcare_services s on s.id = r.healthcare_service_id
        join organisations o on o.id = s.organisation_id
      where ${roleVisibleWhere(sql`vs`, sql`pp`)}
      union all
      select 5, 'practitioner', pr.id, ${personName('pr')}, null, null, null, null, null
      from ${practitionerChoices(partner)} own join practitioners pr on pr.id = own.practitioner_id
      where own.publish
    ),
    ordered as (select p.*, lower(p.name) as sort_key from published p)`;
}

const ofKind = (kind: EntityKind | undefined) => (kind ? sql`rank = ${RANKS[kind]}` : sql`true`);

export function publicationsOverviewRepository(db: Database) {
  return {
    /**
     * Every partner service with its counts and its newest publication change: one statement. Each
     * partner's visibility is decided in a lateral subquery (a handful of partners, a few rows each).
     */
    summaries(): Promise<SummaryRow[]> {
      return rowsOf<SummaryRow>(
        db,
        sql`
        select ps.id, ps.name, ps.role, c.organisations, c.locations, c.healthcare_services,
          c.practitioner_roles, c.practitioners,
          to_char(last.at at time zone 'UTC', ${sql.raw(ISO_MICROS)}) as changed_at,
          u.id as changed_by_id, u.given_name as changed_by_given, u.family_name as changed_by_family
        from partner_services ps
        cross join lateral (
          with recursive ${published(sql`ps.id`)}
          select
            count(*) filter (where rank = 1)::int as organisations,
            count(*) filter (where rank = 2)::int as locations,
            count(*) filter (where rank = 3)::int as healthcare_services,
            count(*) filter (where rank = 4)::int as practitioner_roles,
            count(*) filter (where rank = 5)::int as practitioners
          from published
        ) c
        left join lateral (
          select x.at, x.by from (
            select updated_at as at, updated_by_user_id as by from partner_publications
              where partner_service_id = ps.id
            union all
            select updated_at, updated_by_user_id from practitioner_publications
              where partner_service_id = ps.id
          ) x order by x.at desc limit 1
        ) last on true
        left join users u on u.id = last.by
        order by ps.name, ps.id`,
      );
    },

    /** The partner service's id and name, or null when there is none with that id. */
    async partner(id: string): Promise<{ id: string; name: string } | null> {
      const rows = await rowsOf<{ id: string; name: string }>(
        db,
        sql`select id, name from partner_services where id = ${id}::uuid`,
      );
      return rows[0] ?? null;
    },

    /**
     * One page of what the partner receives, in the drill-down's order, with the number of all that the
     * filter matches: one statement (the count's row comes back even past the last page).
     */
    async page(
      partner: string,
      kind: EntityKind | undefined,
      offset: number,
      limit: number,
    ): Promise<{ total: number; rows: EntityRow[] }> {
      const rows = await rowsOf<EntityRow & { total: number; id: string | null }>(
        db,
        sql`
        with recursive ${published(partner)}
        select t.total, p.* from
          (select count(*)::int as total from ordered where ${ofKind(kind)}) t
        left join lateral (
          select * from ordered where ${ofKind(kind)}
          order by rank, sort_key, id limit ${limit} offset ${offset}
        ) p on true
        order by p.rank, p.sort_key, p.id`,
      );
      return {
        total: rows[0]?.total ?? 0,
        rows: rows.filter((r) => r.id !== null),
      };
    },

    /** Up to `limit` entities after `cursor` (keyset: each CSV batch continues after the last). */
    after(
      partner: string,
      kind: EntityKind | undefined,
      cursor: EntityCursor | null,
      limit: number,
    ): Promise<EntityRow[]> {
      const after = cursor
        ? sql`(rank, sort_key, id) > (${cursor.rank}::int, ${cursor.sortKey}::text, ${cursor.id}::uuid)`
        : sql`true`;
      return rowsOf<EntityRow>(
        db,
        sql`
        with recursive ${published(partner)}
        select * from ordered where ${ofKind(kind)} and ${after}
        order by rank, sort_key, id limit ${limit}`,
      );
    },
  };
}
