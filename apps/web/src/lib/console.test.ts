/* eslint-disable no-console -- this test exercises the console itself */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silenceConsoleInProduction } from './console.ts';

describe('silenceConsoleInProduction (docs/product/rules.md#errors)', () => {
  const original = { log: console.log, warn: console.warn, error: console.error };
  afterEach(() => Object.assign(console, original));

  it('silences log, warn and error in production', () => {
    const write = vi.spyOn(process.stdout, 'write');
    silenceConsoleInProduction(true);
    expect(console.log).not.toBe(original.log);
    console.log('hidden');
    console.warn('hidden');
    console.error('hidden');
    expect(write).not.toHaveBeenCalled();
    write.mockRestore();
  });

  it('leaves the console alone otherwise', () => {
    silenceConsoleInProduction(false);
    expect(console.error).toBe(original.error);
  });
});
