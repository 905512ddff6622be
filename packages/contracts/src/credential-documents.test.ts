import { describe, expect, it } from 'vitest';
import { CredentialDocumentDetails, credentialDocumentMessages as messages } from './index.ts';

const details = (over: Record<string, unknown> = {}) => ({
  type: 'Qualification',
  title: '',
  description: '',
  issueDate: '2025-07-01',
  expiryDate: '2030-06-30',
  organisationIds: [],
  ...over,
});

/** The messages the schema gives a field, in order. */
const messagesFor = (input: Record<string, unknown>, field: string) => {
  const parsed = CredentialDocumentDetails.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.filter((i) => i.path.join('.') === field).map((i) => i.message);
};

describe('CredentialDocumentDetails dates', () => {
  it('accepts dates from 1 January 1900 to 31 December 2199', () => {
    expect(CredentialDocumentDetails.safeParse(details()).success).toBe(true);
    expect(
      CredentialDocumentDetails.safeParse(
        details({ issueDate: '1900-01-01', expiryDate: '2199-12-31' }),
      ).success,
    ).toBe(true);
  });

  it('refuses a year typed with two digits (0025) and a year before 1900', () => {
    expect(messagesFor(details({ issueDate: '0025-07-01' }), 'issueDate')).toEqual([
      messages.dateTooEarly,
    ]);
    expect(messagesFor(details({ issueDate: '1899-12-31' }), 'issueDate')).toEqual([
      messages.dateTooEarly,
    ]);
    expect(
      messagesFor(details({ issueDate: '0020-01-01', expiryDate: '0025-07-01' }), 'expiryDate'),
    ).toEqual([messages.dateTooEarly]);
  });

  it('refuses a date after 2199', () => {
    expect(messagesFor(details({ expiryDate: '2200-01-01' }), 'expiryDate')).toEqual([
      messages.dateTooLate,
    ]);
  });

  it('keeps one message for an empty or malformed date, not the range as well', () => {
    expect(messagesFor(details({ issueDate: '' }), 'issueDate')[0]).toBe(
      messages.issueDateRequired,
    );
    expect(messagesFor(details({ issueDate: '' }), 'issueDate')).not.toContain(
      messages.dateTooEarly,
    );
    expect(messagesFor(details({ expiryDate: '2026-02-30' }), 'expiryDate')).toEqual([
      messages.dateFormat,
    ]);
  });
});
