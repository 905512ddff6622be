import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { modernHelpers } from './build/modern-helpers.ts';
import { precompress } from './build/precompress.ts';
import { prerender } from './build/prerender.ts';

/** The API origin the dev server proxies /api to (same origin in production). */
const apiTarget = `http://localhost:${process.env.PORT || 3000}`;

/**
 * AgDS Popover (dropdown menus, comboboxes, date pickers) positions itself with `@floating-ui/react-dom`,
 * which imports the whole positioning engine, `@floating-ui/dom`, statically. In the production build
 * Popover gets its own copy of `@floating-ui/react-dom` whose engine is a stand-in
 * (`src/app/shell/popover-positioning.ts`) that loads the real one when a popover is first positioned,
 * so the header's menu buttons no longer bring it to every signed-in page
 * (docs/decisions/018-critical-path-javascript.md). Other importers keep the real modules.
 */
function lazyPopoverPositioning(): Plugin {
  const standIn = fileURLToPath(new URL('./src/app/shell/popover-positioning.ts', import.meta.url));
  const copy = '?pca-lazy-positioning';
  return {
    name: 'pca:lazy-popover-positioning',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source === '@floating-ui/react-dom' && importer?.includes('/@ag.ds-next/react/')) {
        const resolved = await this.resolve(source, importer, { skipSelf: true });
        return resolved ? `${resolved.id}${copy}` : null;
      }
      if (source === '@floating-ui/dom' && importer?.endsWith(copy)) return standIn;
      return null;
    },
  };
}

/**
 * React Router publishes one build with its development warnings switched on (the package's exports name
 * only `dist/development`) and an identical one with them off; the production bundle takes the latter, so
 * the warnings' code and checks are dropped (docs/decisions/018-critical-path-javascript.md).
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'pca:react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return (
        resolved?.id.replace(
          /([\\/]react-router[\\/]dist[\\/])development([\\/])/,
          '$1production$2',
        ) ?? null
      );
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    reactRouterProductionBuild(),
    modernHelpers(),
    lazyPopoverPositioning(),
    prerender(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    // Maps are written for whoever debugs a build but not linked from the bundles; the server serves
    // them only with SERVE_SOURCE_MAPS=true (docs/decisions/014-what-travels.md).
    sourcemap: 'hidden',
    rolldownOptions: {
      treeshake: {
        // AgDS builds each icon with a module-level `createIcon(jsx(…))` call that carries no
        // pure annotation, so without these every icon of the set reaches any page that uses one.
        manualPureFunctions: ['createIcon', 'jsx', 'jsxs'],
        // AgDS modules only define components; importing one for a type or a re-export must not
        // keep the rest of its files.
        moduleSideEffects: [
          { test: /@ag\.ds-next/, sideEffects: false },
          // Emotion imports it (a CommonJS module, so assumed to have effects) only for withTheme,
          // which nothing here uses; it only defines functions, so an unused import can go.
          { test: /node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // Fewer, larger chunks along the lines a visit actually loads: each script also costs about
        // 500 bytes of response headers, and one larger file compresses better than several small ones
        // (docs/decisions/018-critical-path-javascript.md).
        codeSplitting: {
          groups: [
            {
              // Everything the entry imports statically (React, React Router, Emotion, the AgDS core,
              // the signed-out shell and home page) stays in the entry: one script for signed-out `/`.
              name: 'initial',
              tags: ['$initial'],
            },
            {
              // What every signed-in page loads: the signed-in routes (discovered by the router), the
              // query client, the guards, the header, menus, side navigation and idle watch, with the
              // libraries only they use (TanStack Query, the navigation components, icons).
              name: 'signed-in-shell',
              test: /apps[\\/]web[\\/]src[\\/]app[\\/](query-client\.ts|guards\.ts|signed-in-routes\.ts|route-table\.ts|shell[\\/](?!footer-dialog|popover-engine|session-idle-dialogs))|packages[\\/]ui[\\/]src[\\/]navigation[\\/](main-navigation|nav-menu|side-navigation|links)\.tsx?$/,
            },
            {
              // The text field and AgDS's text input it renders: every form and the lists' search boxes
              // load both, so as two files they cost a second request's headers for nothing.
              name: 'text-field',
              test: /packages[\\/]ui[\\/]src[\\/]input-fields[\\/]text-field\.tsx$|@ag\.ds-next[\\/]react[\\/]text-input[\\/]/,
            },
            {
              // The loading and error states nearly every signed-in page shows (skeletons included),
              // and the cards and card grid of the dashboard and landing pages: on their own, each cost
              // a request and its headers.
              name: 'page-kit',
              test: /apps[\\/]web[\\/]src[\\/]lib[\\/](errors[\\/](api-error-alert|describe-api-error)\.|card-grid\.)|packages[\\/]ui[\\/]src[\\/](alert[\\/]alert|loading[\\/]loading|tone[\\/]tone|card[\\/]card)\.tsx?$|@ag\.ds-next[\\/]react[\\/](page-alert|skeleton|card)[\\/]/,
            },
          ],
        },
      },
    },
    // Browsers without native modulepreload only lose the head start, so the polyfill is not shipped.
    modulePreload: { polyfill: false },
  },
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  preview: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
});
