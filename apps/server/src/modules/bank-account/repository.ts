import { and, asc, eq, isNull } from 'drizzle-orm';
import { delegateConsentList } from '@pca/contracts';
import { practitionerName, sealedBankAccount } from '#db/selections.ts';
import type { Database, Transaction } from '#db/client.ts';
import { delegateHasConsent } from '#platform/access/delegate-consent.ts';
import {
  bankAccounts,
  bankAccountShares,
  partnerServices,
  practitioners,
} from '#db/schema/index.ts';
import type { SealedBankAccount } from '#lib/bank-account-crypto.ts';

type Executor = Database | Transaction;

/** The consent item that lets a delegate manage and share the bank account (docs/decisions/058-bank-account.md). */
const bankDetailsConsent = delegateConsentList[2];

const sealedColumns = {
  id: bankAccounts.id,
  ...sealedBankAccount,
  updatedAt: bankAccounts.updatedAt,
};

/** Data access of a practitioner's bank account and its shares (docs/decisions/058-bank-account.md). */
export function bankAccountRepository(db: Database) {
  return {
    async practitioner(practitionerId: string) {
      const [row] = await db
        .select({
          id: practitioners.id,
          ...practitionerName,
        })
        .from(practitioners)
        .where(eq(practitioners.id, practitionerId))
        .limit(1);
      return row ?? null;
    },

    /**
     * Whether the delegate's Accepted delegation from the practitioner carries a consent whose text includes
     * 'Share bank details with payer organisations such as health funds'.
     */
    async delegateMayShareBankDetails(
      tx: Executor,
      delegateUserId: string,
      practitionerId: string,
    ) {
      return delegateHasConsent(tx, delegateUserId, practitionerId, bankDetailsConsent);
    },

    async account(tx: Executor, practitionerId: string) {
      const [row] = await tx
        .select(sealedColumns)
        .from(bankAccounts)
        .where(eq(bankAccounts.practitionerId, practitionerId))
        .limit(1);
      return row ?? null;
    },

    /** The account row, locked for the rest of the transaction so two saves cannot interleave. */
    async accountForUpdate(tx: Transaction, practitionerId: string) {
      const [row] = await tx
        .select(sealedColumns)
        .from(bankAccounts)
        .where(eq(bankAccounts.practitionerId, practitionerId))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    /** Writes the account (one row per practitioner: a save replaces it). */
    async upsert(
      tx: Transaction,
      practitionerId: string,
      sealed: SealedBankAccount,
      userId: string,
    ) {
      const [row] = await tx
        .insert(bankAccounts)
        .values({ practitionerId, ...sealed, updatedByUserId: userId })
        .onConflictDoUpdate({
          target: bankAccounts.practitionerId,
          set: { ...sealed, updatedByUserId: userId, updatedAt: new Date() },
        })
        .returning({ id: bankAccounts.id });
      return row!;
    },

    /** The payer organisations, by name, with the practitioner's current share with each (or null). */
    async payers(tx: Executor, practitionerId: string) {
      return tx
        .select({
          partnerServiceId: partnerServices.id,
          name: partnerServices.name,
          featureFlag: partnerServices.featureFlag,
          shareId: bankAccountShares.id,
          consentVersion: bankAccountShares.consentVersion,
          sharedAt: bankAccountShares.consentedAt,
        })
        .from(partnerServices)
        .leftJoin(
          bankAccountShares,
          and(
            eq(bankAccountShares.partnerServiceId, partnerServices.id),
            eq(bankAccountShares.practitionerId, practitionerId),
            isNull(bankAccountShares.withdrawnAt),
          ),
        )
        .where(eq(partnerServices.role, 'payer'))
        .orderBy(asc(partnerServices.name), asc(partnerServices.id));
    },

    async payer(tx: Executor, partnerServiceId: string) {
      const [row] = await tx
        .select({
          id: partnerServices.id,
          name: partnerServices.name,
          featureFlag: partnerServices.featureFlag,
        })
        .from(partnerServices)
        .where(and(eq(partnerServices.id, partnerServiceId), eq(partnerServices.role, 'payer')))
        .limit(1);
      return row ?? null;
    },

    /** Records a consent to share; null when a current share with that payer exists (even in a race). */
    async insertShare(
      tx: Transaction,
      values: {
        practitionerId: string;
        partnerServiceId: string;
        consentVersion: number;
        consentText: string;
        userId: string;
      },
    ) {
      const [row] = await tx
        .insert(bankAccountShares)
        .values({
          practitionerId: values.practitionerId,
          partnerServiceId: values.partnerServiceId,
          consentVersion: values.consentVersion,
          consentText: values.consentText,
          consentedByUserId: values.userId,
        })
        .onConflictDoNothing()
        .returning({ id: bankAccountShares.id, consentedAt: bankAccountShares.consentedAt });
      return row ?? null;
    },

    /** Ends the current share with that payer; null when there is none. */
    async withdrawShare(
      tx: Transaction,
      practitionerId: string,
      partnerServiceId: string,
      userId: string,
    ) {
      const [row] = await tx
        .update(bankAccountShares)
        .set({ withdrawnAt: new Date(), withdrawnByUserId: userId })
        .where(
          and(
            eq(bankAccountShares.practitionerId, practitionerId),
            eq(bankAccountShares.partnerServiceId, partnerServiceId),
            isNull(bankAccountShares.withdrawnAt),
          ),
        )
        .returning({ id: bankAccountShares.id });
      return row ?? null;
    },

    /** Every stored account, for re-encryption under the current key. */
    async allAccounts(tx: Executor) {
      return tx
        .select({ practitionerId: bankAccounts.practitionerId, ...sealedColumns })
        .from(bankAccounts)
        .orderBy(asc(bankAccounts.id));
    },

    /** Replaces one row's ciphertext, keeping when the account itself last changed. */
    async reseal(tx: Transaction, id: string, sealed: SealedBankAccount) {
      await tx.update(bankAccounts).set(sealed).where(eq(bankAccounts.id, id));
    },
  };
}
