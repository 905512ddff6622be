/**
 * Pure validators for business identifiers and contact channels, shared by forms and the API.
 */

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/** Digits of a value typed with spaces (e.g. "73 947 541 005"). */
export function compactDigits(value: string): string {
  return value.replace(/\s+/g, '');
}

/**
 * True when the value is an 11-digit Australian Business Number whose checksum holds: subtract 1 from
 * the first digit, weight the digits 10,1,3,…,19, and the sum must be divisible by 89.
 */
export function isValidAbn(value: string): boolean {
  const abn = compactDigits(value);
  if (!/^\d{11}$/.test(abn) || abn.startsWith('0')) return false;
  const sum = [...abn].reduce(
    (total, char, index) => total + (Number(char) - (index === 0 ? 1 : 0)) * ABN_WEIGHTS[index]!,
    0,
  );
  return sum % 89 === 0;
}

/**
 * True for an Australian phone or fax number: 10 digits starting 02, 03, 04, 07 or 08, a 1300/1800
 * number, a 13xxxx number, or +61 followed by 9 digits. Spaces, hyphens and brackets are ignored.
 */
export function isValidPhone(value: string): boolean {
  const phone = value.replace(/[\s\-()]/g, '');
  return (
    /^0[23478]\d{8}$/.test(phone) ||
    /^1[38]00\d{6}$/.test(phone) ||
    /^13\d{4}$/.test(phone) ||
    /^\+61[23478]\d{8}$/.test(phone)
  );
}

/** True for a plausible email address (one @, a dotted domain, no spaces). */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** True for an http(s) website address with a dotted host. */
export function isValidWebsite(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** User-facing messages of the validators above. */
export const validationMessages = {
  abnRequired: 'Enter the ABN',
  abnInvalid: 'Enter a valid 11-digit ABN, for example 51 824 753 556',
  phoneInvalid: 'Enter a valid Australian phone number, for example 02 9123 4567',
  faxInvalid: 'Enter a valid Australian fax number, for example 02 9123 4567',
  emailInvalid: 'Enter a valid email address, for example name@example.com',
  websiteInvalid:
    'Enter a valid website address starting with https://, for example https://example.com.au',
  postcodeInvalid: 'Enter a 4-digit postcode',
} as const;
