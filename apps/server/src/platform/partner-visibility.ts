import { sql, type SQL } from 'drizzle-orm';

// What one partner may see (docs/decisions/030-publishing-to-partners.md, 031-fhir-partner-api.md), as SQL:
// the nearest publication row decides — a healthcare service's own, else its location's, else its
// organisation's, else the nearest ancestor organisation's; no row means not published. A practitioner is
// seen through their roles in published services, unless they said no to that partner (or their yes is on an
// older statement); without a choice of their own, only where the deciding publication publishes practitioners
// too (publish_future_practitioners).
// `partner` is a partner service's id, or an expression naming one (the overview reads every partner at once).

/**
 * The CTEs naming what `partner` sees of the organisations, locations and services: vis_org, vis_loc, vis_svc
 * (a few rows each, however many roles there are). Roles and practitioners join vis_svc and the partner's
 * practitioner choices (`roleVisibleJoin`) after a search's own filters, so a search over 10,000 roles never
 * decides the visibility of all of them.
 */
export function visibility(partner: string | SQL): SQL {
  // A row publishes only while it names the partner's latest information use statement: a newer statement
  // pauses it until someone accepts that version (docs/decisions/064-partner-services.md).
  const publishes = sql`p.publish and p.information_use_statement_id = (select i.id
      from information_use_statements i where i.partner_service_id = ${partner}::uuid
      order by i.version desc limit 1)`;
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
      select lp.id from loc_pub lp join partner_publications p on p.id = lp.pub_id where ${publishes}
    ),
    vis_svc as (
      select sp.id, p.publish_future_practitioners as future
      from svc_pub sp join partner_publications p on p.id = sp.pub_id where ${publishes}
    ),
    vis_org as (
      select op.id from org_pub op join partner_publications p on p.id = op.pub_id where ${publishes}
      union select s.organisation_id from healthcare_services s join vis_svc vs on vs.id = s.id
      union select l.organisation_id from locations l join vis_loc vl on vl.id = l.id
    )`;
}

/**
 * The partner's practitioner choices as a derived table (practitioner_id, publish): a choice that publishes counts
 * only while it names the partner's latest information use statement, so a newer statement pauses it as it pauses
 * the organisations' rows (docs/decisions/081-practitioner-publication-acceptance.md); `publish` is null where the
 * practitioner has not chosen, so the deciding publication's `publish_future_practitioners` applies.
 */
export const practitionerChoices = (partner: string | SQL) => sql`(
  select pc.practitioner_id, case when pc.publish then coalesce(
      pc.information_use_statement_id = (select i.id from information_use_statements i
        where i.partner_service_id = ${partner}::uuid order by i.version desc limit 1), false)
    else pc.publish end as publish
  from practitioner_publications pc where pc.partner_service_id = ${partner}::uuid)`;

/**
 * Joins that keep only the roles `r` the partner sees: their service is seen (vis_svc), and their practitioner's
 * own choice for that partner, else the deciding publication (`vs.future`), says so. Joins rather than a check
 * per row: a postcode's 2,000 roles are matched against a few services and one hash of the partner's
 * practitioner choices (docs/decisions/031-fhir-partner-api.md, Consequences).
 */
export const roleVisibleJoin = (partner: string | SQL, r: SQL, vs: SQL, pp: SQL) => sql`
  join vis_svc ${vs} on ${vs}.id = ${r}.healthcare_service_id
  left join ${practitionerChoices(partner)} ${pp} on ${pp}.practitioner_id = ${r}.practitioner_id`;
export const roleVisibleWhere = (vs: SQL, pp: SQL) => sql`coalesce(${pp}.publish, ${vs}.future)`;
