import type { Middleware, MiddlewareState } from '@floating-ui/dom';
import type * as Engine from './popover-engine.ts';

/**
 * Stands in for `@floating-ui/dom` under the `@floating-ui/react-dom` that AgDS Popover uses (the
 * header's dropdown menus, comboboxes, date pickers; see vite.config.ts). Every signed-in page draws the
 * header's menu buttons, but a menu is positioned only once it opens, so the positioning engine (about
 * 6 KB of compressed JavaScript) loads then rather than with every page
 * (docs/decisions/018-critical-path-javascript.md). It starts loading at the first pointer or key
 * interaction with the page, so it is normally there before a menu opens; positions are computed
 * asynchronously in any case (computePosition returns a promise), so a popover opened before it has
 * arrived is placed when it has, exactly as the real module would place it.
 */
type Library = typeof Engine;

let library: Library | undefined;
let loading: Promise<Library> | undefined;

function load(): Promise<Library> {
  loading ??= import('./popover-engine.ts').then(
    (loaded) => (library = loaded),
    (error: unknown) => {
      // A failed download is tried again by the next popover that opens.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

if (typeof document !== 'undefined') {
  const warmUp = () => {
    for (const type of ['pointerover', 'pointerdown', 'keydown'])
      document.removeEventListener(type, warmUp, true);
    load().catch(() => undefined);
  };
  for (const type of ['pointerover', 'pointerdown', 'keydown'])
    document.addEventListener(type, warmUp, { capture: true, passive: true });
}

type MiddlewareName =
  'arrow' | 'autoPlacement' | 'flip' | 'hide' | 'inline' | 'offset' | 'shift' | 'size';

/** A middleware whose work is done by the real one of the same name once the library has loaded. */
const deferred =
  (name: MiddlewareName) =>
  (options?: unknown): Middleware => ({
    name,
    options,
    async fn(state: MiddlewareState) {
      const real = (await load())[name] as (options?: unknown) => Middleware;
      return real(options).fn(state);
    },
  });

export const arrow = deferred('arrow');
export const autoPlacement = deferred('autoPlacement');
export const flip = deferred('flip');
export const hide = deferred('hide');
export const inline = deferred('inline');
export const offset = deferred('offset');
export const shift = deferred('shift');
export const size = deferred('size');

/** `shift`'s limiter runs synchronously inside `shift`, which has loaded the library by then. */
export const limitShift: Library['limitShift'] = (options) => ({
  options,
  fn: (state) => {
    if (!library) throw new Error('limitShift ran before @floating-ui/dom loaded');
    return library.limitShift(options).fn(state);
  },
});

export const computePosition: Library['computePosition'] = async (reference, floating, options) =>
  (await load()).computePosition(reference, floating, options);

export const detectOverflow: Library['detectOverflow'] = async (state, options) =>
  (await load()).detectOverflow(state, options);

/** Starts the real autoUpdate once loaded; the returned clean-up works before and after. */
export const autoUpdate: Library['autoUpdate'] = (reference, floating, update, options) => {
  let cleanUp: (() => void) | undefined;
  let cancelled = false;
  load()
    .then((loaded) => {
      if (!cancelled) cleanUp = loaded.autoUpdate(reference, floating, update, options);
    })
    .catch(() => undefined);
  return () => {
    cancelled = true;
    cleanUp?.();
  };
};

/**
 * Synchronous helpers that AgDS Popover never calls; they throw rather than answer wrongly if a future
 * version does before the library has loaded.
 */
export const getOverflowAncestors: Library['getOverflowAncestors'] = (...args) => {
  if (!library) throw new Error('getOverflowAncestors ran before @floating-ui/dom loaded');
  return library.getOverflowAncestors(...args);
};

export const platform = undefined;
