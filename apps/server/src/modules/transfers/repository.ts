import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '#db/client.ts';
import { organisations, transfers, users } from '#db/schema/index.ts';

type Executor = Database | Transaction;
type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

const fromOrg = alias(organisations, 'from_org');
const toOrg = alias(organisations, 'to_org');
const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

/** An organisation and whether it and every organisation above it is Active. */
export interface LiveOrganisation {
  id: string;
  name: string;
  type: string;
  live: boolean;
}

/** A location or service row as a transfer locks it. */
export interface LockedEntity {
  id: string;
  name: string;
  organisation_id: string;
}

/**
 * How many transfers wait for the receiving organisation's answer: the operator's home shows it
 * (docs/decisions/067-transfers.md).
 */
export async function countPendingTransfers(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transfers)
    .where(eq(transfers.status, 'Pending'));
  return row?.n ?? 0;
}

/** Data access of transfers (docs/decisions/067-transfers.md). */
export function transfersRepository(db: Database) {
  const listQuery = () =>
    db
      .select({
        transfer: transfers,
        fromName: fromOrg.name,
        toName: toOrg.name,
        requestedBy: sql<string | null>`${requester.givenName} || ' ' || ${requester.familyName}`,
        decidedBy: sql<string | null>`${decider.givenName} || ' ' || ${decider.familyName}`,
      })
      .from(transfers)
      .innerJoin(fromOrg, eq(fromOrg.id, transfers.fromOrganisationId))
      .innerJoin(toOrg, eq(toOrg.id, transfers.toOrganisationId))
      .leftJoin(requester, eq(requester.id, transfers.requestedByUserId))
      .leftJoin(decider, eq(decider.id, transfers.decidedByUserId));

  return {
    /** Transfers, pending first then newest; `organisationIds` limits them to those organisations' (null: all). */
    list: (organisationIds: string[] | null, limit: number) => {
      const q = listQuery();
      const where =
        organisationIds === null
          ? undefined
          : or(
              inArray(transfers.fromOrganisationId, organisationIds),
              inArray(transfers.toOrganisationId, organisationIds),
            );
      return (where ? q.where(where) : q)
        .orderBy(sql`${transfers.status} = 'Pending' desc`, desc(transfers.createdAt))
        .limit(limit);
    },

    async one(id: string) {
      const [row] = await listQuery().where(eq(transfers.id, id));
      return row;
    },

    /** The organisation, whether it and each one above it is Active, by one recursive statement. */
    async organisation(db2: Executor, id: string): Promise<LiveOrganisation | undefined> {
      const [row] = await rowsOf<LiveOrganisation>(
        db2,
        sql`with recursive up as (
              select id, parent_id, status from organisations where id = ${id}::uuid
              union all
              select o.id, o.parent_id, o.status from organisations o join up on o.id = up.parent_id)
            select o.id, o.name, o.type, (select bool_and(status = 'Active') from up) as live
              from organisations o where o.id = ${id}::uuid`,
      );
      return row;
    },

    /** Every organisation with its locations and services, for the operator's form. */
    options: () =>
      rowsOf<{
        id: string;
        name: string;
        type: string;
        locations: Array<{ id: string; name: string }>;
        services: Array<{ id: string; name: string; locationId: string | null }>;
      }>(
        db,
        sql`select o.id, o.name, o.type,
              coalesce((select json_agg(json_build_object('id', l.id, 'name', l.name) order by l.name)
                          from locations l where l.organisation_id = o.id), '[]') as locations,
              coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name, 'locationId', s.location_id) order by s.name)
                          from healthcare_services s where s.organisation_id = o.id), '[]') as services
            from organisations o
           where o.status = 'Active'
           order by o.name`,
      ),

    /** The location or service as it is now (no lock), for starting a transfer. */
    async entity(type: 'Location' | 'HealthcareService', id: string) {
      const table = type === 'Location' ? sql`locations` : sql`healthcare_services`;
      const [row] = await rowsOf<LockedEntity>(
        db,
        sql`select id, name, organisation_id from ${table} where id = ${id}::uuid`,
      );
      return row;
    },

    /** Locks the transfer row until the transaction ends (SELECT … FOR UPDATE). */
    async lockTransfer(tx: Transaction, id: string) {
      const [row] = await tx.select().from(transfers).where(eq(transfers.id, id)).for('update');
      return row;
    },

    /**
     * Locks the entity and, for a location, the services at it: an edit of any of them waits for the
     * transfer, and the transfer waits for an edit already under way (decision 067).
     */
    async lockEntity(tx: Transaction, type: 'Location' | 'HealthcareService', id: string) {
      if (type === 'HealthcareService') {
        const [service] = await rowsOf<LockedEntity>(
          tx,
          sql`select id, name, organisation_id from healthcare_services where id = ${id}::uuid for update`,
        );
        return { entity: service, services: service ? [service] : [] };
      }
      const [location] = await rowsOf<LockedEntity>(
        tx,
        sql`select id, name, organisation_id from locations where id = ${id}::uuid for update`,
      );
      const services = location
        ? await rowsOf<LockedEntity>(
            tx,
            sql`select id, name, organisation_id from healthcare_services
                 where location_id = ${id}::uuid and organisation_id = ${location.organisation_id}::uuid
                 order by id for update`,
          )
        : [];
      return { entity: location, services };
    },

    /**
     * Moves the location (if any) and the services to the receiving organisation, with the endpoints they own:
     * an endpoint's `organisation_id` is its owner's organisation (docs/decisions/085-location-endpoints.md),
     * which its audit trail and the partner API's managingOrganization read.
     */
    async move(
      tx: Transaction,
      to: string,
      locationId: string | null,
      serviceIds: string[],
      detachServiceFromLocation: boolean,
    ) {
      if (locationId)
        await tx.execute(
          sql`update locations set organisation_id = ${to}::uuid where id = ${locationId}::uuid`,
        );
      if (serviceIds.length)
        await tx.execute(
          sql`update healthcare_services set organisation_id = ${to}::uuid
               ${detachServiceFromLocation ? sql`, location_id = null` : sql``}
               where id in (${sql.join(
                 serviceIds.map((s) => sql`${s}::uuid`),
                 sql`, `,
               )})`,
        );
      const owners = [
        ...(locationId ? [sql`location_id = ${locationId}::uuid`] : []),
        ...(serviceIds.length
          ? [
              sql`healthcare_service_id in (${sql.join(
                serviceIds.map((s) => sql`${s}::uuid`),
                sql`, `,
              )})`,
            ]
          : []),
      ];
      if (owners.length)
        await tx.execute(
          sql`update endpoints set organisation_id = ${to}::uuid
               where ${sql.join(owners, sql` or `)}`,
        );
    },

    /** Practitioner roles at these services (they follow their service: nothing to write). */
    async roleIds(tx: Transaction, serviceIds: string[]) {
      if (!serviceIds.length) return [];
      const rows = await rowsOf<{ id: string }>(
        tx,
        sql`select id from practitioner_roles where healthcare_service_id in (${sql.join(
          serviceIds.map((s) => sql`${s}::uuid`),
          sql`, `,
        )})`,
      );
      return rows.map((r) => r.id);
    },

    /**
     * Moves the publications of the location and services to the receiving organisation. One publishing
     * keeps publishing only where the receiving organisation (or one above it) has its own publication to
     * that partner on the partner's latest statement with someone's acceptance; it then carries that
     * acceptance. Every other one is paused: nothing publishes on the giving organisation's consent
     * (docs/decisions/056-publications-need-current-acceptance.md, 067).
     */
    async movePublications(
      tx: Transaction,
      from: string,
      to: string,
      locationId: string | null,
      serviceIds: string[],
      userId: string,
    ) {
      const ids = serviceIds.length
        ? sql`healthcare_service_id in (${sql.join(
            serviceIds.map((s) => sql`${s}::uuid`),
            sql`, `,
          )})`
        : sql`false`;
      const level = locationId ? sql`(location_id = ${locationId}::uuid or ${ids})` : ids;
      return rowsOf<{
        id: string;
        publish: boolean;
        paused: boolean;
        partner_service_name: string;
        entity_name: string;
      }>(
        tx,
        sql`with recursive up as (
              select id, parent_id from organisations where id = ${to}::uuid
              union all
              select o.id, o.parent_id from organisations o join up on o.id = up.parent_id),
            latest as (
              select distinct on (partner_service_id) partner_service_id, id
                from information_use_statements order by partner_service_id, version desc),
            consent as (
              select distinct on (p.partner_service_id) p.partner_service_id, p.information_use_statement_id,
                     p.accepted_by_user_id, p.accepted_at
                from partner_publications p
                join latest on latest.partner_service_id = p.partner_service_id
                           and latest.id = p.information_use_statement_id
               where p.organisation_id in (select id from up)
                 and p.location_id is null and p.healthcare_service_id is null
                 and p.publish and p.accepted_by_user_id is not null
               order by p.partner_service_id, p.accepted_at desc),
            moving as (
              select p.id, p.publish, c.partner_service_id is null as unconsented,
                     c.information_use_statement_id, c.accepted_by_user_id, c.accepted_at
                from partner_publications p
                left join consent c on c.partner_service_id = p.partner_service_id
               where p.organisation_id = ${from}::uuid and ${level}
               for update of p),
            moved as (
              update partner_publications p set
                organisation_id = ${to}::uuid,
                publish = p.publish and not m.unconsented,
                information_use_statement_id = case when not p.publish then p.information_use_statement_id
                  when m.unconsented then null else m.information_use_statement_id end,
                accepted_by_user_id = case when not p.publish then p.accepted_by_user_id
                  when m.unconsented then null else m.accepted_by_user_id end,
                accepted_at = case when not p.publish then p.accepted_at
                  when m.unconsented then null else m.accepted_at end,
                updated_by_user_id = ${userId}::uuid,
                updated_at = now()
                from moving m where m.id = p.id
              returning p.id, m.publish, m.publish and m.unconsented as paused,
                        p.partner_service_id, p.location_id, p.healthcare_service_id)
            select moved.id, moved.publish, moved.paused, ps.name as partner_service_name,
                   coalesce(l.name, s.name) as entity_name
              from moved
              join partner_services ps on ps.id = moved.partner_service_id
              left join locations l on l.id = moved.location_id
              left join healthcare_services s on s.id = moved.healthcare_service_id
             order by ps.name, entity_name`,
      );
    },

    /**
     * Open tasks about the moved entities follow them: a copy goes to each practitioner who may verify the
     * entity in its new organisation (its managers, or one above it, and the service's own managers, as
     * the reminder job chooses, docs/decisions/027-reminders.md), and the copies held by people who no
     * longer may are removed. Returns how many tasks were reassigned.
     */
    async moveTasks(tx: Transaction, to: string, entityIds: string[]) {
      if (!entityIds.length) return 0;
      const list = sql.join(
        entityIds.map((e) => sql`${e}::uuid`),
        sql`, `,
      );
      const [row] = await rowsOf<{ moved: number }>(
        tx,
        sql`with recursive up as (
              select id, parent_id from organisations where id = ${to}::uuid
              union all
              select o.id, o.parent_id from organisations o join up on o.id = up.parent_id),
            managers as (
              select distinct p.id as practitioner_id from role_memberships rm
                join users u on u.id = rm.user_id and u.is_active
                join practitioners p on p.user_id = rm.user_id
               where rm.role_type = 'OrganisationManager' and rm.organisation_id in (select id from up)),
            open as (
              select t.*, coalesce(r.healthcare_service_id,
                       case when t.entity_type = 'HealthcareService' then t.entity_id end) as service_id
                from tasks t left join practitioner_roles r on t.entity_type = 'PractitionerRole' and r.id = t.entity_id
               where t.status = 'NotComplete' and t.entity_id in (${list})
               for update of t),
            verifiers as (
              select o.id as task_id, v.practitioner_id from open o
                join lateral (
                  select practitioner_id from managers
                  union
                  select p.id from role_memberships rm
                    join users u on u.id = rm.user_id and u.is_active
                    join practitioners p on p.user_id = rm.user_id
                   where rm.role_type = 'HealthcareServiceManager' and rm.healthcare_service_id = o.service_id
                ) v on true),
            stale as (
              select o.* from open o
               where o.practitioner_id is not null
                 and not exists (select 1 from verifiers v where v.task_id = o.id and v.practitioner_id = o.practitioner_id)
                 -- With nobody to take it over, a task stays where it is rather than vanish.
                 and exists (select 1 from verifiers v where v.task_id = o.id)),
            copies as (
              insert into tasks (practitioner_id, kind, entity_type, entity_id, status, priority_code,
                                 partner_service_id, reason, properties, form_url, dedupe_key, partner_request_id, created_at)
              select distinct on (v.practitioner_id, s.kind, s.entity_id, coalesce(s.partner_request_id::text, s.reason))
                     v.practitioner_id, s.kind, s.entity_type, s.entity_id, s.status, s.priority_code,
                     s.partner_service_id, s.reason, s.properties, s.form_url,
                     case when s.dedupe_key is null then null
                          else replace(s.dedupe_key, s.practitioner_id::text, v.practitioner_id::text) end,
                     s.partner_request_id, s.created_at
                from stale s join verifiers v on v.task_id = s.id
               where not exists (
                 select 1 from open o where o.practitioner_id = v.practitioner_id and o.kind = s.kind
                    and o.entity_id = s.entity_id
                    and coalesce(o.partner_request_id::text, o.reason) = coalesce(s.partner_request_id::text, s.reason))
              on conflict (dedupe_key) do nothing
              returning id),
            removed as (delete from tasks where id in (select id from stale) returning id)
          select (select count(*) from removed)::int as moved, (select count(*) from copies)::int as copies`,
      );
      return row?.moved ?? 0;
    },

    /** The managers of an organisation (on it or one above it), with how to reach them. */
    managers: (db2: Executor, organisationId: string) =>
      rowsOf<{ given_name: string; email: string | null }>(
        db2,
        sql`with recursive up as (
              select id, parent_id from organisations where id = ${organisationId}::uuid
              union all
              select o.id, o.parent_id from organisations o join up on o.id = up.parent_id)
            select distinct u.given_name, u.email from role_memberships rm join users u on u.id = rm.user_id
             where rm.role_type = 'OrganisationManager' and rm.organisation_id in (select id from up)
               and u.is_active and u.email is not null`,
      ),

    insert: async (tx: Transaction, values: typeof transfers.$inferInsert) => {
      const [row] = await tx.insert(transfers).values(values).returning();
      return row!;
    },

    /** Records an answer on a pending transfer; undefined when it is no longer pending. */
    decide: async (
      tx: Transaction,
      id: string,
      values: Partial<typeof transfers.$inferInsert> & {
        status: 'Completed' | 'Declined' | 'Cancelled';
      },
    ) => {
      const [row] = await tx
        .update(transfers)
        .set({ ...values, decidedAt: new Date() })
        .where(and(eq(transfers.id, id), eq(transfers.status, 'Pending')))
        .returning();
      return row;
    },
  };
}
