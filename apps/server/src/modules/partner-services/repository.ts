import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { userName } from '#db/selections.ts';
import { ancestorsCte } from '#db/organisation-tree.ts';
import type { Database, Transaction } from '#db/client.ts';
import {
  informationUseStatements,
  organisations,
  partnerIdentifierSystems,
  partnerPublications,
  practitionerPublications,
  partnerServices,
  users,
} from '#db/schema/index.ts';

type Executor = Database | Transaction;

/** A manager of an organisation, held there or above it. */
type ManagerRow = {
  organisationId: string;
  userId: string;
  email: string | null;
  practitionerId: string | null;
};

/**
 * Organisations whose publication to a partner waits for someone to accept its latest statement: a row that
 * publishes and names another statement (docs/decisions/064-partner-services.md).
 */
const awaiting = sql<number>`(select count(distinct pp.organisation_id)::int from partner_publications pp
  where pp.partner_service_id = partner_services.id and pp.publish
    and pp.information_use_statement_id is distinct from (select i.id from information_use_statements i
      where i.partner_service_id = partner_services.id order by i.version desc limit 1))`;
const latestVersion = sql<
  number | null
>`(select max(i.version)::int from information_use_statements i where i.partner_service_id = partner_services.id)`;

const summary = {
  id: partnerServices.id,
  code: partnerServices.code,
  name: partnerServices.name,
  role: partnerServices.role,
  shownToProviders: partnerServices.shownToProviders,
  contactName: partnerServices.contactName,
  contactEmail: partnerServices.contactEmail,
  contactPhone: partnerServices.contactPhone,
  logo: partnerServices.logo,
  latestVersion,
  awaitingAcceptance: awaiting,
};

const systemColumns = {
  id: partnerIdentifierSystems.id,
  partnerServiceId: partnerIdentifierSystems.partnerServiceId,
  partnerServiceName: partnerServices.name,
  system: partnerIdentifierSystems.system,
  name: partnerIdentifierSystems.name,
};

/** Data access of partner services, their statements and identifier systems. */
export function partnerServicesRepository(db: Executor) {
  return {
    list: () => db.select(summary).from(partnerServices).orderBy(asc(partnerServices.name)),

    async byId(id: string, lock = false) {
      const query = db.select(summary).from(partnerServices).where(eq(partnerServices.id, id));
      const [row] = await (lock ? query.for('update', { of: partnerServices }) : query);
      return row;
    },

    async codeTaken(code: string, exceptId?: string) {
      const [row] = await db
        .select({ id: partnerServices.id })
        .from(partnerServices)
        .where(
          exceptId
            ? and(eq(partnerServices.code, code), ne(partnerServices.id, exceptId))
            : eq(partnerServices.code, code),
        );
      return Boolean(row);
    },

    async insert(values: typeof partnerServices.$inferInsert) {
      const [row] = await db
        .insert(partnerServices)
        .values(values)
        .returning({ id: partnerServices.id });
      return row!.id;
    },

    async update(id: string, set: Partial<typeof partnerServices.$inferInsert>) {
      await db
        .update(partnerServices)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(partnerServices.id, id));
    },

    statements: (partnerServiceId: string) =>
      db
        .select({
          id: informationUseStatements.id,
          version: informationUseStatements.version,
          title: informationUseStatements.title,
          content: informationUseStatements.content,
          publishedAt: informationUseStatements.publishedAt,
          ...userName,
        })
        .from(informationUseStatements)
        .leftJoin(users, eq(users.id, informationUseStatements.publishedByUserId))
        .where(eq(informationUseStatements.partnerServiceId, partnerServiceId))
        .orderBy(desc(informationUseStatements.version)),

    async insertStatement(values: typeof informationUseStatements.$inferInsert) {
      const [row] = await db
        .insert(informationUseStatements)
        .values(values)
        .returning({ id: informationUseStatements.id });
      return row!.id;
    },

    /** The organisations whose publishing rows to the partner name a statement other than `statementId`. */
    async organisationsToAccept(partnerServiceId: string, statementId: string) {
      const rows = await db
        .selectDistinct({
          id: organisations.id,
          name: organisations.name,
          type: organisations.type,
        })
        .from(partnerPublications)
        .innerJoin(organisations, eq(organisations.id, partnerPublications.organisationId))
        .where(
          and(
            eq(partnerPublications.partnerServiceId, partnerServiceId),
            eq(partnerPublications.publish, true),
            sql`${partnerPublications.informationUseStatementId} is distinct from ${statementId}::uuid`,
          ),
        )
        .orderBy(asc(organisations.name), asc(organisations.id));
      return rows;
    },

    /**
     * Practitioners whose own publication to the partner publishes on another statement: a new version pauses it
     * until they accept (docs/decisions/081-practitioner-publication-acceptance.md).
     */
    async practitionersToAccept(partnerServiceId: string, statementId: string) {
      const rows = await db
        .select({ practitionerId: practitionerPublications.practitionerId })
        .from(practitionerPublications)
        .where(
          and(
            eq(practitionerPublications.partnerServiceId, partnerServiceId),
            eq(practitionerPublications.publish, true),
            sql`${practitionerPublications.informationUseStatementId} is distinct from ${statementId}::uuid`,
          ),
        )
        .orderBy(asc(practitionerPublications.practitionerId));
      return rows.map((r) => r.practitionerId);
    },

    /**
     * The active managers of each organisation, with their email and their practitioner (if any): those who
     * hold OrganisationManager on it or on an organisation above it (a manager of a group manages every
     * organisation beneath it), by one recursive statement. A row per organisation and manager.
     */
    async managers(organisationIds: string[]) {
      if (!organisationIds.length) return [];
      const seeds = sql.join(
        organisationIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const result = (await db.execute(
        sql`with recursive ${ancestorsCte('up', seeds)}
          select up.id, up.parent_id, u.id as user_id, u.email, p.id as practitioner_id
            from up
            left join (role_memberships rm join users u on u.id = rm.user_id and u.is_active)
              on rm.organisation_id = up.id and rm.role_type = 'OrganisationManager'
            left join practitioners p on p.user_id = u.id`,
      )) as unknown as {
        rows: Array<{
          id: string;
          parent_id: string | null;
          user_id: string | null;
          email: string | null;
          practitioner_id: string | null;
        }>;
      };
      const parentOf = new Map(result.rows.map((r) => [r.id, r.parent_id]));
      const held = new Map<string, typeof result.rows>();
      for (const r of result.rows) if (r.user_id) held.set(r.id, [...(held.get(r.id) ?? []), r]);
      return organisationIds.flatMap((organisationId) => {
        const seen = new Map<string, ManagerRow>();
        // Nearest first; the visited check guards against a cycle the data should never hold.
        const visited = new Set<string>();
        for (let at: string | null | undefined = organisationId; at && !visited.has(at);) {
          visited.add(at);
          for (const r of held.get(at) ?? [])
            if (!seen.has(r.user_id!))
              seen.set(r.user_id!, {
                organisationId,
                userId: r.user_id!,
                email: r.email,
                practitionerId: r.practitioner_id,
              });
          at = parentOf.get(at);
        }
        return [...seen.values()];
      });
    },

    identifierSystems: (partnerServiceId?: string) =>
      db
        .select(systemColumns)
        .from(partnerIdentifierSystems)
        .innerJoin(
          partnerServices,
          eq(partnerServices.id, partnerIdentifierSystems.partnerServiceId),
        )
        .where(
          partnerServiceId
            ? eq(partnerIdentifierSystems.partnerServiceId, partnerServiceId)
            : undefined,
        )
        .orderBy(asc(partnerServices.name), asc(partnerIdentifierSystems.name)),

    async identifierSystem(id: string, lock = false) {
      const query = db
        .select(systemColumns)
        .from(partnerIdentifierSystems)
        .innerJoin(
          partnerServices,
          eq(partnerServices.id, partnerIdentifierSystems.partnerServiceId),
        )
        .where(eq(partnerIdentifierSystems.id, id));
      const [row] = await (lock ? query.for('update', { of: partnerIdentifierSystems }) : query);
      return row;
    },

    async systemTaken(partnerServiceId: string, system: string, exceptId?: string) {
      const [row] = await db
        .select({ id: partnerIdentifierSystems.id })
        .from(partnerIdentifierSystems)
        .where(
          and(
            eq(partnerIdentifierSystems.partnerServiceId, partnerServiceId),
            eq(partnerIdentifierSystems.system, system),
            exceptId ? ne(partnerIdentifierSystems.id, exceptId) : undefined,
          ),
        );
      return Boolean(row);
    },

    async insertIdentifierSystem(values: typeof partnerIdentifierSystems.$inferInsert) {
      const [row] = await db
        .insert(partnerIdentifierSystems)
        .values(values)
        .returning({ id: partnerIdentifierSystems.id });
      return row!.id;
    },

    async updateIdentifierSystem(
      id: string,
      set: Pick<
        typeof partnerIdentifierSystems.$inferInsert,
        'partnerServiceId' | 'system' | 'name'
      >,
    ) {
      await db
        .update(partnerIdentifierSystems)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(partnerIdentifierSystems.id, id));
    },

    async deleteIdentifierSystem(id: string) {
      await db.delete(partnerIdentifierSystems).where(eq(partnerIdentifierSystems.id, id));
    },

    partnerNames: () =>
      db
        .select({ id: partnerServices.id, name: partnerServices.name })
        .from(partnerServices)
        .orderBy(asc(partnerServices.name)),
  };
}

export type PartnerServiceRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof partnerServicesRepository>['byId']>>
>;
