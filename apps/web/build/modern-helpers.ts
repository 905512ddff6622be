import type { Plugin } from 'vite';

/**
 * Babel's runtime helpers that AgDS's published build imports in nearly every module, as the browsers
 * we support (docs/decisions/018-critical-path-javascript.md) do them natively. Babel's versions carry
 * fallbacks for engines without iterators, Symbol.toPrimitive and Array.from, and the iterator-walking
 * code every one of them pulls in lands on the entry script every visit downloads.
 * - `slicedToArray` / `toArray` (array destructuring): an array as it is, anything else iterable
 *   through Array.from; like Babel's, null and undefined throw a TypeError.
 * - `toConsumableArray` (spread into an array or a call): a copy, as Babel's.
 * - `defineProperty` (computed keys in object literals): `in`, `Object.defineProperty` and assignment
 *   each turn the key into a property key themselves, so Babel's `toPropertyKey` step is not needed.
 */
export const HELPERS: Record<string, string> = {
  slicedToArray:
    'export default function _slicedToArray(r) { return Array.isArray(r) ? r : Array.from(r); }',
  toArray: 'export default function _toArray(r) { return Array.isArray(r) ? r : Array.from(r); }',
  toConsumableArray: 'export default function _toConsumableArray(r) { return Array.from(r); }',
  defineProperty:
    'export default function _defineProperty(e, r, t) { return r in e ? Object.defineProperty(e, r, { value: t, enumerable: true, configurable: true, writable: true }) : (e[r] = t), e; }',
};

const PREFIX = '\0pca-helper:';
const HELPER_PATH = /^@babel\/runtime\/helpers\/(?:esm\/)?([A-Za-z]+)(?:\.js)?$/;

/** Vite plugin: resolves the helpers above to their native versions, in the production build. */
export function modernHelpers(): Plugin {
  return {
    name: 'pca:modern-helpers',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      const name = HELPER_PATH.exec(source)?.[1];
      return name && name in HELPERS ? `${PREFIX}${name}` : null;
    },
    load(id) {
      return id.startsWith(PREFIX) ? HELPERS[id.slice(PREFIX.length)] : null;
    },
  };
}
