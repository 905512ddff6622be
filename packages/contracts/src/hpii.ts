// The HPI-I rules without zod, so the register-as-practitioner dialog and the profile page can check a number
// and word its errors without loading the schemas (docs/decisions/023-register-as-practitioner.md).
import { constants } from './constants.ts';

/** Messages of the HPI-I field (docs/decisions/023-register-as-practitioner.md). */
export const hpiiMessages = {
  required: 'Please enter your HPI-I number',
  digits: `The HPI-I number must be ${constants.hpiiLength} digits`,
  checkDigit: 'Please check your HPI-I number, the check digit does not match',
} as const;

/**
 * The error keys of a failed HI Service check (docs/product/features.md#feature-validation HPI-I) and the
 * words the field shows for each: the specification names the keys, not their wording, so decision 023
 * records ours.
 */
export const hpiiCheckMessages = {
  hpiiNoMatch:
    'We could not find this HPI-I number with the Healthcare Identifiers Service. Please check the number and try again.',
  hpiiNotActive:
    'This HPI-I number is not active with the Healthcare Identifiers Service. Please contact the Healthcare Identifiers Service.',
  hpiiNotLinked:
    'This HPI-I number is not linked to your provider-login account. Link it in the government services portal, then try again.',
  hpiiError: 'We could not check your HPI-I number right now. Please try again later.',
} as const;

/** One of the HI Service check's error keys. */
export type HpiiCheckErrorKey = keyof typeof hpiiCheckMessages;

/** The problem type (slug after /problems/) each error key travels as; the field error carries its words. */
export const hpiiProblemTypes: Record<HpiiCheckErrorKey, string> = {
  hpiiNoMatch: 'hpii-no-match',
  hpiiNotActive: 'hpii-not-active',
  hpiiNotLinked: 'hpii-not-linked',
  hpiiError: 'hpii-error',
};

/**
 * Whether the last digit of a digit string is its Luhn check digit: from the right, every second digit is
 * doubled (less 9 when over 9) and the sum of all digits is a multiple of 10. An HPI-I is 16 digits whose
 * last digit is this check over the whole number (docs/decisions/023-register-as-practitioner.md).
 */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The message for the first thing wrong with an HPI-I as typed, or null when it may go to the HI Service. */
export function hpiiProblem(value: string): string | null {
  const v = value.trim();
  if (v === '') return hpiiMessages.required;
  if (!new RegExp(`^\\d{${constants.hpiiLength}}$`).test(v)) return hpiiMessages.digits;
  if (!luhnValid(v)) return hpiiMessages.checkDigit;
  return null;
}
