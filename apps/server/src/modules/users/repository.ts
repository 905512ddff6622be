import { sql, type SQL } from 'drizzle-orm';
import { usersCountLimit, type UserSort } from '@pca/contracts';
import type { Database, Transaction } from '#db/client.ts';
import { usersSearchText } from '#db/schema/index.ts';
import type { TrailRow } from '#platform/audit-present.ts';

type Rows<T> = { rows: T[] };

/** A user as the list shows it. */
export interface UserListRow {
  id: string;
  ra_number: string;
  given_name: string;
  family_name: string;
  email: string | null;
  is_active: boolean;
  last_login_at: string | null;
}

export interface UserDetailRow extends UserListRow {
  phone: string | null;
  created_at: string;
  practitioner_id: string | null;
}

/** `%`, `_` and `\` stand for themselves in the search term. */
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Each order ends with the id, so pages never overlap or skip a row, and each is its index read forwards
 * or backwards (schema/users.ts): so an email's blanks come last A to Z and first Z to A, and "never
 * signed in" comes last when the most recent come first.
 */
function orderOf(sort: UserSort, direction: 'asc' | 'desc'): SQL {
  const d = sql.raw(direction);
  switch (sort) {
    case 'raNumber':
      return sql`u.ra_number ${d}, u.id ${d}`;
    case 'email':
      return sql`u.email ${d}, u.id ${d}`;
    case 'lastLogin':
      return direction === 'desc'
        ? sql`u.last_login_at desc nulls last, u.id desc nulls last`
        : sql`u.last_login_at asc nulls first, u.id asc nulls first`;
    default:
      return sql`u.family_name ${d}, u.given_name ${d}, u.id ${d}`;
  }
}

/**
 * What a term matches: digits are the start of an RA number (a prefix range of its index: every RA
 * number shares most of its trigrams); anything else any part of the RA number, name or email, through the
 * trigram index on usersSearchText.
 */
function matching(q: string): SQL {
  if (!q) return sql`true`;
  if (/^\d+$/.test(q)) return sql`u.ra_number like ${`${q}%`}`;
  return sql`${usersSearchText} like ${likePattern(q)}`;
}

const LIST_COLUMNS = sql.raw(`u.id, u.ra_number, u.given_name, u.family_name, u.email, u.is_active,
  to_char(u.last_login_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_login_at`);

/** Data access of the operator's users (docs/decisions/063-users.md). */
export function usersRepository(db: Database) {
  return {
    /**
     * One page of users and how many match (counted up to usersCountLimit + 1): a search through its
     * index (matching), one statement unless more match than that; everyone in the order's own index.
     */
    async page(query: {
      q: string;
      sort: UserSort;
      direction: 'asc' | 'desc';
      page: number;
      pageSize: number;
    }): Promise<{ rows: UserListRow[]; total: number }> {
      const where = matching(query.q);
      const offset = (query.page - 1) * query.pageSize;
      const order = orderOf(query.sort, query.direction);
      const limit = usersCountLimit + 1;
      type Row = UserListRow & { total: number };
      const everyMatch = sql`select ${LIST_COLUMNS} from users u where ${where}
        order by ${order} limit ${query.pageSize} offset ${offset}`;
      if (query.q) {
        // A search reads its matches once (up to the limit) and pages them in memory: a name matches a
        // few hundred people at most. Only a wider search than the limit reads them again, to order them all.
        const result = (await db.execute(sql`
          with m as materialized (
            select u.id, u.ra_number, u.given_name, u.family_name, u.email, u.is_active, u.last_login_at
              from users u where ${where} limit ${limit}
          )
          select ${LIST_COLUMNS}, (select count(*) from m)::int as total
            from m u order by ${order} limit ${query.pageSize} offset ${offset}`)) as unknown as Rows<Row>;
        const total = Number(result.rows[0]?.total ?? 0);
        if (total < limit) {
          if (result.rows.length || offset === 0) return { rows: result.rows, total };
          const count = (await db.execute(sql`select count(*)::int as total from (
              select 1 from users u where ${where} limit ${limit}) c`)) as unknown as Rows<{
            total: number;
          }>;
          return { rows: [], total: Number(count.rows[0]?.total ?? 0) };
        }
        const all = (await db.execute(everyMatch)) as unknown as Rows<UserListRow>;
        return { rows: all.rows, total: limit };
      }
      // Everyone: the page in its index's order, counted apart (stopping at the limit).
      const result = (await db.execute(sql`
        with counted as (
          select count(*)::int as total from (select 1 from users u limit ${limit}) c
        )
        select ${LIST_COLUMNS}, (select total from counted) as total
          from users u order by ${order} limit ${query.pageSize} offset ${offset}`)) as unknown as Rows<Row>;
      if (result.rows.length) return { rows: result.rows, total: Number(result.rows[0]!.total) };
      const count = (await db.execute(
        sql`select count(*)::int as total from (select 1 from users u limit ${limit}) c`,
      )) as unknown as Rows<{ total: number }>;
      return { rows: [], total: Number(count.rows[0]?.total ?? 0) };
    },

    /** One user, with their practitioner's id. */
    async user(id: string): Promise<UserDetailRow | null> {
      const result = (await db.execute(sql`
        select ${LIST_COLUMNS}, u.phone,
          to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
          (select p.id from practitioners p where p.user_id = u.id limit 1) as practitioner_id
          from users u where u.id = ${id}::uuid`)) as unknown as Rows<UserDetailRow>;
      return result.rows[0] ?? null;
    },

    /** The user's roles and where they hold them. */
    async roles(userId: string) {
      const result = (await db.execute(sql`
        select m.role_type, o.id as organisation_id, coalesce(o.business_name, o.name) as organisation_name,
               hs.id as service_id, hs.name as service_name
          from role_memberships m
          left join healthcare_services hs on hs.id = m.healthcare_service_id
          left join organisations o on o.id = coalesce(m.organisation_id, hs.organisation_id)
         where m.user_id = ${userId}::uuid
         order by m.role_type, organisation_name, service_name`)) as unknown as Rows<{
        role_type: string;
        organisation_id: string | null;
        organisation_name: string | null;
        service_id: string | null;
        service_name: string | null;
      }>;
      return result.rows;
    },

    /** Delegations in both directions: where the user is the delegate, and where their practitioner delegates. */
    async delegations(userId: string, practitionerId: string | null) {
      const result = (await db.execute(sql`
        select d.id, 'delegate' as direction, p.given_name || ' ' || p.family_name as person, d.status,
               to_char(d.last_updated at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_updated
          from delegations d join practitioners p on p.id = d.practitioner_id
         where d.delegate_user_id = ${userId}::uuid
        union all
        select d.id, 'practitioner', d.given_name || ' ' || d.family_name, d.status,
               to_char(d.last_updated at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          from delegations d
         where d.practitioner_id = ${practitionerId}::uuid
         order by last_updated desc, id
         limit 100`)) as unknown as Rows<{
        id: string;
        direction: 'delegate' | 'practitioner';
        person: string;
        status: string;
        last_updated: string;
      }>;
      return result.rows;
    },

    /**
     * The newest audit events the user made, or about them (their account, or their practitioner): one
     * statement, each branch reading its own index range in order.
     */
    async auditEvents(userId: string, practitionerId: string | null, limit: number) {
      const result = (await db.execute(sql`
        select t.id, to_char(t.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, t.action,
          t.entity_type, t.entity_id, t.changed_fields, t.actor_user_id,
          a.given_name as actor_given, a.family_name as actor_family,
          t.acting_for_practitioner_id, p.given_name as acting_given, p.family_name as acting_family,
          t.organisation_id, coalesce(o.business_name, o.name) as organisation_name
        from (
          select * from (
            (select e.* from audit_events e where e.actor_user_id = ${userId}::uuid
              order by e.at desc, e.id desc limit ${limit})
            union
            (select e.* from audit_events e where e.subject_practitioner_id = ${practitionerId}::uuid
              order by e.at desc, e.id desc limit ${limit})
            union
            (select e.* from audit_events e
              where e.entity_type in ('User', 'user') and e.entity_id = ${userId}
              order by e.at desc, e.id desc limit ${limit})
          ) u order by u.at desc, u.id desc limit ${limit}
        ) t
        left join users a on a.id = t.actor_user_id
        left join practitioners p on p.id = t.acting_for_practitioner_id
        left join organisations o on o.id = t.organisation_id
        order by t.at desc, t.id desc`)) as unknown as Rows<TrailRow>;
      return result.rows;
    },

    /** Sets the user's active flag; false when it already had that value (nothing to do). */
    async setActive(tx: Transaction, id: string, active: boolean) {
      const result = (await tx.execute(sql`
        update users set is_active = ${active}, updated_at = now()
         where id = ${id}::uuid and is_active <> ${active}
        returning id`)) as unknown as Rows<{ id: string }>;
      return result.rows.length > 0;
    },

    /** Ends every live session of the user at once; how many. */
    async revokeSessions(tx: Transaction, userId: string) {
      const result = (await tx.execute(sql`
        update sessions set revoked_at = now(), managing_practitioner_id = null
         where user_id = ${userId}::uuid and revoked_at is null
        returning id`)) as unknown as Rows<{ id: string }>;
      return result.rows.length;
    },

    /**
     * Ends the user's delegations as the delegation rules move them (packages/contracts/src/delegation-rules.ts):
     * Accepted ones are Stopped, Invited and Pending ones Cancelled — both as the delegate and as the
     * practitioner. Returns what moved.
     */
    async endDelegations(
      tx: Transaction,
      userId: string,
      raNumber: string,
      practitionerId: string | null,
    ) {
      const result = (await tx.execute(sql`
        update delegations d
           set status = case when d.status = 'Accepted' then 'Stopped' else 'Cancelled' end,
               last_updated = now()
         where d.status in ('Accepted', 'Invited', 'Pending')
           and (d.delegate_user_id = ${userId}::uuid or d.ra_number = ${raNumber}
                or d.practitioner_id = ${practitionerId}::uuid)
        returning d.id, d.practitioner_id, d.status`)) as unknown as Rows<{
        id: string;
        practitioner_id: string;
        status: 'Stopped' | 'Cancelled';
      }>;
      return result.rows;
    },

    /**
     * Gives the user with this RA number the operator role, unscoped, unless they hold it: what the role
     * was, or null when no user has that RA number.
     */
    async grantOperator(tx: Transaction, raNumber: string) {
      const result = (await tx.execute(sql`
        with target as (select id from users where ra_number = ${raNumber} for update),
             had as (select 1 from role_memberships m join target on m.user_id = target.id
                      where m.role_type = 'PcaOperator'),
             added as (
               insert into role_memberships (user_id, role_type)
               select id, 'PcaOperator' from target where not exists (select 1 from had)
               returning id)
        select (select id from target) as user_id, exists(select 1 from had) as had,
               (select id from added) as membership_id`)) as unknown as Rows<{
        user_id: string | null;
        had: boolean;
        membership_id: string | null;
      }>;
      return result.rows[0]!;
    },
  };
}
