/**
 * Organisations form a tree through `parent_id`. Every walk of it is written here, as common table
 * expressions a query puts after `with recursive`, so the rule for "beneath" and "above" lives in one place.
 */
import { sql, type SQL } from 'drizzle-orm';

const name = (cte: string) => sql.raw(cte);

/** `cte(id)`: the organisations `roots` selects (one id column) and every organisation beneath them. */
export const descendantsCte = (cte: string, roots: SQL): SQL => sql`${name(cte)}(id) as (
    ${roots}
    union
    select o.id from organisations o join ${name(cte)} t on o.parent_id = t.id
  )`;

/**
 * `cte(organisation_id, role_type)`: each role `memberships` selects (organisation id, role type), held on
 * its organisation and inherited by every organisation beneath it.
 */
export const inheritedRolesCte = (cte: string, memberships: SQL): SQL => sql`${name(
  cte,
)}(organisation_id, role_type) as (
    ${memberships}
    union
    select o.id, s.role_type from organisations o join ${name(cte)} s on o.parent_id = s.organisation_id
  )`;

/** `cte(id, parent_id)`: the organisations whose ids `seeds` selects, and every organisation above them. */
export const ancestorsCte = (cte: string, seeds: SQL): SQL => sql`${name(cte)}(id, parent_id) as (
    select o.id, o.parent_id from organisations o where o.id in (${seeds})
    union
    select o.id, o.parent_id from organisations o join ${name(cte)} up on o.id = up.parent_id
  )`;
