import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { practitionerName } from '#db/selections.ts';
import type { Database, Transaction } from '#db/client.ts';
import {
  credentialDocumentShares,
  credentialDocuments,
  organisations,
  practitioners,
  tasks,
} from '#db/schema/index.ts';
import { ancestorsCte } from '#db/organisation-tree.ts';

type Executor = Database | Transaction;
export type DocumentRow = typeof credentialDocuments.$inferSelect;
export type NewDocument = typeof credentialDocuments.$inferInsert;

/** Data access of credential documents (docs/decisions/057-credential-documents.md). */
export function credentialDocumentsRepository(db: Database) {
  /** The organisations each document is shared with, by name. */
  async function sharesOf(executor: Executor, documentIds: string[]) {
    if (!documentIds.length) return new Map<string, Array<{ id: string; name: string }>>();
    const rows = await executor
      .select({
        documentId: credentialDocumentShares.documentId,
        id: organisations.id,
        name: organisations.name,
      })
      .from(credentialDocumentShares)
      .innerJoin(organisations, eq(organisations.id, credentialDocumentShares.organisationId))
      .where(inArray(credentialDocumentShares.documentId, documentIds))
      .orderBy(asc(organisations.name));
    const shares = new Map<string, Array<{ id: string; name: string }>>();
    for (const { documentId, ...organisation } of rows)
      shares.set(documentId, [...(shares.get(documentId) ?? []), organisation]);
    return shares;
  }

  return {
    sharesOf,

    async practitioner(practitionerId: string) {
      const [row] = await db
        .select({
          id: practitioners.id,
          ...practitionerName,
        })
        .from(practitioners)
        .where(eq(practitioners.id, practitionerId));
      return row ?? null;
    },

    /**
     * The organisations a practitioner may share with: those of the services where they hold a role that
     * has not ended (today in Sydney), and every organisation above them, by name.
     */
    async shareableOrganisations(executor: Executor, practitionerId: string, today: string) {
      const seeds = sql`select hs.organisation_id from practitioner_roles pr
        join healthcare_services hs on hs.id = pr.healthcare_service_id
        where pr.practitioner_id = ${practitionerId} and (pr.end_date is null or pr.end_date >= ${today})`;
      const result = (await executor.execute(sql`with recursive ${ancestorsCte('up', seeds)}
        select o.id, o.name from organisations o where o.id in (select id from up) order by o.name`)) as unknown as {
        rows: Array<{ id: string; name: string }>;
      };
      return result.rows;
    },

    /** A practitioner's documents, soonest expiry first. */
    async list(practitionerId: string) {
      return db
        .select()
        .from(credentialDocuments)
        .where(eq(credentialDocuments.practitionerId, practitionerId))
        .orderBy(asc(credentialDocuments.expiryDate), asc(credentialDocuments.id));
    },

    async find(executor: Executor, id: string, forUpdate = false) {
      const query = executor
        .select()
        .from(credentialDocuments)
        .where(eq(credentialDocuments.id, id));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    /** The ids of the organisations a document is shared with. */
    async sharedOrganisationIds(executor: Executor, documentId: string) {
      const rows = await executor
        .select({ id: credentialDocumentShares.organisationId })
        .from(credentialDocumentShares)
        .where(eq(credentialDocumentShares.documentId, documentId));
      return rows.map((r) => r.id);
    },

    async insert(tx: Transaction, values: NewDocument) {
      const [row] = await tx.insert(credentialDocuments).values(values).returning();
      return row!;
    },

    async update(tx: Transaction, id: string, values: Partial<NewDocument>) {
      await tx
        .update(credentialDocuments)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(credentialDocuments.id, id));
    },

    async replaceShares(tx: Transaction, documentId: string, organisationIds: string[]) {
      await tx
        .delete(credentialDocumentShares)
        .where(eq(credentialDocumentShares.documentId, documentId));
      if (organisationIds.length)
        await tx
          .insert(credentialDocumentShares)
          .values(organisationIds.map((organisationId) => ({ documentId, organisationId })));
    },

    /**
     * Completes a document's open expiry reminders once it was renewed (new dates or a new file) or removed:
     * the task asked for exactly that.
     */
    async completeExpiryTasks(tx: Transaction, documentId: string, userId: string) {
      await tx
        .update(tasks)
        .set({ status: 'Complete', resolvedAt: new Date(), resolvedByUserId: userId })
        .where(
          and(
            eq(tasks.kind, 'CredentialExpiry'),
            eq(tasks.entityId, documentId),
            eq(tasks.status, 'NotComplete'),
          ),
        );
    },

    async remove(tx: Transaction, id: string) {
      await tx.delete(credentialDocuments).where(eq(credentialDocuments.id, id));
    },

    async organisation(id: string) {
      const [row] = await db
        .select({ id: organisations.id, name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, id));
      return row ?? null;
    },

    /** The documents shared with an organisation, with their practitioners, by practitioner and expiry. */
    async sharedWith(organisationId: string) {
      return db
        .select({
          document: credentialDocuments,
          ...practitionerName,
        })
        .from(credentialDocumentShares)
        .innerJoin(
          credentialDocuments,
          eq(credentialDocuments.id, credentialDocumentShares.documentId),
        )
        .innerJoin(practitioners, eq(practitioners.id, credentialDocuments.practitionerId))
        .where(eq(credentialDocumentShares.organisationId, organisationId))
        .orderBy(
          asc(practitioners.familyName),
          asc(practitioners.givenName),
          asc(credentialDocuments.expiryDate),
        );
    },

    /** Whether any of these organisations has the document shared with it. */
    async sharedWithAny(documentId: string, organisationIds: string[]) {
      if (!organisationIds.length) return false;
      const [row] = await db
        .select({ id: credentialDocumentShares.documentId })
        .from(credentialDocumentShares)
        .where(
          and(
            eq(credentialDocumentShares.documentId, documentId),
            inArray(credentialDocumentShares.organisationId, organisationIds),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}
