import { describe, expect, it } from 'vitest';
import { resolvePostLoginPath } from './resolve-post-login-path.ts';

describe('resolvePostLoginPath (docs/product/shell.md#sign-in-callback)', () => {
  it.each([
    ['/practitioners', false, '/practitioners'],
    ['/practitioners', true, '/practitioners'],
    ['/organisation/participating/42', false, '/organisation/participating/42'],
    ['/welcome', true, '/welcome'],
  ])('returns the stored path %s (canShow=%s)', (stored, canShow, expected) => {
    expect(resolvePostLoginPath(stored, canShow)).toBe(expected);
  });

  it.each([null, undefined, '', '  ', '/', '/home', '/home/', 'home'])(
    'ignores the stored path %j and goes to /welcome when publishing settings cannot be shown',
    (stored) => {
      expect(resolvePostLoginPath(stored, false)).toBe('/welcome');
    },
  );

  it.each([null, '', '/', '/home'])(
    'ignores the stored path %j and goes to /welcome/add-business when publishing settings can be shown',
    (stored) => {
      expect(resolvePostLoginPath(stored, true)).toBe('/welcome/add-business');
    },
  );
});
