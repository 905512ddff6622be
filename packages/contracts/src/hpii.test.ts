import { describe, expect, it } from 'vitest';
import { hpiiMessages, hpiiProblem, luhnValid } from './hpii.ts';
import { HpiiCheckRequest, PractitionerRegistrationRequest } from './profile.ts';

// The demo world's HPI-Is (data/world.json): every one carries a valid check digit.
const demoHpiis = [
  '8003615260181594',
  '8003610830166134',
  '8003611860913908',
  '8003619960308242',
  '8003616281948219',
];

describe('luhnValid', () => {
  it.each(demoHpiis)('accepts the demo HPI-I %s', (hpii) => {
    expect(luhnValid(hpii)).toBe(true);
  });

  it('refuses a changed last digit, a swapped pair and anything but digits', () => {
    expect(luhnValid('8003611860913909')).toBe(false);
    expect(luhnValid('8003611860913980')).toBe(false);
    expect(luhnValid('800361186091390a')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('follows the textbook examples', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
  });
});

describe('hpiiProblem', () => {
  it('names the first problem: required, then 16 digits, then the check digit', () => {
    expect(hpiiProblem('  ')).toBe(hpiiMessages.required);
    expect(hpiiProblem('800361186091390')).toBe(hpiiMessages.digits);
    expect(hpiiProblem('80036118609139081')).toBe(hpiiMessages.digits);
    expect(hpiiProblem('8003 6118 6091 3908')).toBe(hpiiMessages.digits);
    expect(hpiiProblem('8003611860913909')).toBe(hpiiMessages.checkDigit);
    expect(hpiiProblem(' 8003611860913908 ')).toBeNull();
  });
});

describe('the HPI-I schemas', () => {
  const messages = (value: unknown) => {
    const r = HpiiCheckRequest.safeParse({ hpii: value });
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('say one thing per value, in the field’s own words', () => {
    expect(messages('')).toEqual([hpiiMessages.required]);
    expect(messages('12345')).toEqual([hpiiMessages.digits]);
    expect(messages('8003611860913909')).toEqual([hpiiMessages.checkDigit]);
    expect(messages('8003611860913908\n')).toEqual([]);
    expect(messages('8003611860913908\u0000')).toEqual(['Remove the invalid character']);
    expect(messages(8003611860913908)).toHaveLength(1);
  });

  it('need both ticks on registration', () => {
    const r = PractitionerRegistrationRequest.safeParse({
      hpii: '8003611860913908',
      participationAccepted: false,
      privacyAccepted: false,
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'participationAccepted',
      'privacyAccepted',
    ]);
    expect(
      PractitionerRegistrationRequest.parse({
        hpii: '8003611860913908',
        participationAccepted: true,
        privacyAccepted: true,
      }),
    ).toEqual({ hpii: '8003611860913908', participationAccepted: true, privacyAccepted: true });
  });
});
