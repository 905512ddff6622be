import { describe, expect, it } from 'vitest';
import { emailStatus, safePreviousPath } from './email-status.ts';

describe('the email field’s indicators (rule 4.8)', () => {
  it('the stored, verified address is set and verified', () => {
    expect(emailStatus('a@example.com', true, 'a@example.com')).toEqual({
      set: true,
      verified: true,
    });
  });
  it('editing it clears both; restoring it (any case, spaces) sets them again', () => {
    expect(emailStatus('a@example.com', true, 'a@example.co')).toEqual({
      set: false,
      verified: false,
    });
    expect(emailStatus('a@example.com', true, ' A@Example.com ')).toEqual({
      set: true,
      verified: true,
    });
  });
  it('clearing the field clears both', () => {
    expect(emailStatus('a@example.com', true, '')).toEqual({ set: false, verified: false });
  });
  it('an unverified stored address is set but not verified', () => {
    expect(emailStatus('a@example.com', false, 'a@example.com')).toEqual({
      set: true,
      verified: false,
    });
  });
  it('no stored address: nothing is set', () => {
    expect(emailStatus(null, false, 'a@example.com')).toEqual({ set: false, verified: false });
  });
});

describe('previousPath', () => {
  it('keeps portal paths and refuses other sites', () => {
    expect(safePreviousPath('/practitioners?x=1')).toBe('/practitioners?x=1');
    expect(safePreviousPath('//evil.example.com')).toBeNull();
    expect(safePreviousPath('https://evil.example.com')).toBeNull();
    expect(safePreviousPath('/\\evil.example.com')).toBeNull();
    // Followed as a browser follows them, these lead to another site.
    for (const hostile of ['/\t/evil.example.com', '/\n/evil.example.com', '/\\/evil.example.com'])
      expect(safePreviousPath(hostile) ?? '', hostile).not.toMatch(/evil/);
    expect(safePreviousPath('/\t/evil.example.com')).toBeNull();
    expect(safePreviousPath('/profile#contact')).toBe('/profile#contact');
    expect(safePreviousPath(null)).toBeNull();
  });
});
