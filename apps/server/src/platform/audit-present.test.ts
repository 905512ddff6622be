import { describe, expect, it } from 'vitest';
import {
  changesOf,
  labelOfEntity,
  labelOfField,
  MASKED,
  textOfValue,
  wordsOfAction,
} from './audit-present.ts';

describe('how an audit event reads', () => {
  it.each([
    ['practitioner.update-personal-contact-details', 'Changed personal contact details'],
    ['credential-document.uploaded', 'Uploaded credential document'],
    ['bank-account.shared', 'Shared bank account'],
    ['key-contact.set-primary', 'Key contact: set primary'],
    ['location.details-confirmed', 'Confirmed the details of location'],
    ['deny', 'Deny'],
  ])('%s → %s', (action, words) => expect(wordsOfAction(action)).toBe(words));

  it('labels entity types by the filter, and others by their name', () => {
    expect(labelOfEntity('HealthcareService')).toBe('Healthcare service');
    expect(labelOfEntity('session')).toBe('Account and sign-in');
    expect(labelOfEntity('PartnerServiceStatement')).toBe('Partner Service Statement');
    expect(labelOfField('personalEmail')).toBe('Personal email');
    expect(labelOfField('after_hours_phone')).toBe('After hours phone');
    expect(labelOfField('nhsdResourceIdentifier')).toBe('NHSD resource identifier');
    expect(labelOfField('managingPractitionerId')).toBe('Managing practitioner ID');
  });

  it('shows values plainly, and cuts long ones', () => {
    expect(textOfValue(null)).toBe('(empty)');
    expect(textOfValue('')).toBe('(empty)');
    expect(textOfValue(true)).toBe('Yes');
    expect(textOfValue(3)).toBe('3');
    expect(textOfValue(['a', 'b'])).toBe('["a","b"]');
    expect(textOfValue('x'.repeat(400))).toHaveLength(300);
  });

  it('reads both shapes modules write, and masks what is secret', () => {
    expect(
      changesOf({
        name: { from: 'A', to: 'B' },
        detailsVerifiedAt: { to: '2026-11-27' },
        phone: '0291230000',
        secretHint: { from: 'ab', to: 'cd' },
        accountNumber: '123456789',
        bsb: '062000',
        encryptionKeyId: 'k1',
      }),
    ).toEqual([
      { field: 'name', label: 'Name', from: 'A', to: 'B' },
      { field: 'detailsVerifiedAt', label: 'Details verified at', from: null, to: '2026-11-27' },
      { field: 'phone', label: 'Phone', from: null, to: '0291230000' },
      { field: 'secretHint', label: 'Secret hint', from: MASKED, to: MASKED },
      { field: 'accountNumber', label: 'Account number', from: null, to: MASKED },
      { field: 'bsb', label: 'BSB', from: null, to: MASKED },
      { field: 'encryptionKeyId', label: 'Encryption key ID', from: null, to: MASKED },
    ]);
  });
});
