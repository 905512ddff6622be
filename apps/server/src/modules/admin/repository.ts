import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { userName } from '#db/selections.ts';
import type { Database, Transaction } from '#db/client.ts';
import { locations, organisations, roleMemberships, users } from '#db/schema/index.ts';

/** Data access of the operators' approval queue. */
export function adminRepository(db: Database) {
  const managersWhere = (organisationIds: string[]) =>
    and(
      inArray(roleMemberships.organisationId, organisationIds),
      eq(roleMemberships.roleType, 'OrganisationManager'),
      // A deactivated manager is neither listed nor mailed.
      eq(users.isActive, true),
    );
  return {
    /**
     * The operator's home: what exists or waits in each operator area, in one statement
     * (docs/decisions/063-users.md).
     */
    async summary() {
      const result = (await db.execute(sql`
        select
          (select count(*)::int from organisations
            where type = 'ParticipatingOrganisation' and publisher_approval_status = 'PendingApproval')
            as pending_registrations,
          (select count(*)::int from users) as users_total,
          (select count(*)::int from users where not is_active) as users_inactive,
          (select count(*)::int from partner_services) as partner_services,
          (select count(*)::int from information_use_statements) as information_use_statements,
          (select count(*)::int from partner_publications)
            + (select count(*)::int from practitioner_publications) as publications,
          (select count(*)::int from client_systems) as client_systems,
          (select count(*)::int from partner_identifier_systems) as identifier_systems,
          (select count(*)::int from transfers where status = 'Pending') as pending_transfers`)) as unknown as {
        rows: Array<{
          pending_registrations: number;
          users_total: number;
          users_inactive: number;
          partner_services: number;
          information_use_statements: number;
          publications: number;
          client_systems: number;
          identifier_systems: number;
          pending_transfers: number;
        }>;
      };
      return result.rows[0]!;
    },

    /** Participating organisations waiting for approval, oldest first. */
    pendingOrganisations: () =>
      db
        .select()
        .from(organisations)
        .where(
          and(
            eq(organisations.type, 'ParticipatingOrganisation'),
            eq(organisations.publisherApprovalStatus, 'PendingApproval'),
          ),
        )
        .orderBy(asc(organisations.createdAt)),

    /** The locations of these organisations, oldest first (the first is the primary one). */
    locationsOf: (organisationIds: string[]) =>
      db
        .select()
        .from(locations)
        .where(inArray(locations.organisationId, organisationIds))
        .orderBy(asc(locations.createdAt)),

    /** The active managers of these organisations, with how to reach them. */
    managersOf: (organisationIds: string[]) =>
      db
        .select({
          organisationId: roleMemberships.organisationId,
          ...userName,
          email: users.email,
        })
        .from(roleMemberships)
        .innerJoin(users, eq(users.id, roleMemberships.userId))
        .where(managersWhere(organisationIds)),

    /** One organisation, if it exists. */
    async organisation(id: string) {
      const [o] = await db.select().from(organisations).where(eq(organisations.id, id));
      return o;
    },

    /**
     * Records the decision on a registration still pending approval (inside the caller's transaction); false
     * when it no longer is, e.g. another operator's decision committed first. The status is part of the
     * UPDATE, as a transfer's answer is (docs/decisions/067-transfers.md), so two decisions cannot both win.
     */
    async setApprovalStatus(
      tx: Transaction,
      id: string,
      status: 'Approved' | 'PendingSubmission',
      clearAgreement: boolean,
    ) {
      const rows = await tx
        .update(organisations)
        .set({
          publisherApprovalStatus: status,
          ...(clearAgreement ? { agreementAcceptedAt: null } : {}),
        })
        .where(
          and(
            eq(organisations.id, id),
            eq(organisations.publisherApprovalStatus, 'PendingApproval'),
          ),
        )
        .returning({ id: organisations.id });
      return rows.length > 0;
    },
  };
}
