import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { ancestorsCte } from '#db/organisation-tree.ts';
import { partnersWithLatestStatement } from '#platform/partner-statements-repository.ts';
import {
  informationUseStatements,
  locations,
  organisations,
  partnerPublications,
  publicationEmailRecipients,
  users,
} from '#db/schema/index.ts';

/** The database or a transaction. */
type Executor = Pick<
  Database,
  'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | 'execute'
>;

export type PublicationRow = typeof partnerPublications.$inferSelect;

/** Where a level's row sits: the organisation it belongs to, and its location or service (else neither). */
export interface LevelKey {
  organisationId: string;
  locationId: string | null;
  healthcareServiceId: string | null;
}

/** The columns a publication row is read with: its accepted version and who accepted it. */
const rowWithAcceptance = {
  row: partnerPublications,
  acceptedVersion: informationUseStatements.version,
  acceptedByGivenName: users.givenName,
  acceptedByFamilyName: users.familyName,
};

/** Publishing to partners (docs/decisions/030-publishing-to-partners.md): reads and writes of its tables. */
export const publicationsRepository = {
  partnersWithLatestStatement,

  /** The organisation and every organisation above it, nearest first, with their names. */
  async organisationChain(db: Executor, organisationId: string) {
    const result = (await db.execute(
      sql`with recursive ${ancestorsCte('up', sql`select ${organisationId}::uuid`)}
        select up.id, up.parent_id, o.name from up join organisations o on o.id = up.id`,
    )) as unknown as { rows: Array<{ id: string; parent_id: string | null; name: string }> };
    const byId = new Map(result.rows.map((r) => [r.id, r]));
    const chain: Array<{ id: string; name: string }> = [];
    let at = byId.get(organisationId);
    // The seen check guards against a cycle the data should never hold.
    while (at && !chain.some((c) => c.id === at!.id)) {
      chain.push({ id: at.id, name: at.name });
      at = at.parent_id ? byId.get(at.parent_id) : undefined;
    }
    return chain;
  },

  /**
   * The rows of the levels that apply to an entity: its healthcare service's, its location's, and the
   * organisation-level rows of the given organisations.
   */
  async rowsFor(
    db: Executor,
    levels: { healthcareServiceId?: string; locationId?: string; organisationIds: string[] },
  ) {
    const orgLevel = and(
      inArray(partnerPublications.organisationId, levels.organisationIds),
      isNull(partnerPublications.locationId),
      isNull(partnerPublications.healthcareServiceId),
    );
    return db
      .select(rowWithAcceptance)
      .from(partnerPublications)
      .leftJoin(
        informationUseStatements,
        eq(informationUseStatements.id, partnerPublications.informationUseStatementId),
      )
      .leftJoin(users, eq(users.id, partnerPublications.acceptedByUserId))
      .where(
        or(
          orgLevel,
          levels.locationId ? eq(partnerPublications.locationId, levels.locationId) : undefined,
          levels.healthcareServiceId
            ? eq(partnerPublications.healthcareServiceId, levels.healthcareServiceId)
            : undefined,
        ),
      );
  },

  /** A level's own row for a partner, locked for the rest of the transaction. */
  async ownRowForUpdate(tx: Executor, key: LevelKey, partnerServiceId: string) {
    const [row] = await tx
      .select()
      .from(partnerPublications)
      .where(
        and(
          eq(partnerPublications.partnerServiceId, partnerServiceId),
          eq(partnerPublications.organisationId, key.organisationId),
          key.locationId
            ? eq(partnerPublications.locationId, key.locationId)
            : isNull(partnerPublications.locationId),
          key.healthcareServiceId
            ? eq(partnerPublications.healthcareServiceId, key.healthcareServiceId)
            : isNull(partnerPublications.healthcareServiceId),
        ),
      )
      .for('update');
    return row;
  },

  async insertRow(tx: Executor, values: typeof partnerPublications.$inferInsert) {
    const [row] = await tx.insert(partnerPublications).values(values).returning();
    return row!;
  },

  async updateRow(
    tx: Executor,
    id: string,
    values: Partial<typeof partnerPublications.$inferInsert>,
  ) {
    await tx
      .update(partnerPublications)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(partnerPublications.id, id));
  },

  async deleteRow(tx: Executor, id: string) {
    await tx.delete(partnerPublications).where(eq(partnerPublications.id, id));
  },

  /** The addresses mailed about the organisations' publication (deduplicated). */
  async recipientEmails(db: Executor, organisationIds: string[]) {
    const rows = await db
      .selectDistinct({ email: publicationEmailRecipients.email })
      .from(publicationEmailRecipients)
      .where(inArray(publicationEmailRecipients.organisationId, organisationIds))
      .orderBy(asc(publicationEmailRecipients.email));
    return rows.map((r) => r.email);
  },

  async recipients(db: Executor, organisationId: string) {
    return db
      .select()
      .from(publicationEmailRecipients)
      .where(eq(publicationEmailRecipients.organisationId, organisationId))
      .orderBy(asc(publicationEmailRecipients.email));
  },

  async insertRecipient(
    tx: Executor,
    values: { organisationId: string; email: string; createdByUserId: string },
  ) {
    const [row] = await tx
      .insert(publicationEmailRecipients)
      .values(values)
      .onConflictDoNothing()
      .returning();
    return row;
  },

  async deleteRecipient(tx: Executor, organisationId: string, recipientId: string) {
    const [row] = await tx
      .delete(publicationEmailRecipients)
      .where(
        and(
          eq(publicationEmailRecipients.id, recipientId),
          eq(publicationEmailRecipients.organisationId, organisationId),
        ),
      )
      .returning();
    return row;
  },

  async organisationName(db: Executor, organisationId: string) {
    const [row] = await db
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, organisationId));
    return row?.name;
  },

  /** A location's id and name. */
  async location(db: Executor, locationId: string) {
    const [row] = await db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(eq(locations.id, locationId));
    return row;
  },

  /** The partner service an information use statement belongs to. */
  async statementPartner(db: Executor, statementId: string) {
    const [row] = await db
      .select({ partnerServiceId: informationUseStatements.partnerServiceId })
      .from(informationUseStatements)
      .where(eq(informationUseStatements.id, statementId));
    return row;
  },
};
