import type { TrailRow } from '#platform/audit-present.ts';
import { sql, type SQL } from 'drizzle-orm';
import { auditEntityTypes, type AuditEntityFilter } from '@pca/contracts';
import type { Database } from '#db/client.ts';

type Rows<T> = { rows: T[] };

/**
 * Whose trail is read (docs/decisions/061-audit-events.md): the events a user made, the events about
 * (or made for) a practitioner, and the events of organisations. Each is one branch of the query,
 * read newest first through its own (who, at, id) index; a row two branches share is kept by the first.
 */
export interface Trail {
  /** The trail's own user: what they did. Null for a practitioner without a portal account. */
  userId: string | null;
  /** The trail's practitioner: what was done about them or for them. */
  practitionerId: string | null;
  /** Organisations whose managers the trail's user is: what happened to them. */
  organisationIds: string[];
}

/** The filters: days (yyyy-mm-dd) are Sydney days, both ends included. */
export interface TrailFilter {
  from?: string | undefined;
  to?: string | undefined;
  entity?: AuditEntityFilter | undefined;
  actor?: string | undefined;
}

/** Where the portal's days begin and end (as the reminders count them). */
const TIME_ZONE = 'Australia/Sydney';

/** A place in the trail: strictly older than (at, id). */
export interface Cursor {
  at: string;
  id: string;
}

const ISO_MICROS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/** The WHERE of every branch: the filters and the cursor. */
function filtersOf(filter: TrailFilter, cursor: Cursor | null): SQL {
  const parts: SQL[] = [];
  if (filter.from)
    parts.push(sql`e.at >= (${filter.from}::date::timestamp at time zone ${TIME_ZONE})`);
  if (filter.to)
    parts.push(sql`e.at < ((${filter.to}::date + 1)::timestamp at time zone ${TIME_ZONE})`);
  if (filter.entity) {
    const types = auditEntityTypes[filter.entity].types;
    parts.push(
      types.length === 1
        ? sql`e.entity_type = ${types[0]}`
        : sql`e.entity_type in (${sql.join(
            types.map((t) => sql`${t}`),
            sql`, `,
          )})`,
    );
  }
  if (filter.actor) parts.push(sql`e.actor_user_id = ${filter.actor}::uuid`);
  if (cursor) parts.push(sql`(e.at, e.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** Whether a row belongs to the trail, as one condition (the actor filter's single branch). */
function inTrail(trail: Trail): SQL {
  const parts: SQL[] = [];
  if (trail.userId) parts.push(sql`e.actor_user_id = ${trail.userId}::uuid`);
  if (trail.practitionerId)
    parts.push(sql`e.subject_practitioner_id = ${trail.practitionerId}::uuid`);
  if (trail.organisationIds.length)
    parts.push(
      sql`e.organisation_id in (${sql.join(
        trail.organisationIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/**
 * The branches of a trail, each with what makes its rows its own and excludes those of the branches
 * before it, so that UNION ALL never shows a row twice. Filtered by actor, it is one branch instead: that
 * person's rows (their own index range, in order) that belong to the trail — read per branch, an actor
 * who never touched an organisation would have its whole range read to find nothing.
 */
function branchesOf(trail: Trail, filter: TrailFilter): SQL[] {
  if (filter.actor) return [inTrail(trail)];
  const branches: SQL[] = [];
  const notActor = trail.userId
    ? sql`e.actor_user_id is distinct from ${trail.userId}::uuid`
    : sql`true`;
  if (trail.userId) branches.push(sql`e.actor_user_id = ${trail.userId}::uuid`);
  if (trail.practitionerId)
    branches.push(sql`e.subject_practitioner_id = ${trail.practitionerId}::uuid and ${notActor}`);
  const notSubject = trail.practitionerId
    ? sql`e.subject_practitioner_id is distinct from ${trail.practitionerId}::uuid`
    : sql`true`;
  // One branch per organisation: each reads its own index range already in order, which `= any(…)`
  // over several organisations cannot (it would read all of them, then sort).
  for (const organisationId of trail.organisationIds)
    branches.push(
      sql`e.organisation_id = ${organisationId}::uuid and ${notActor} and ${notSubject}`,
    );
  return branches;
}

/** Data access of the audit trail. */
export function auditEventsRepository(db: Database) {
  return {
    /**
     * Up to `limit` rows of the trail older than `cursor`, newest first, with the names they show: one
     * statement, each branch stopping after `limit` rows of its index.
     */
    async page(
      trail: Trail,
      filter: TrailFilter,
      cursor: Cursor | null,
      limit: number,
    ): Promise<TrailRow[]> {
      const branches = branchesOf(trail, filter);
      if (!branches.length) return [];
      const where = filtersOf(filter, cursor);
      const union = sql.join(
        branches.map(
          (who) => sql`(select e.* from audit_events e where ${who} and ${where}
            order by e.at desc, e.id desc limit ${limit})`,
        ),
        sql` union all `,
      );
      const result = (await db.execute(sql`
        select t.id, to_char(t.at at time zone 'UTC', ${sql.raw(ISO_MICROS)}) as at, t.action,
          t.entity_type, t.entity_id, t.changed_fields, t.actor_user_id,
          a.given_name as actor_given, a.family_name as actor_family,
          t.acting_for_practitioner_id, p.given_name as acting_given, p.family_name as acting_family,
          t.organisation_id, coalesce(o.business_name, o.name) as organisation_name
        from (select * from (${union}) u order by u.at desc, u.id desc limit ${limit}) t
        left join users a on a.id = t.actor_user_id
        left join practitioners p on p.id = t.acting_for_practitioner_id
        left join organisations o on o.id = t.organisation_id
        order by t.at desc, t.id desc`)) as unknown as Rows<TrailRow>;
      return result.rows;
    },

    /** The user id and name of a practitioner (the trail of a managed practitioner). */
    async practitioner(id: string) {
      const result = (await db.execute(sql`
        select user_id, given_name, family_name from practitioners where id = ${id}::uuid`)) as unknown as Rows<{
        user_id: string | null;
        given_name: string;
        family_name: string;
      }>;
      return result.rows[0] ?? null;
    },

    /**
     * Who the actor filter offers: the trail's user, the delegates of its practitioner (their
     * delegations in any state), and the people holding a role on its organisations or on one of their
     * healthcare services; one statement.
     */
    async actors(trail: Trail) {
      const parts: SQL[] = [];
      if (trail.userId) parts.push(sql`select ${trail.userId}::uuid as id`);
      if (trail.practitionerId)
        parts.push(sql`select delegate_user_id from delegations
          where practitioner_id = ${trail.practitionerId}::uuid and delegate_user_id is not null`);
      if (trail.organisationIds.length) {
        const organisations = sql.join(
          trail.organisationIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        );
        parts.push(
          sql`select user_id from role_memberships where organisation_id in (${organisations})`,
        );
        // Roles on a healthcare service of those organisations (HealthcareServiceManager).
        parts.push(sql`select m.user_id from role_memberships m
          join healthcare_services hs on hs.id = m.healthcare_service_id
          where hs.organisation_id in (${organisations})`);
      }
      if (!parts.length) return [];
      const result = (await db.execute(sql`
        select u.id, u.given_name, u.family_name from users u
        where u.id in (${sql.join(parts, sql` union `)})
        order by u.family_name, u.given_name, u.id`)) as unknown as Rows<{
        id: string;
        given_name: string;
        family_name: string;
      }>;
      return result.rows;
    },
  };
}
