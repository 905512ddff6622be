import { describe, expect, it } from 'vitest';
import { smartCallbackBack, smartCallbackTarget } from './smart-callback-target.ts';

const orgId = '0b5d3c1e-8f8a-4c62-9d35-6a1b2c3d4e5f';

describe('smartCallbackTarget (docs/product/shell.md#smart-callback)', () => {
  it('takes the 36 characters after "po:" as the participating organisation id', () => {
    expect(smartCallbackTarget(`po:${orgId}`, 'c0de')).toBe(
      `/organisation/participating/${orgId}/launch?code=c0de&state=po%3A${orgId}`,
    );
    expect(smartCallbackTarget(`po:${orgId}extra-state`, 'c')).toBe(
      `/organisation/participating/${orgId}/launch?code=c&state=po%3A${orgId}extra-state`,
    );
  });

  it('goes to the HI organisation of any other prefixed state, or of a state that is only its id', () => {
    expect(smartCallbackTarget(`hi:${orgId}r4nd0m`, 'c')).toBe(
      `/organisation/hi/${orgId}/launch?code=c&state=hi%3A${orgId}r4nd0m`,
    );
    // Another system's prefix: still characters 3 to 39 (docs/product/shell.md#smart-callback).
    expect(smartCallbackTarget(`cs:${orgId}`, 'c')).toBe(
      `/organisation/hi/${orgId}/launch?code=c&state=cs%3A${orgId}`,
    );
    expect(smartCallbackTarget(orgId, 'a b')).toBe(
      `/organisation/hi/${orgId}/launch?code=a+b&state=${orgId}`,
    );
  });
});

describe('smartCallbackBack (docs/product/smart-clients.md#launch)', () => {
  it('is the Clinical systems tab of the organisation the state names', () => {
    expect(smartCallbackBack(`po:${orgId}r4nd0m`)).toBe(
      `/organisation/participating/${orgId}?tab=Clinical+systems`,
    );
    expect(smartCallbackBack(`hi:${orgId}r4nd0m`)).toBe(
      `/organisation/hi/${orgId}?tab=Clinical+systems`,
    );
  });

  it('is null without a state or when the state names no organisation id', () => {
    expect(smartCallbackBack(null)).toBeNull();
    expect(smartCallbackBack('po:not-an-id')).toBeNull();
    expect(smartCallbackBack('po:../../welcome/x')).toBeNull();
  });
});
