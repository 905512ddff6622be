import type { SealedBankAccount } from '#lib/bank-account-crypto.ts';
import { bankAccounts, practitioners, users } from './schema/index.ts';

// Column sets that several modules' queries select for the same meaning, so each has one name.

/** A practitioner's name as people read it: given and family name. */
export const practitionerName = {
  givenName: practitioners.givenName,
  familyName: practitioners.familyName,
};

/** A user's name as the User register keeps it: given and family name. */
export const userName = {
  givenName: users.givenName,
  familyName: users.familyName,
};

/**
 * A stored bank account's sealed value: what openBankAccount reads besides the practitioner's id
 * (docs/decisions/058-bank-account.md).
 */
export const sealedBankAccount = {
  keyId: bankAccounts.keyId,
  iv: bankAccounts.iv,
  ciphertext: bankAccounts.ciphertext,
  authTag: bankAccounts.authTag,
} satisfies Record<keyof SealedBankAccount, unknown>;
