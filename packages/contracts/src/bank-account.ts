// A practitioner's bank account (docs/product/bank-account.md, docs/decisions/058-bank-account.md): the form's
// fields, checked by the same schema in the browser and on the server, and the page's answer, which never holds
// the account number in full.
import { z } from 'zod';
import { bankAccountMessages as messages } from './bank-account-paths.ts';
import { Uuid } from './ids.ts';
import { singleLineText } from './text.ts';

export * from './bank-account-paths.ts';

/** Spaces and one hyphen people type inside a number ("062-000", "062 000") are not part of it. */
const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** A BSB: exactly 6 digits, typed as `062-000` or `062000`; kept as the 6 digits. */
export const Bsb = z
  .string()
  .trim()
  .min(1, messages.bsbRequired)
  .max(9, messages.bsbInvalid)
  .regex(/^\d{3}[\s-]?\d{3}$/, messages.bsbInvalid)
  .transform(digitsOf);

/** An account number: 6 to 9 digits (spaces people type between groups are dropped). */
export const AccountNumber = z
  .string()
  .trim()
  .min(1, messages.accountNumberRequired)
  .max(12, messages.accountNumberInvalid)
  .regex(/^(\d\s?){5,8}\d$/, messages.accountNumberInvalid)
  .transform(digitsOf);

/** Body of Save: the whole account (saving replaces what was there). */
export const BankAccountInput = z.object({
  accountName: singleLineText({ min: 1, max: 100, required: messages.accountNameRequired }),
  bsb: Bsb,
  accountNumber: AccountNumber,
});
export type BankAccountInput = z.input<typeof BankAccountInput>;
export type BankAccountValues = z.output<typeof BankAccountInput>;

/** The saved account as the page shows it: the BSB as `000-000`, the account number masked. */
export const MaskedBankAccount = z.object({
  accountName: z.string(),
  bsb: z.string(),
  accountNumber: z.string(),
  updatedAt: z.string(),
});
export type MaskedBankAccount = z.infer<typeof MaskedBankAccount>;

/** A payer organisation the account can be shared with, the consent text it would be shared under, and its share. */
export const BankAccountPayer = z.object({
  partnerServiceId: Uuid,
  name: z.string(),
  consent: z.object({ version: z.number().int(), text: z.string() }),
  /** The current share, or null when not shared. */
  share: z
    .object({
      consentVersion: z.number().int(),
      sharedAt: z.string(),
    })
    .nullable(),
});
export type BankAccountPayer = z.infer<typeof BankAccountPayer>;

/** The page's answer. */
export const BankAccountView = z.object({
  practitioner: z.object({ id: Uuid, givenName: z.string(), familyName: z.string() }),
  /** True when a delegate is acting for the practitioner. */
  managing: z.boolean(),
  account: MaskedBankAccount.nullable(),
  payers: z.array(BankAccountPayer),
});
export type BankAccountView = z.infer<typeof BankAccountView>;

/** Body of Share: the payer, and the consent to the version of the text that was shown. */
export const BankAccountShareRequest = z.object({
  partnerServiceId: Uuid,
  consentVersion: z.number().int().min(1).max(1_000_000),
  consent: z.literal(true, { error: messages.consentRequired }),
});
export type BankAccountShareRequest = z.infer<typeof BankAccountShareRequest>;

export const BankAccountParams = z.object({ practitionerId: Uuid });
export const BankAccountShareParams = z.object({ practitionerId: Uuid, partnerServiceId: Uuid });

/** The consent tick of the share panel: it must be ticked before anything is sent. */
export const BankAccountConsentTick = z.object({
  consent: z.boolean().refine((ticked) => ticked, messages.consentRequired),
});
