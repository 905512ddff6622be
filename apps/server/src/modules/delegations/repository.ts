import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  liveDelegationStatuses,
  type DelegateCandidate,
  type DelegationListItem,
  type DelegationStatus,
} from '@pca/contracts';
import { userName } from '#db/selections.ts';
import type { Database, Transaction } from '#db/client.ts';
import { ancestorsCte } from '#db/organisation-tree.ts';
import {
  delegationConsents,
  delegationConsentTexts,
  delegations,
  users,
} from '#db/schema/index.ts';

export type DelegationRow = typeof delegations.$inferSelect;
/** A delegation as it is inserted. */
export type NewDelegation = typeof delegations.$inferInsert;

/** Whether an error is PostgreSQL's unique violation (both drivers; Drizzle may wrap it as the cause). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const listColumns = {
  id: delegations.id,
  givenName: delegations.givenName,
  familyName: delegations.familyName,
  email: delegations.email,
  status: delegations.status,
  lastUpdated: delegations.lastUpdated,
  lastLogin: users.lastLoginAt,
  authIdentifier: delegations.raNumber,
  delegateUserId: delegations.delegateUserId,
};

const candidateColumns = {
  id: users.id,
  authIdentifier: users.raNumber,
  ...userName,
  email: users.email,
  userPhotoData: users.photoData,
};

/** Data access of delegation: a practitioner's delegations, their consents and the people they could delegate to. */
export function delegationsRepository(db: Database) {
  return {
    /** The consent text in force: the highest version. */
    async currentConsent() {
      const [row] = await db
        .select({ version: delegationConsentTexts.version, items: delegationConsentTexts.items })
        .from(delegationConsentTexts)
        .orderBy(desc(delegationConsentTexts.version))
        .limit(1);
      return row ?? null;
    },

    /** One page of a practitioner's delegations, most recently changed first, with the total. */
    async page(
      practitionerId: string,
      options: { page: number; pageSize: number; status?: DelegationStatus },
    ): Promise<{ items: DelegationListItem[]; total: number }> {
      const where = and(
        eq(delegations.practitionerId, practitionerId),
        options.status ? eq(delegations.status, options.status) : undefined,
      );
      // One statement: the page and, beside each row, the total (a window count over the filter).
      const rows = await db
        .select({ ...listColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(delegations)
        .leftJoin(users, eq(users.id, delegations.delegateUserId))
        .where(where)
        .orderBy(desc(delegations.lastUpdated), asc(delegations.id))
        .limit(options.pageSize)
        .offset((options.page - 1) * options.pageSize);
      // Past the last page there is no row to carry the total: only then is it counted on its own.
      const total =
        rows[0]?.total ??
        (options.page > 1
          ? ((await db.select({ total: count() }).from(delegations).where(where))[0]?.total ?? 0)
          : 0);
      return {
        items: rows.map(({ total: _total, ...r }) => ({
          ...r,
          lastUpdated: r.lastUpdated.toISOString(),
          lastLogin: r.lastLogin?.toISOString() ?? null,
        })),
        total,
      };
    },

    /** A delegation of this practitioner, or null (someone else's is as absent as a missing one). */
    async findOwn(practitionerId: string, id: string) {
      const [row] = await db
        .select()
        .from(delegations)
        .where(and(eq(delegations.id, id), eq(delegations.practitionerId, practitionerId)))
        .limit(1);
      return row ?? null;
    },

    /** The practitioner's live (Invited, Pending or Accepted) delegation for an RA number. */
    async findLive(practitionerId: string, raNumber: string) {
      const [row] = await db
        .select()
        .from(delegations)
        .where(
          and(
            eq(delegations.practitionerId, practitionerId),
            eq(delegations.raNumber, raNumber),
            inArray(delegations.status, [...liveDelegationStatuses]),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** A user by RA number, as a delegate card shows them. */
    async userByRaNumber(raNumber: string): Promise<DelegateCandidate | null> {
      const [row] = await db
        .select(candidateColumns)
        .from(users)
        .where(eq(users.raNumber, raNumber))
        .limit(1);
      return row ?? null;
    },

    /** A user's names and contact, for a delegation row. */
    async userById(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    /**
     * The practice and business managers linked to a practitioner: active users holding
     * OrganisationManager or HealthcareServiceManager in an organisation (or above one) where the
     * practitioner works or where the practitioner's own user holds a role — less the practitioner and
     * anyone already a live delegate of theirs.
     */
    async potentialDelegates(
      practitionerId: string,
      practitionerUserId: string | null,
      /** Only this user, if they are one (checking one choice need not list them all). */
      onlyUserId: string | null = null,
    ): Promise<DelegateCandidate[]> {
      const result = (await db.execute(sql`
        with recursive linked(id) as (
          select hs.organisation_id from practitioner_roles r
            join healthcare_services hs on hs.id = r.healthcare_service_id
           where r.practitioner_id = ${practitionerId}
          union
          select m.organisation_id from role_memberships m
           where m.user_id = ${practitionerUserId} and m.organisation_id is not null
          union
          select hs.organisation_id from role_memberships m
            join healthcare_services hs on hs.id = m.healthcare_service_id
           where m.user_id = ${practitionerUserId}
        ),
        ${ancestorsCte('up', sql`select id from linked`)}
        select u.id, u.ra_number, u.given_name, u.family_name, u.email, u.photo_data
          from users u
         where u.is_active
           and (${onlyUserId}::uuid is null or u.id = ${onlyUserId}::uuid)
           and u.id is distinct from ${practitionerUserId}
           and exists (
             select 1 from role_memberships m
               left join healthcare_services hs on hs.id = m.healthcare_service_id
              where m.user_id = u.id
                and m.role_type in ('OrganisationManager', 'HealthcareServiceManager')
                and coalesce(m.organisation_id, hs.organisation_id) in (select id from up))
           and not exists (
             select 1 from delegations d
              where d.practitioner_id = ${practitionerId} and d.ra_number = u.ra_number
                and d.status in ('Invited', 'Pending', 'Accepted'))
         order by u.family_name, u.given_name, u.id
         limit 200
      `)) as unknown as {
        rows: Array<{
          id: string;
          ra_number: string;
          given_name: string;
          family_name: string;
          email: string | null;
          photo_data: string | null;
        }>;
      };
      return result.rows.map((r) => ({
        id: r.id,
        authIdentifier: r.ra_number,
        givenName: r.given_name,
        familyName: r.family_name,
        email: r.email,
        userPhotoData: r.photo_data,
      }));
    },

    async insert(tx: Transaction, values: NewDelegation) {
      const [row] = await tx.insert(delegations).values(values).returning();
      return row!;
    },

    /**
     * Moves a delegation on, only from the statuses given: the row is changed only if it is still in one
     * of them, so two requests racing cannot both move it. Null when it was not.
     */
    async transition(
      tx: Transaction,
      id: string,
      from: readonly DelegationStatus[],
      values: Partial<typeof delegations.$inferInsert> & { status: DelegationStatus },
    ) {
      const [row] = await tx
        .update(delegations)
        .set({ ...values, lastUpdated: new Date() })
        .where(and(eq(delegations.id, id), inArray(delegations.status, [...from])))
        .returning();
      return row ?? null;
    },

    /**
     * Removes the open credential-expiry reminders a delegate was given in their own task list about the
     * practitioner's documents (docs/decisions/057-credential-documents.md), once no Accepted delegation links
     * the two any more: the task is no longer theirs to do, and the document no longer theirs to open. The
     * practitioner's own reminder stays. Answers how many it removed.
     */
    async removeDelegateExpiryTasks(
      tx: Transaction,
      practitionerId: string,
      delegateUserId: string | null,
    ) {
      if (!delegateUserId) return 0;
      const result = (await tx.execute(sql`
        delete from tasks t
         using credential_documents d, practitioners p
         where t.kind = 'CredentialExpiry' and t.entity_type = 'CredentialDocument'
           and t.status = 'NotComplete'
           and d.id = t.entity_id and d.practitioner_id = ${practitionerId}
           and p.user_id = ${delegateUserId} and t.practitioner_id = p.id
           and not exists (
             select 1 from delegations dl
              where dl.practitioner_id = ${practitionerId} and dl.delegate_user_id = ${delegateUserId}
                and dl.status = 'Accepted')
        returning t.id`)) as unknown as { rows: Array<{ id: string }> };
      return result.rows.length;
    },

    /** Records a consent: which delegation, which action, which version of the text, by whom. */
    async recordConsent(
      tx: Transaction,
      values: { delegationId: string; action: string; consentVersion: number; userId: string },
    ) {
      await tx.insert(delegationConsents).values({
        delegationId: values.delegationId,
        action: values.action,
        consentVersion: values.consentVersion,
        consentedByUserId: values.userId,
      });
    },
  };
}
