import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { OrganisationUpdate, RegistrationBusinessDetails } from './index.ts';
import { TokenExchangeRequest } from './auth.ts';
import { PartnerTokenRequest } from './client-systems.ts';
import { CreatePractitionerRole, HpiiSearch, ServiceOfferingsQuery } from './practitioners.ts';
import {
  multiLineText,
  optionalSingleLineText,
  singleLineText,
  textCharacterProblem,
  textMessages,
} from './text.ts';

/** The messages of a failed parse, or the parsed value. */
function outcome(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success
    ? { value: result.data }
    : { messages: result.error.issues.map((i) => i.message) };
}

const name = singleLineText({ min: 1, max: 10, required: 'Enter the name' });
const notes = multiLineText({ max: 20 });

describe('singleLineText', () => {
  it('trims and keeps ordinary text, accents, emoji and other scripts', () => {
    expect(outcome(name, '  Clinic  ')).toEqual({ value: 'Clinic' });
    expect(outcome(name, 'Zoë’s')).toEqual({ value: 'Zoë’s' });
    expect(outcome(name, '诊所 😀')).toEqual({ value: '诊所 😀' });
  });

  it('rejects NUL, every other C0 control and DEL with one human message', () => {
    const controls = [...Array(0x20).keys(), 0x7f]
      .map((code) => String.fromCharCode(code))
      .filter((char) => !['\t', '\n', '\r'].includes(char));
    expect(controls).toHaveLength(30);
    for (const char of controls)
      expect(outcome(name, `a${char}b`), `U+${char.charCodeAt(0).toString(16)}`).toEqual({
        messages: [textMessages.invalidCharacter],
      });
  });

  it('rejects a line break inside the text (CR, LF or CRLF) and a tab', () => {
    for (const value of ['a\nb', 'a\rb', 'a\r\nb'])
      expect(outcome(name, value)).toEqual({ messages: [textMessages.lineBreak] });
    expect(outcome(name, 'a\tb')).toEqual({ messages: [textMessages.invalidCharacter] });
  });

  it('trims a pasted trailing newline instead of refusing it', () => {
    expect(outcome(name, 'Clinic\r\n')).toEqual({ value: 'Clinic' });
  });

  it('rejects lone surrogates, high or low, anywhere; accepts a proper pair', () => {
    for (const value of ['\uD800', 'a\uD800', '\uD800a', 'a\uDC00', '\uDC00\uD800', '😀\uDBFF'])
      expect(outcome(name, value)).toEqual({ messages: [textMessages.invalidCharacter] });
    expect(outcome(name, '\uD83D\uDE00')).toEqual({ value: '😀' });
  });

  it('enforces the limits after trimming, with the given or default messages', () => {
    expect(outcome(name, '   ')).toEqual({ messages: ['Enter the name'] });
    expect(outcome(name, 'x'.repeat(10))).toEqual({ value: 'x'.repeat(10) });
    expect(outcome(name, ` ${'x'.repeat(10)} `)).toEqual({ value: 'x'.repeat(10) });
    expect(outcome(name, 'x'.repeat(11))).toEqual({ messages: ['Enter 10 characters or fewer'] });
    expect(outcome(singleLineText({ min: 2, max: 5 }), 'x')).toEqual({
      messages: ['Enter at least 2 characters'],
    });
    expect(outcome(singleLineText({ max: 2, tooLong: 'Too long' }), 'xxx')).toEqual({
      messages: ['Too long'],
    });
  });

  it('gives one message when the characters are wrong, whatever the length', () => {
    expect(outcome(name, `\u0000${'x'.repeat(20)}`)).toEqual({
      messages: [textMessages.invalidCharacter],
    });
  });

  it('refuses what is not a string', () => {
    expect(name.safeParse(42).success).toBe(false);
    expect(name.safeParse(null).success).toBe(false);
  });
});

describe('optionalSingleLineText', () => {
  it('accepts empty text and applies the same character rule', () => {
    const optional = optionalSingleLineText(5);
    expect(outcome(optional, '')).toEqual({ value: '' });
    expect(outcome(optional, '  ')).toEqual({ value: '' });
    expect(outcome(optional, 'a\u0000')).toEqual({ messages: [textMessages.invalidCharacter] });
    expect(outcome(optional, 'a\nb')).toEqual({ messages: [textMessages.lineBreak] });
    expect(outcome(optional, 'xxxxxx')).toEqual({ messages: ['Enter 5 characters or fewer'] });
  });
});

describe('multiLineText', () => {
  it('keeps LF, CRLF and tabs inside the text', () => {
    expect(outcome(notes, 'one\ntwo')).toEqual({ value: 'one\ntwo' });
    expect(outcome(notes, 'one\r\ntwo\tthree')).toEqual({ value: 'one\r\ntwo\tthree' });
  });

  it('rejects a CR that is not part of CRLF, NUL, other controls, DEL and lone surrogates', () => {
    for (const value of ['one\rtwo', 'a\u0000', 'a\u0007', 'a\u001b[31m', 'a\u007f', 'a\uD800'])
      expect(outcome(notes, value)).toEqual({ messages: [textMessages.invalidCharacter] });
  });
});

describe('textCharacterProblem', () => {
  it('names nothing for clean text and the first problem otherwise', () => {
    expect(textCharacterProblem('Surry Hills', 'single')).toBeNull();
    expect(textCharacterProblem('a\nb', 'multi')).toBeNull();
    expect(textCharacterProblem('a\nb', 'single')).toBe(textMessages.lineBreak);
    expect(textCharacterProblem('a\u0000\nb', 'single')).toBe(textMessages.invalidCharacter);
  });
});

describe('the contracts apply the rule to their inputs', () => {
  const details = { legalName: 'Legal Pty Ltd', businessName: 'Clinic', abn: '51 824 753 556' };

  it('business names are single-line: CR/LF refused, naming the field', () => {
    for (const businessName of ['Clinic\r\nBcc: x@example.com', 'Clinic\nX', 'Clinic\rX']) {
      const result = RegistrationBusinessDetails.safeParse({ ...details, businessName });
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ['businessName'], message: textMessages.lineBreak }),
      ]);
    }
    const update = OrganisationUpdate.safeParse({
      name: 'Org',
      alias: '',
      businessName: 'A\nB',
      fax: '',
      website: '',
    });
    expect(update.error?.issues[0]).toMatchObject({ path: ['businessName'] });
  });

  it('contact channels, role fields, queries and sign-in values refuse NUL and lone surrogates', () => {
    expect(
      OrganisationUpdate.safeParse({
        name: 'Org',
        alias: '',
        businessName: '',
        fax: '',
        website: 'https://a.au/\u0000',
      }).error?.issues[0],
    ).toMatchObject({ path: ['website'], message: textMessages.invalidCharacter });
    expect(ServiceOfferingsQuery.safeParse({ name: '\u0000' }).error?.issues[0]).toMatchObject({
      path: ['name'],
    });
    expect(
      TokenExchangeRequest.safeParse({ code: 'abc', state: 'a\uD800' }).error?.issues[0],
    ).toMatchObject({ path: ['state'], message: textMessages.invalidCharacter });
    const role = CreatePractitionerRole.safeParse({
      practitionerId: '00000000-0000-4000-8000-000000000000',
      hiService: null,
      healthcareServiceId: '00000000-0000-4000-8000-000000000001',
      primaryType: 'GP',
      preferredName: 'Dr \u0000',
      numberOfDays: null,
      startDate: '2026-01-01',
      endDate: null,
    });
    expect(role.error?.issues[0]).toMatchObject({ path: ['preferredName'] });
    expect(
      HpiiSearch.safeParse({ hpii: '8003615260181594', familyName: 'Ng\u0000', givenName: 'A' })
        .error?.issues[0],
    ).toMatchObject({ path: ['familyName'], message: textMessages.invalidCharacter });
  });

  it('the OAuth token request keeps its values exact and refuses control characters in each', () => {
    const valid = { grant_type: 'client_credentials', client_id: ' id ', client_secret: 's' };
    expect(PartnerTokenRequest.parse(valid).client_id).toBe(' id ');
    for (const field of ['grant_type', 'scope', 'client_id', 'client_secret'])
      expect(
        PartnerTokenRequest.safeParse({ ...valid, [field]: 'a\u0000b' }).error?.issues[0],
      ).toMatchObject({ path: [field], message: textMessages.invalidCharacter });
  });
});
