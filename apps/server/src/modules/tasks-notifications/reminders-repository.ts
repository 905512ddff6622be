import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import {
  credentialDocuments,
  healthcareServices,
  organisations,
  practitionerRoles,
  scheduledJobs,
  tasks,
} from '#db/schema/index.ts';

// The reminder job's reads and writes (docs/decisions/027-reminders.md); what they mean is in reminders.ts.

type Rows<T> = { rows: T[] };

/**
 * Inserts the confirm-details tasks due: entities of an Active organisation last verified at or before
 * `cutoff`, one per practitioner who may edit them, skipping an entity and practitioner with an open
 * reminder; the unique dedupe key makes a second run insert nothing. Answers how many it inserted.
 */
export async function insertConfirmDetailsTasks(
  db: Database,
  cutoff: string,
  today: string,
  reason: string,
): Promise<number> {
  const result = (await db.execute(sql`
    with recursive managers(organisation_id, practitioner_id) as (
      select rm.organisation_id, p.id
        from role_memberships rm
        join users u on u.id = rm.user_id and u.is_active
        join practitioners p on p.user_id = rm.user_id
       where rm.role_type = 'OrganisationManager' and rm.organisation_id is not null
      union
      select o.id, m.practitioner_id from organisations o join managers m on o.parent_id = m.organisation_id
    ),
    service_managers(healthcare_service_id, practitioner_id) as (
      select rm.healthcare_service_id, p.id
        from role_memberships rm
        join users u on u.id = rm.user_id and u.is_active
        join practitioners p on p.user_id = rm.user_id
       where rm.role_type = 'HealthcareServiceManager' and rm.healthcare_service_id is not null
    ),
    stale(entity_type, entity_id, practitioner_id, verified_at) as (
      select 'Organisation'::text, o.id, m.practitioner_id, o.details_verified_at
        from organisations o join managers m on m.organisation_id = o.id
       where o.status = 'Active' and o.details_verified_at <= ${cutoff}::timestamptz
      union
      select 'Location'::text, l.id, m.practitioner_id, l.details_verified_at
        from locations l
        join organisations o on o.id = l.organisation_id and o.status = 'Active'
        join managers m on m.organisation_id = l.organisation_id
       where l.details_verified_at <= ${cutoff}::timestamptz
      union
      select 'HealthcareService'::text, s.id, who.practitioner_id, s.details_verified_at
        from healthcare_services s
        join organisations o on o.id = s.organisation_id and o.status = 'Active'
        join (
          select hs.id as service_id, m.practitioner_id
            from healthcare_services hs join managers m on m.organisation_id = hs.organisation_id
          union
          select sm.healthcare_service_id, sm.practitioner_id from service_managers sm
        ) who on who.service_id = s.id
       where s.details_verified_at <= ${cutoff}::timestamptz
         and (s.end_date is null or s.end_date >= ${today}::date)
    )
    insert into tasks (kind, entity_type, entity_id, practitioner_id, priority_code, reason, properties, dedupe_key)
    select 'ConfirmDetails', st.entity_type, st.entity_id, st.practitioner_id, 'low', ${reason},
           '[]'::jsonb,
           'confirm-details:' || st.entity_type || ':' || st.entity_id || ':' || st.practitioner_id || ':' ||
             (extract(epoch from st.verified_at) * 1000)::bigint
      from stale st
     -- One open reminder per entity and practitioner, even after the details were saved and went stale again.
     where not exists (
       select 1 from tasks t
        where t.kind = 'ConfirmDetails' and t.status = 'NotComplete'
          and t.entity_id = st.entity_id and t.practitioner_id = st.practitioner_id
     )
    on conflict (dedupe_key) do nothing
    returning id`)) as unknown as Rows<{ id: string }>;
  return result.rows.length;
}

/** Practitioner roles whose end date is between `from` and `to` (dates, both included), with where they are. */
export function rolesEndingBetween(db: Database, from: string, to: string) {
  return db
    .select({
      id: practitionerRoles.id,
      practitionerId: practitionerRoles.practitionerId,
      endDate: practitionerRoles.endDate,
      primaryType: practitionerRoles.primaryType,
      serviceName: healthcareServices.name,
      organisationName: organisations.name,
    })
    .from(practitionerRoles)
    .innerJoin(healthcareServices, eq(healthcareServices.id, practitionerRoles.healthcareServiceId))
    .innerJoin(organisations, eq(organisations.id, healthcareServices.organisationId))
    .where(and(gte(practitionerRoles.endDate, from), lte(practitionerRoles.endDate, to)));
}

/** `now() + ms` in the database's clock, which every API process shares. */
const nowPlus = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000}::double precision)`;

/**
 * Claims the job `name` when it is due, in one statement: its row is locked with `FOR UPDATE SKIP LOCKED`
 * (a process claiming at the same moment passes over it instead of waiting) and `next_run_at` is moved
 * `intervalMs` on before the lock is let go, so only one process runs it per interval. The row is made on
 * the first claim, due at once. Answers whether this caller won.
 */
export async function claimScheduledJob(
  db: Database,
  name: string,
  intervalMs: number,
): Promise<boolean> {
  await db.insert(scheduledJobs).values({ name }).onConflictDoNothing();
  const due = db
    .select({ name: scheduledJobs.name })
    .from(scheduledJobs)
    .where(and(eq(scheduledJobs.name, name), lte(scheduledJobs.nextRunAt, sql`now()`)))
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(scheduledJobs)
    .set({ nextRunAt: nowPlus(intervalMs), lastStartedAt: sql`now()` })
    .where(inArray(scheduledJobs.name, due))
    .returning({ name: scheduledJobs.name });
  return claimed.length > 0;
}

/** Records that the job `name` finished without error. */
export async function finishScheduledJob(db: Database, name: string) {
  await db
    .update(scheduledJobs)
    .set({ lastFinishedAt: sql`now()`, lastError: null })
    .where(eq(scheduledJobs.name, name));
}

/** Records the job's error and makes it due again `retryMs` from now. */
export async function failScheduledJob(db: Database, name: string, error: string, retryMs: number) {
  await db
    .update(scheduledJobs)
    .set({ lastError: error, nextRunAt: nowPlus(retryMs) })
    .where(eq(scheduledJobs.name, name));
}

/**
 * Credential documents expiring between `today` and `until` (Sydney dates, both included) whose expiry has
 * not been reminded of yet (docs/decisions/057-credential-documents.md), each with its practitioner's name and
 * who gets the task: its practitioner, and every delegate of theirs with an Accepted delegation and a task
 * list of their own.
 */
export async function credentialDocumentsExpiring(db: Database, today: string, until: string) {
  const result = (await db.execute(sql`
    select d.id, d.practitioner_id as "practitionerId", d.expiry_date::text as "expiryDate",
           coalesce(nullif(d.title, ''), d.file_name) as name,
           (select pr.given_name || ' ' || pr.family_name from practitioners pr
             where pr.id = d.practitioner_id) as "practitionerName",
           coalesce((select array_agg(p.id order by p.id)
                       from delegations dl
                       join users u on u.id = dl.delegate_user_id and u.is_active
                       join practitioners p on p.user_id = dl.delegate_user_id
                      where dl.practitioner_id = d.practitioner_id and dl.status = 'Accepted'),
                    '{}') as "delegatePractitionerIds"
      from credential_documents d
     where d.expiry_date between ${today} and ${until}
       and d.expiry_reminder_sent_for is distinct from d.expiry_date
     order by d.expiry_date, d.id`)) as unknown as Rows<{
    id: string;
    practitionerId: string;
    expiryDate: string;
    name: string;
    practitionerName: string;
    delegatePractitionerIds: string[];
  }>;
  return result.rows;
}

/**
 * Creates one document's expiry tasks, each recipient's with its own reason, and records that its expiry was
 * reminded of, in one transaction. The dedupe key (document, recipient, expiry date) is unique: a run at the
 * same moment in another process inserts nothing twice. Answers how many tasks it inserted.
 */
export async function insertCredentialExpiryTasks(
  db: Database,
  document: {
    id: string;
    expiryDate: string;
    recipients: Array<{ practitionerId: string; reason: string }>;
  },
) {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(tasks)
      .values(
        document.recipients.map(({ practitionerId, reason }) => ({
          kind: 'CredentialExpiry' as const,
          entityType: 'CredentialDocument' as const,
          entityId: document.id,
          practitionerId,
          priorityCode: 'low' as const,
          reason,
          properties: [],
          dedupeKey: `credential-expiry:${document.id}:${practitionerId}:${document.expiryDate}`,
        })),
      )
      .onConflictDoNothing({ target: tasks.dedupeKey })
      .returning({ id: tasks.id });
    await tx
      .update(credentialDocuments)
      .set({ expiryReminderSentFor: document.expiryDate })
      .where(eq(credentialDocuments.id, document.id));
    return inserted.length;
  });
}
