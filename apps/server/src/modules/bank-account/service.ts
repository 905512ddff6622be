import {
  bankAccountConsent,
  bankAccountMessages as messages,
  bankAccountProblemTypes as problemTypes,
  formatBsb,
  maskAccountNumber,
  maskBsbForAudit,
  type BankAccountShareRequest,
  type BankAccountValues,
  type BankAccountView,
  type MaskedBankAccount,
  type RuntimeConfig,
} from '@pca/contracts';
import type { Database, Transaction } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import type { AppDeps } from '#platform/deps.ts';
import { HttpError, NotFoundError } from '#platform/errors.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { actingAudit, type Acting } from '#platform/access/acting.ts';
import {
  BankAccountUnreadableError,
  openBankAccount,
  sealBankAccount,
  type BankAccountKeyRing,
  type BankAccountPlain,
  type SealedBankAccount,
} from '#lib/bank-account-crypto.ts';
import { bankAccountRepository } from './repository.ts';

type Executor = Database | Transaction;

/** The slug of a problem type (`/problems/<slug>`). */
const slug = (type: string) => type.replace(/^\/problems\//, '');

const conflict = (detail: string, type: string) =>
  new HttpError(409, 'Conflict', detail, slug(type));

function flagOn(features: RuntimeConfig['features'], flag: string | null) {
  return flag === null || (features as Record<string, boolean>)[flag] === true;
}

/** Who the call acts for: the practitioner in the path, and whether a delegate is acting for them. */
/** Opens a stored account, or answers 500 with its own problem: the portal never shows a row it cannot trust. */
function open(ring: BankAccountKeyRing, practitionerId: string, sealed: SealedBankAccount) {
  try {
    return openBankAccount(ring, practitionerId, sealed);
  } catch (error) {
    if (error instanceof BankAccountUnreadableError)
      throw new HttpError(
        500,
        'Internal Server Error',
        messages.unreadable,
        slug(problemTypes.unreadable),
        undefined,
        { cause: error },
      );
    throw error;
  }
}

const masked = (plain: BankAccountPlain, updatedAt: Date): MaskedBankAccount => ({
  accountName: plain.accountName,
  bsb: formatBsb(plain.bsb),
  accountNumber: maskAccountNumber(plain.accountNumber),
  updatedAt: updatedAt.toISOString(),
});

/** What the audit trail keeps of an account: the name, and the numbers masked (never in clear). */
const audited = (plain: BankAccountPlain) => ({
  accountName: plain.accountName,
  bsb: maskBsbForAudit(plain.bsb),
  accountNumber: maskAccountNumber(plain.accountNumber),
});

/**
 * A practitioner's bank account (docs/decisions/058-bank-account.md): the practitioner, or a delegate managing
 * them whose consent includes sharing bank details, saves it (encrypted at rest), and shares it with payer
 * organisations by explicit, versioned consent, withdrawn at any time. Every write is one transaction with its
 * audit event, whose fields hold the numbers masked only.
 */
export function bankAccountService(deps: Pick<AppDeps, 'db' | 'config'>) {
  const { db, config } = deps;
  const repo = bankAccountRepository(db);
  const ring = config.bankAccountKeys;
  const features = config.runtime.features;

  /**
   * The practitioner of the path when the caller may act for them: their own record while not managing, or the
   * practitioner they manage with the bank-details consent. 404 for everyone else, as if there were nothing.
   */
  async function actingFor(auth: AuthContext, practitionerId: string, tx: Executor = db) {
    const { currentUser } = auth;
    const managed = currentUser.managingPractitioner;
    if (managed) {
      if (
        managed.id === practitionerId &&
        (await repo.delegateMayShareBankDetails(tx, auth.user.id, practitionerId))
      )
        return { practitionerId, managing: true } satisfies Acting;
    } else if (currentUser.practitionerId === practitionerId)
      return { practitionerId, managing: false } satisfies Acting;
    throw new NotFoundError(messages.notFound);
  }

  const auditOf = actingAudit('bank-account');

  /** A payer the account may be shared with: a partner whose role is payer, its feature flag on (404 otherwise). */
  async function offeredPayer(tx: Executor, partnerServiceId: string) {
    const payer = await repo.payer(tx, partnerServiceId);
    if (!payer || !flagOn(features, payer.featureFlag))
      throw new NotFoundError(messages.payerNotFound);
    return payer;
  }

  return {
    async view(auth: AuthContext, practitionerId: string): Promise<BankAccountView> {
      const acting = await actingFor(auth, practitionerId);
      const [practitioner, row, payers] = await Promise.all([
        repo.practitioner(practitionerId),
        repo.account(db, practitionerId),
        repo.payers(db, practitionerId),
      ]);
      if (!practitioner) throw new NotFoundError(messages.notFound);
      return {
        practitioner,
        managing: acting.managing,
        account: row ? masked(open(ring, practitionerId, row), row.updatedAt) : null,
        payers: payers
          .filter((p) => flagOn(features, p.featureFlag))
          .map((p) => ({
            partnerServiceId: p.partnerServiceId,
            name: p.name,
            consent: { version: bankAccountConsent.version, text: bankAccountConsent.text(p.name) },
            share:
              p.shareId && p.sharedAt && p.consentVersion !== null
                ? { consentVersion: p.consentVersion, sharedAt: p.sharedAt.toISOString() }
                : null,
          })),
      };
    },

    /** Saves the whole account, replacing what was there; current shares then carry the new account. */
    async save(
      auth: AuthContext,
      practitionerId: string,
      body: BankAccountValues,
      requestId: string,
    ): Promise<MaskedBankAccount> {
      return db.transaction(async (tx) => {
        const acting = await actingFor(auth, practitionerId, tx);
        const before = await repo.accountForUpdate(tx, practitionerId);
        // A previous row that no longer opens is replaced all the same: entering the account again is the way out.
        let previous: BankAccountPlain | null = null;
        if (before)
          try {
            previous = openBankAccount(ring, practitionerId, before);
          } catch {
            previous = null;
          }
        const plain = {
          accountName: body.accountName,
          bsb: body.bsb,
          accountNumber: body.accountNumber,
        };
        const saved = await repo.upsert(
          tx,
          practitionerId,
          sealBankAccount(ring, practitionerId, plain),
          auth.user.id,
        );
        await appendAudit(tx, {
          ...auditOf(auth, acting, requestId),
          action: before ? 'bank-account.updated' : 'bank-account.created',
          entityId: saved.id,
          changedFields: {
            practitionerId,
            ...(previous ? { from: audited(previous) } : {}),
            to: audited(plain),
          },
        });
        return masked(plain, new Date());
      });
    },

    async share(
      auth: AuthContext,
      practitionerId: string,
      body: BankAccountShareRequest,
      requestId: string,
    ): Promise<BankAccountView['payers'][number]> {
      return db.transaction(async (tx) => {
        const acting = await actingFor(auth, practitionerId, tx);
        const payer = await offeredPayer(tx, body.partnerServiceId);
        if (body.consentVersion !== bankAccountConsent.version)
          throw conflict(messages.consentNotCurrent, problemTypes.consentNotCurrent);
        const account = await repo.accountForUpdate(tx, practitionerId);
        if (!account) throw conflict(messages.noAccount, problemTypes.noAccount);
        const consentText = bankAccountConsent.text(payer.name);
        const share = await repo.insertShare(tx, {
          practitionerId,
          partnerServiceId: payer.id,
          consentVersion: bankAccountConsent.version,
          consentText,
          userId: auth.user.id,
        });
        if (!share) throw conflict(messages.alreadyShared, problemTypes.alreadyShared);
        await appendAudit(tx, {
          ...auditOf(auth, acting, requestId),
          action: 'bank-account.shared',
          entityId: account.id,
          changedFields: {
            practitionerId,
            partnerServiceId: payer.id,
            shareId: share.id,
            consentVersion: bankAccountConsent.version,
          },
        });
        return {
          partnerServiceId: payer.id,
          name: payer.name,
          consent: { version: bankAccountConsent.version, text: consentText },
          share: {
            consentVersion: bankAccountConsent.version,
            sharedAt: share.consentedAt.toISOString(),
          },
        };
      });
    },

    /** Withdraws the consent: the payer's next read no longer finds the account. */
    async withdraw(
      auth: AuthContext,
      practitionerId: string,
      partnerServiceId: string,
      requestId: string,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const acting = await actingFor(auth, practitionerId, tx);
        const share = await repo.withdrawShare(tx, practitionerId, partnerServiceId, auth.user.id);
        if (!share) throw new NotFoundError(messages.shareNotFound);
        const account = await repo.account(tx, practitionerId);
        await appendAudit(tx, {
          ...auditOf(auth, acting, requestId),
          action: 'bank-account.share-withdrawn',
          entityId: account?.id ?? null,
          changedFields: { practitionerId, partnerServiceId, shareId: share.id },
        });
      });
    },
  };
}

/**
 * Re-encrypts every stored account under the ring's current key (`npm run bank-accounts:reencrypt`, after a
 * new key is added and made current): each row in its own short transaction, locked while it is rewritten.
 * Rows already under the current key are written again too (a fresh IV), so a run can be repeated safely.
 * A row that does not open is counted and left as it is.
 */
export async function reencryptBankAccounts(db: Database, ring: BankAccountKeyRing) {
  const repo = bankAccountRepository(db);
  const result = { reencrypted: 0, unreadable: [] as string[] };
  for (const row of await repo.allAccounts(db)) {
    await db.transaction(async (tx) => {
      const locked = await repo.accountForUpdate(tx, row.practitionerId);
      if (!locked) return;
      let plain: BankAccountPlain;
      try {
        plain = openBankAccount(ring, row.practitionerId, locked);
      } catch {
        result.unreadable.push(row.practitionerId);
        return;
      }
      await repo.reseal(tx, locked.id, sealBankAccount(ring, row.practitionerId, plain));
      await appendAudit(tx, {
        actorUserId: null,
        action: 'bank-account.reencrypted',
        entityType: 'bank-account',
        entityId: locked.id,
        changedFields: {
          practitionerId: row.practitionerId,
          keyId: { from: locked.keyId, to: ring.currentKeyId },
        },
      });
      result.reencrypted += 1;
    });
  }
  return result;
}
