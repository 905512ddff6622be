import { describe, expect, it } from 'vitest';
import { isValidAbn, isValidEmail, isValidPhone, isValidWebsite } from './validation.ts';

describe('isValidAbn', () => {
  it('accepts the demo world ABNs and the ATO example, with or without spaces', () => {
    expect(isValidAbn('73947541005')).toBe(true);
    expect(isValidAbn('16528754953')).toBe(true);
    expect(isValidAbn('51 824 753 556')).toBe(true);
  });

  it('rejects a wrong checksum, wrong length, letters and a leading zero', () => {
    expect(isValidAbn('73947541006')).toBe(false);
    expect(isValidAbn('12345678901')).toBe(false);
    expect(isValidAbn('7394754100')).toBe(false);
    expect(isValidAbn('739475410051')).toBe(false);
    expect(isValidAbn('7394754100a')).toBe(false);
    expect(isValidAbn('01234567890')).toBe(false);
    expect(isValidAbn('')).toBe(false);
  });
});

describe('isValidPhone', () => {
  it('accepts landlines, mobiles, 1300/1800, 13 numbers and +61', () => {
    for (const phone of [
      '0291234567',
      '02 9123 4567',
      '(02) 9123-4567',
      '0412 345 678',
      '1300427262',
      '1800 123 456',
      '131126',
      '+61291234567',
    ])
      expect(isValidPhone(phone), phone).toBe(true);
  });
  it('rejects short, long and foreign-looking numbers', () => {
    for (const phone of ['12345', '029123456', '02912345678', '0191234567', 'abc', '+1 555 1234'])
      expect(isValidPhone(phone), phone).toBe(false);
  });
});

describe('isValidEmail and isValidWebsite', () => {
  it('checks the shape of an email address', () => {
    expect(isValidEmail('gp@harbourmedical.example.com.au')).toBe(true);
    expect(isValidEmail('no-at-sign.example.com')).toBe(false);
    expect(isValidEmail('a b@example.com')).toBe(false);
    expect(isValidEmail('name@localhost')).toBe(false);
  });
  it('needs an http(s) address with a dotted host', () => {
    expect(isValidWebsite('https://harbourmedical.example.com.au/skin')).toBe(true);
    expect(isValidWebsite('http://example.com')).toBe(true);
    expect(isValidWebsite('example.com')).toBe(false);
    expect(isValidWebsite('ftp://example.com')).toBe(false);
    expect(isValidWebsite('https://localhost')).toBe(false);
  });
});
