import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { delegateConsentList } from '@pca/contracts';
import { practitionerName } from '#db/selections.ts';
import type { Database, Transaction } from '#db/client.ts';
import { delegateHasConsent } from '#platform/access/delegate-consent.ts';
import { partnersWithLatestStatement } from '#platform/partner-statements-repository.ts';
import {
  informationUseStatements,
  partnerServices,
  practitionerPublications,
  practitioners,
  users,
} from '#db/schema/index.ts';

type Executor = Database | Transaction;

/**
 * The consent item that lets a delegate change the sharing of personal contact details
 * (docs/product/publishing.md#personal-contact-requests).
 */
const personalContactConsent = delegateConsentList[4];

const partnerColumns = {
  id: partnerServices.id,
  code: partnerServices.code,
  name: partnerServices.name,
  role: partnerServices.role,
  featureFlag: partnerServices.featureFlag,
};

const acceptedBy = alias(users, 'accepted_by');

/** What a write records when a person accepts a statement (docs/decisions/081-practitioner-publication-acceptance.md). */
export interface Acceptance {
  informationUseStatementId: string;
  acceptedByUserId: string;
  acceptedAt: Date;
  acceptedByDelegate: boolean;
}

export type PublicationRow = Awaited<
  ReturnType<ReturnType<typeof practitionerPublicationsRepository>['list']>
>[number];

/** Data access of a practitioner's own publication choices (docs/decisions/030-publishing-to-partners.md). */
export function practitionerPublicationsRepository(db: Database) {
  return {
    async practitioner(practitionerId: string) {
      const [row] = await db
        .select({
          id: practitioners.id,
          ...practitionerName,
          userId: practitioners.userId,
        })
        .from(practitioners)
        .where(eq(practitioners.id, practitionerId))
        .limit(1);
      return row ?? null;
    },

    /**
     * Whether the delegate's Accepted delegation from the practitioner carries a consent whose text includes
     * 'Consent on my behalf when sharing information including personal contact details'.
     */
    async delegateMayShareContact(tx: Executor, delegateUserId: string, practitionerId: string) {
      return delegateHasConsent(tx, delegateUserId, practitionerId, personalContactConsent);
    },

    /** The practitioner's publications, by partner name. */
    async list(tx: Executor, practitionerId: string) {
      return tx
        .select({
          partner: partnerColumns,
          publish: practitionerPublications.publish,
          personalContactRequestedAt: practitionerPublications.personalContactRequestedAt,
          sharePersonalContact: practitionerPublications.sharePersonalContact,
          updatedAt: practitionerPublications.updatedAt,
          informationUseStatementId: practitionerPublications.informationUseStatementId,
          acceptedVersion: informationUseStatements.version,
          acceptedByUserId: practitionerPublications.acceptedByUserId,
          acceptedByGivenName: acceptedBy.givenName,
          acceptedByFamilyName: acceptedBy.familyName,
          acceptedAt: practitionerPublications.acceptedAt,
          acceptedByDelegate: practitionerPublications.acceptedByDelegate,
        })
        .from(practitionerPublications)
        .innerJoin(
          partnerServices,
          eq(partnerServices.id, practitionerPublications.partnerServiceId),
        )
        .leftJoin(
          informationUseStatements,
          eq(informationUseStatements.id, practitionerPublications.informationUseStatementId),
        )
        .leftJoin(acceptedBy, eq(acceptedBy.id, practitionerPublications.acceptedByUserId))
        .where(eq(practitionerPublications.practitionerId, practitionerId))
        .orderBy(asc(partnerServices.name), asc(partnerServices.id));
    },

    /** One publication, locked for the rest of the transaction so two edits cannot interleave. */
    async findForUpdate(tx: Transaction, practitionerId: string, partnerServiceId: string) {
      const [row] = await tx
        .select({
          id: practitionerPublications.id,
          publish: practitionerPublications.publish,
          personalContactRequestedAt: practitionerPublications.personalContactRequestedAt,
          sharePersonalContact: practitionerPublications.sharePersonalContact,
          informationUseStatementId: practitionerPublications.informationUseStatementId,
          acceptedByUserId: practitionerPublications.acceptedByUserId,
          acceptedAt: practitionerPublications.acceptedAt,
        })
        .from(practitionerPublications)
        .where(
          and(
            eq(practitionerPublications.practitionerId, practitionerId),
            eq(practitionerPublications.partnerServiceId, partnerServiceId),
          ),
        )
        .for('update')
        .limit(1);
      return row ?? null;
    },

    async partner(tx: Executor, partnerServiceId: string) {
      const [row] = await tx
        .select(partnerColumns)
        .from(partnerServices)
        .where(eq(partnerServices.id, partnerServiceId))
        .limit(1);
      return row ?? null;
    },

    /** Every partner service's latest information use statement, by partner id. */
    async latestStatements(tx: Executor) {
      const rows = await partnersWithLatestStatement(tx);
      return new Map(
        rows.map((r) => [
          r.id,
          { id: r.statementId, version: r.version, title: r.title, content: r.content },
        ]),
      );
    },

    /** Partner services the practitioner has not added yet, by name. */
    async partnersNotAdded(practitionerId: string) {
      const added = db
        .select({ id: practitionerPublications.partnerServiceId })
        .from(practitionerPublications)
        .where(eq(practitionerPublications.practitionerId, practitionerId));
      return db
        .select(partnerColumns)
        .from(partnerServices)
        .where(notInArray(partnerServices.id, added))
        .orderBy(asc(partnerServices.name), asc(partnerServices.id));
    },

    /** Adds a publication; null when the practitioner already has one for that partner (even in a race). */
    async insert(
      tx: Transaction,
      values: {
        practitionerId: string;
        partnerServiceId: string;
        publish: boolean;
        userId: string;
        acceptance: Acceptance | null;
      },
    ) {
      const [row] = await tx
        .insert(practitionerPublications)
        .values({
          practitionerId: values.practitionerId,
          partnerServiceId: values.partnerServiceId,
          publish: values.publish,
          sharePersonalContact: false,
          updatedByUserId: values.userId,
          ...values.acceptance,
        })
        .onConflictDoNothing({
          target: [
            practitionerPublications.practitionerId,
            practitionerPublications.partnerServiceId,
          ],
        })
        .returning({ id: practitionerPublications.id });
      return row ?? null;
    },

    async update(
      tx: Transaction,
      id: string,
      values: {
        publish: boolean;
        sharePersonalContact: boolean;
        userId: string;
        acceptance: Acceptance | null;
      },
    ) {
      await tx
        .update(practitionerPublications)
        .set({
          publish: values.publish,
          sharePersonalContact: values.sharePersonalContact,
          updatedByUserId: values.userId,
          updatedAt: new Date(),
          ...values.acceptance,
        })
        .where(eq(practitionerPublications.id, id));
    },

    async remove(tx: Transaction, id: string) {
      await tx.delete(practitionerPublications).where(eq(practitionerPublications.id, id));
    },

    /**
     * Marks the practitioner changed: what a partner receives about them (whether, and their personal contact
     * details) follows these rows, and the partner API's meta.lastUpdated and _lastUpdated read this column.
     */
    async touchPractitioner(tx: Transaction, practitionerId: string) {
      await tx
        .update(practitioners)
        .set({ updatedAt: sql`now()` })
        .where(eq(practitioners.id, practitionerId));
    },
  };
}
