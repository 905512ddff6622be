import { describe, expect, it } from 'vitest';
import { delegationSuccessAlert, possessive } from './delegation-rules.ts';

describe('delegation wording (docs/product/features.md#delegation)', () => {
  it('the resend and stop pages’ possessive: an apostrophe alone after a final s', () => {
    expect(possessive('James')).toBe("James'");
    expect(possessive('Alice')).toBe("Alice's");
  });

  it('the details-update alert says "{givenName}\'s" for every name, as the specification writes it', () => {
    const alice = delegationSuccessAlert('detailsUpdated', { givenName: 'Alice', email: 'a@x.au' });
    expect(alice).toEqual({
      title: 'Successfully updated',
      message: "Alice's full name has been updated.",
    });
    expect(
      delegationSuccessAlert('detailsUpdated', { givenName: 'James', email: 'j@x.au' }).message,
    ).toBe("James's full name has been updated.");
  });
});
