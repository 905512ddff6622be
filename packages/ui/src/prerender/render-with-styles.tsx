import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';

/** A page rendered at build time: its markup and the style elements its design-system components need. */
export interface PrerenderedPage {
  /** The markup, for the document's root element. */
  html: string;
  /** `<style data-emotion="…">` elements for the document's head: AgDS's global styles, then the rules the markup uses. */
  styleTags: string;
}

/**
 * Renders `element` to HTML with Emotion's server rendering (@emotion/server's extractCriticalToChunks) and
 * returns the markup and the critical style sheet it needs, for a page prerendered at build time
 * (docs/decisions/076-prerendered-shell.md). The cache's key is Emotion's default (`css`), the one the
 * browser's default cache uses: at start-up it adopts these `<style data-emotion="css …">` elements and
 * marks their rules inserted, so hydration inserts none of them again. Runs in Node only (the build).
 */
export function renderWithStyles(element: ReactNode): PrerenderedPage {
  const cache = createCache({ key: 'css' });
  // Keep the rules in the cache for extraction rather than writing a <style> beside each element.
  cache.compat = true;
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const chunks = extractCriticalToChunks(
    renderToString(<CacheProvider value={cache}>{element}</CacheProvider>),
  );
  return { html: chunks.html, styleTags: constructStyleTagsFromChunks(chunks) };
}
