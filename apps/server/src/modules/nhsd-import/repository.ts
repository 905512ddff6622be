import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { ancestorsCte } from '#db/organisation-tree.ts';
import { partnersWithLatestStatement } from '#platform/partner-statements-repository.ts';
import {
  healthcareServices,
  informationUseStatements,
  locations,
  organisations,
  partnerPublications,
  partnerServices,
  publicationEmailRecipients,
  users,
} from '#db/schema/index.ts';

/** A database or a transaction. */
type Executor = Pick<Database, 'select' | 'selectDistinct' | 'insert' | 'execute'>;

export type LocationRow = typeof locations.$inferSelect;

/** The NHSD import's queries (docs/decisions/028-nhsd-import.md). */
export const nhsdImportRepository = {
  partnersWithLatestStatement,

  /** Which of these directory identifiers a healthcare service already carries. */
  async identifiersInUse(db: Executor, ids: readonly string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await db
      .select({ id: healthcareServices.nhsdResourceIdentifier })
      .from(healthcareServices)
      // One array parameter, not one parameter per identifier: a search answers up to 200.
      .where(
        sql`${healthcareServices.nhsdResourceIdentifier} = any(${sql.param([...new Set(ids)])}::text[])`,
      );
    return new Set(rows.map((r) => r.id!));
  },

  /** One page of an organisation's active locations, by name. */
  async activeLocations(db: Database, organisationId: string, page: number, pageSize: number) {
    const where = and(eq(locations.organisationId, organisationId), eq(locations.isActive, true));
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(locations)
        .where(where)
        .orderBy(asc(locations.name), asc(locations.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(locations).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async locationById(db: Executor, locationId: string): Promise<LocationRow | undefined> {
    const [row] = await db.select().from(locations).where(eq(locations.id, locationId));
    return row;
  },

  /** The location if it is an active location of the organisation. */
  async activeLocationOf(
    db: Executor,
    locationId: string,
    organisationId: string,
  ): Promise<LocationRow | undefined> {
    const [row] = await db
      .select()
      .from(locations)
      .where(
        and(
          eq(locations.id, locationId),
          eq(locations.organisationId, organisationId),
          eq(locations.isActive, true),
        ),
      );
    return row;
  },

  /**
   * Locks the location's row until the transaction ends, so two imports into one location run one after the
   * other and the second one's duplicate-type check sees the first one's services — only while the location
   * still belongs to the organisation the import was checked against. False when it does not (a transfer
   * moved it after the check; on PostgreSQL the lock waits for a transfer holding the row and then reads its
   * owner again), so nothing is attached to another organisation's location.
   */
  async lockLocation(tx: Executor, locationId: string, organisationId: string): Promise<boolean> {
    const result = (await tx.execute(
      sql`select id from ${locations}
        where ${locations.id} = ${locationId} and ${locations.organisationId} = ${organisationId}
        for update`,
    )) as unknown as { rows: unknown[] };
    return result.rows.length > 0;
  },

  /** The service types of the healthcare services at a location. */
  async serviceTypesAt(db: Executor, locationId: string): Promise<Set<string>> {
    const rows = await db
      .select({ type: healthcareServices.serviceType })
      .from(healthcareServices)
      .where(eq(healthcareServices.locationId, locationId));
    return new Set(rows.map((r) => r.type));
  },

  /** The organisation and its ancestors, nearest first (itself, its parent, … its tree's root). */
  async organisationChain(db: Executor, organisationId: string): Promise<string[]> {
    const result = (await db.execute(sql`
      with recursive ${ancestorsCte('up', sql`select ${organisationId}::uuid`)}
      select id, parent_id from up`)) as unknown as {
      rows: Array<{ id: string; parent_id: string | null }>;
    };
    const parentOf = new Map(result.rows.map((r) => [r.id, r.parent_id]));
    const chain: string[] = [];
    let id: string | null | undefined = organisationId;
    while (id && parentOf.has(id) && !chain.includes(id)) {
      chain.push(id);
      id = parentOf.get(id);
    }
    return chain;
  },

  /**
   * The publication preferences that apply to an organisation: its own, else its nearest ancestor's, per
   * partner service (a business's standing choice is kept on its participating organisation).
   */
  async preferencesFor(db: Executor, organisationId: string) {
    const ids = await nhsdImportRepository.organisationChain(db, organisationId);
    if (!ids.length) return [];
    const rows = await db
      .select({
        organisationId: partnerPublications.organisationId,
        partnerServiceId: partnerPublications.partnerServiceId,
        partnerServiceCode: partnerServices.code,
        partnerRole: partnerServices.role,
        featureFlag: partnerServices.featureFlag,
        informationUseStatementId: partnerPublications.informationUseStatementId,
        acceptedByUserId: partnerPublications.acceptedByUserId,
        publishService: partnerPublications.publish,
        publishFuturePractitioners: partnerPublications.publishFuturePractitioners,
      })
      .from(partnerPublications)
      .innerJoin(partnerServices, eq(partnerServices.id, partnerPublications.partnerServiceId))
      .where(
        and(
          inArray(partnerPublications.organisationId, ids),
          // The organisation level: a choice of the organisation itself, not of one of its places.
          isNull(partnerPublications.locationId),
          isNull(partnerPublications.healthcareServiceId),
        ),
      );
    // Nearest first: the organisation itself, then up the tree. A choice is a standing preference only
    // once its partner's statement was accepted.
    const rank = new Map(ids.map((id, n) => [id, n]));
    const nearest = new Map<string, (typeof accepted)[number]>();
    const accepted = rows.flatMap(({ informationUseStatementId, ...row }) =>
      informationUseStatementId ? [{ ...row, informationUseStatementId }] : [],
    );
    for (const row of accepted.sort(
      (a, b) => rank.get(a.organisationId)! - rank.get(b.organisationId)!,
    ))
      if (!nearest.has(row.partnerServiceId)) nearest.set(row.partnerServiceId, row);
    return [...nearest.values()];
  },

  /**
   * The publication rows services imported here would inherit from: the location's own (when one is given) and
   * the organisation-level rows of the organisations in `organisationIds`, each with the statement version it
   * names, who accepted it, and where it sits (names for the step to show).
   */
  async inheritableRows(db: Executor, organisationIds: string[], locationId: string | null) {
    if (!organisationIds.length) return [];
    return db
      .select({
        partnerServiceId: partnerPublications.partnerServiceId,
        organisationId: partnerPublications.organisationId,
        organisationName: organisations.name,
        locationId: partnerPublications.locationId,
        publish: partnerPublications.publish,
        publishFuturePractitioners: partnerPublications.publishFuturePractitioners,
        informationUseStatementId: partnerPublications.informationUseStatementId,
        acceptedVersion: informationUseStatements.version,
        acceptedByUserId: partnerPublications.acceptedByUserId,
        acceptedByGivenName: users.givenName,
        acceptedByFamilyName: users.familyName,
        acceptedAt: partnerPublications.acceptedAt,
      })
      .from(partnerPublications)
      .innerJoin(organisations, eq(organisations.id, partnerPublications.organisationId))
      .leftJoin(
        informationUseStatements,
        eq(informationUseStatements.id, partnerPublications.informationUseStatementId),
      )
      .leftJoin(users, eq(users.id, partnerPublications.acceptedByUserId))
      .where(
        or(
          and(
            inArray(partnerPublications.organisationId, organisationIds),
            isNull(partnerPublications.locationId),
            isNull(partnerPublications.healthcareServiceId),
          ),
          locationId ? eq(partnerPublications.locationId, locationId) : undefined,
        ),
      );
  },

  /** The partner service and version of an information use statement (undefined when unknown). */
  async statement(db: Executor, statementId: string) {
    const [row] = await db
      .select({
        partnerServiceId: informationUseStatements.partnerServiceId,
        version: informationUseStatements.version,
      })
      .from(informationUseStatements)
      .where(eq(informationUseStatements.id, statementId));
    return row;
  },

  /** Partner services of a role with their latest information use statement, by name. */
  async partnerServicesWithLatestStatement(db: Database, role: string) {
    const all = await partnersWithLatestStatement(db);
    return all.filter((p) => p.role === role);
  },

  /** An organisation's own (organisation-level) choice for a partner, locked for the rest of the transaction. */
  async preferenceForUpdate(tx: Executor, organisationId: string, partnerServiceId: string) {
    const [row] = await tx
      .select()
      .from(partnerPublications)
      .where(
        and(
          eq(partnerPublications.organisationId, organisationId),
          eq(partnerPublications.partnerServiceId, partnerServiceId),
          isNull(partnerPublications.locationId),
          isNull(partnerPublications.healthcareServiceId),
        ),
      )
      .for('update');
    return row;
  },

  /**
   * Writes an organisation's standing publication choice for a partner (insert or replace). `accepted`: the
   * statement was accepted now, so who accepted it and when are recorded; otherwise those stay as they were.
   */
  async savePreference(
    tx: Executor,
    values: {
      organisationId: string;
      partnerServiceId: string;
      informationUseStatementId: string;
      publishFuturePractitioners: boolean;
      userId: string;
      accepted: boolean;
    },
  ) {
    const { userId, accepted, ...choice } = values;
    const acceptance = accepted ? { acceptedByUserId: userId, acceptedAt: sql`now()` } : {};
    const [row] = await tx
      .insert(partnerPublications)
      .values({
        ...choice,
        publish: true,
        acceptedByUserId: userId,
        acceptedAt: sql`now()`,
        updatedByUserId: userId,
      })
      .onConflictDoUpdate({
        target: [
          partnerPublications.partnerServiceId,
          partnerPublications.organisationId,
          partnerPublications.locationId,
          partnerPublications.healthcareServiceId,
        ],
        set: {
          informationUseStatementId: values.informationUseStatementId,
          publish: true,
          publishFuturePractitioners: values.publishFuturePractitioners,
          ...acceptance,
          updatedByUserId: userId,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: partnerPublications.id });
    return row!.id;
  },

  /** The addresses mailed about these organisations' publication (deduplicated). */
  async recipientEmails(db: Executor, organisationIds: string[]) {
    if (!organisationIds.length) return [];
    const rows = await db
      .selectDistinct({ email: publicationEmailRecipients.email })
      .from(publicationEmailRecipients)
      .where(inArray(publicationEmailRecipients.organisationId, organisationIds))
      .orderBy(asc(publicationEmailRecipients.email));
    return rows.map((r) => r.email);
  },

  async insertLocation(tx: Executor, values: typeof locations.$inferInsert) {
    const [row] = await tx.insert(locations).values(values).returning();
    return row!;
  },

  async insertServices(tx: Executor, values: (typeof healthcareServices.$inferInsert)[]) {
    return tx.insert(healthcareServices).values(values).returning({
      id: healthcareServices.id,
      nhsdResourceIdentifier: healthcareServices.nhsdResourceIdentifier,
    });
  },

  /**
   * The new healthcare services' own publication choices: publishing on the statement accepted now by
   * `userId`, or (`informationUseStatementId` null) not publishing to a partner whose inherited publication
   * names an older statement that was not accepted again.
   */
  async insertSubscriptions(
    tx: Executor,
    values: Array<{
      organisationId: string;
      healthcareServiceId: string;
      partnerServiceId: string;
      informationUseStatementId: string | null;
      publishFuturePractitioners: boolean;
      userId: string;
    }>,
  ) {
    if (!values.length) return [];
    return tx
      .insert(partnerPublications)
      .values(
        values.map(({ userId, ...v }) =>
          v.informationUseStatementId
            ? {
                ...v,
                publish: true,
                acceptedByUserId: userId,
                acceptedAt: sql`now()`,
                updatedByUserId: userId,
              }
            : { ...v, publish: false, updatedByUserId: userId },
        ),
      )
      .returning({
        id: partnerPublications.id,
        healthcareServiceId: partnerPublications.healthcareServiceId,
        partnerServiceId: partnerPublications.partnerServiceId,
        publish: partnerPublications.publish,
      });
  },
};
