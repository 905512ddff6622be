import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

/** The API origin the dev server proxies /api to (same origin in production). */
const apiTarget = `http://localhost:${process.env.PORT || 3000}`;

/**
 * AgDS MainNav imports react-focus-lock statically for its mobile menu dialog, which only opens on small
 * screens; in the production build MainNav gets a stand-in that loads the real lock when the dialog opens
 * (docs/decisions/006). Other importers (Modal, Drawer, date pickers) keep the real module.
 */
function lazyMainNavFocusLock(): Plugin {
  const standIn = fileURLToPath(
    new URL('./src/app/shell/main-nav-focus-lock.tsx', import.meta.url),
  );
  return {
    name: 'pca:lazy-main-nav-focus-lock',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'react-focus-lock' && importer?.includes('/@ag.ds-next/react/main-nav/'))
        return standIn;
      return null;
    },
  };
}

export default defineConfig({
  plugins: [react(), lazyMainNavFocusLock(), precompress()],
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
        moduleSideEffects: [{ test: /@ag\.ds-next/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // Libraries every page runs (React, Emotion, TanStack Query's core): one chunk rather
              // than several small ones split by which lazy module shares them, which zip worse.
              name: 'runtime',
              test: /node_modules[\\/](react|react-is|scheduler|@babel[\\/]runtime|@emotion|stylis|hoist-non-react-statics|@tanstack)[\\/]/,
            },
            {
              // The AgDS internals every AgDS component sits on (Box, Flex, theme, tokens, icons' base).
              name: 'design-system-core',
              test: /@ag\.ds-next[\\/]react[\\/](dist[\\/](Box|Core|CoreProvider|theme|goldTheme|fontGrid|boxPalette|responsive|packs|forwardRefWithAs|useId|Icon)-|box[\\/]|flex[\\/]|a11y[\\/]|core[\\/]|ag-branding[\\/]|heading[\\/]|text[\\/]|button[\\/])/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  preview: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
});
