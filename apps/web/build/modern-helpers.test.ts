import { describe, expect, it } from 'vitest';
import { HELPERS } from './modern-helpers.ts';

type Helper = (...args: unknown[]) => unknown;

/** The native version of a helper, loaded as the build would bundle it. */
const native = async (name: string): Promise<Helper> =>
  (
    (await import(`data:text/javascript,${encodeURIComponent(HELPERS[name]!)}`)) as {
      default: Helper;
    }
  ).default;

/** Babel's own version (the package ships no types). */
const babel = async (name: string): Promise<Helper> =>
  ((await import(`@babel/runtime/helpers/esm/${name}`)) as { default: Helper }).default;

describe('native stand-ins for Babel runtime helpers (docs/decisions/018-critical-path-javascript.md)', () => {
  it('destructures arrays, strings, Sets and Maps as Babel does', async () => {
    const sliced = await native('slicedToArray');
    const toArray = await native('toArray');
    const babelSlicedToArray = await babel('slicedToArray');
    const babelToArray = await babel('toArray');
    const sources = (): unknown[] => [[1, 2, 3], 'ab', new Set(['x', 'y']), new Map([['k', 'v']])];
    for (const source of sources()) {
      const [a, b] = sliced(source, 2) as unknown[];
      const [c, d] = babelSlicedToArray(source, 2) as unknown[];
      expect([a, b]).toEqual([c, d]);
      expect(toArray(source)).toEqual(babelToArray(source));
    }
    // The hook results AgDS destructures come back as they are.
    const state = [0, () => undefined];
    expect(sliced(state, 2)).toBe(state);
  });

  it('refuses null and undefined with a TypeError, as Babel does', async () => {
    const sliced = await native('slicedToArray');
    const babelSlicedToArray = await babel('slicedToArray');
    for (const value of [null, undefined]) {
      expect(() => sliced(value, 2)).toThrow(TypeError);
      expect(() => babelSlicedToArray(value, 2)).toThrow(TypeError);
    }
  });

  it('spreads into a new array', async () => {
    const spread = await native('toConsumableArray');
    const babelToConsumableArray = await babel('toConsumableArray');
    const source = [1, 2];
    expect(spread(source)).toEqual(babelToConsumableArray(source));
    expect(spread(source)).not.toBe(source);
    expect(spread(new Set([3, 4]))).toEqual([3, 4]);
  });

  it('defines computed keys like Babel: own, enumerable, writable, configurable; numbers and symbols too', async () => {
    const define = await native('defineProperty');
    const babelDefineProperty = await babel('defineProperty');
    const key = Symbol('k');
    for (const [k, v] of [
      ['a', 1],
      [2, 'two'],
      [key, true],
    ] as const) {
      const ours = define({}, k, v) as Record<PropertyKey, unknown>;
      const babel = babelDefineProperty({}, k, v) as Record<PropertyKey, unknown>;
      expect(Object.getOwnPropertyDescriptor(ours, k)).toEqual(
        Object.getOwnPropertyDescriptor(babel, k),
      );
    }
    // A key the object already has (even inherited) is defined, not assigned through a setter.
    let setterCalls = 0;
    const proto = {
      set x(_: unknown) {
        setterCalls += 1;
      },
    };
    const target = define(Object.create(proto), 'x', 5) as { x: number };
    expect(target.x).toBe(5);
    expect(setterCalls).toBe(0);
  });
});
