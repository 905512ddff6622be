import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { prerenderPages as PrerenderPages } from '../src/prerender.tsx';

/** What the build wrote: the build date the footer shows, and the configuration the prerendered pages show. */
export interface BuildInfo {
  buildDate: string;
  /** productName, version, buildDate and identityProvider the pages were rendered with. */
  prerendered: Record<string, unknown>;
  /** The pages prerendered for one address each, by address: their file in PRERENDERED_DIR. */
  pages: Record<string, string>;
}

/** The folder of the built SPA holding the prerendered pages (apps/server/src/app/spa.ts serves them). */
export const PRERENDERED_DIR = 'prerendered';

/**
 * Writes the prerendered page into the built index.html: its Emotion style elements into the head (before the
 * script and style sheet links, so the browser paints with them) and its markup into the root element, marked
 * for whom it was rendered. The root keeps no whitespace: hydration adopts its children exactly.
 */
export function documentWith(
  indexHtml: string,
  page: { html: string; styleTags: string },
  signedIn: boolean,
): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error('index.html has no empty <div id="root"></div>');
  const at = indexHtml.indexOf('</title>') + '</title>'.length;
  return (indexHtml.slice(0, at) + page.styleTags + indexHtml.slice(at)).replace(
    root,
    `<div id="root" data-prerendered="${signedIn ? 'signed-in' : 'signed-out'}">${page.html}</div>`,
  );
}

/**
 * Prerenders at build time, in Node, the signed-out home page and the signed-in shell's frame with the
 * app's own components (src/prerender.tsx, loaded through Vite's SSR) and Emotion's server rendering, and
 * writes them beside index.html as `prerendered/home.html`, `prerendered/signed-in.html` and, for the pages
 * with a skeleton of their own, `prerendered/page-<address>.html` (082)
 * (docs/decisions/076-prerendered-shell.md). Also writes build-info.json: the build date, and the
 * configuration the pages show, which the server compares with its own before it sends them.
 */
export function prerender(): Plugin {
  let root = '';
  let outDir = 'dist';
  return {
    name: 'pca:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // Before precompress: the pages it writes are compressed with the rest.
      order: 'pre',
      sequential: true,
      async handler() {
        const version = (
          JSON.parse(readFileSync(path.resolve(root, '../../package.json'), 'utf8')) as {
            version: string;
          }
        ).version;
        const buildDate = new Date().toISOString();
        let shown: Record<string, unknown> = {};
        const byAddress: Record<string, string> = {};
        const server = await createServer({
          root,
          configFile: false,
          logLevel: 'warn',
          plugins: [react()],
          server: { middlewareMode: true, hmr: false, ws: false },
          appType: 'custom',
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const { prerenderPages } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
            prerenderPages: typeof PrerenderPages;
          };
          const pages = prerenderPages({ version, buildDate });
          shown = pages.shown;
          const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8');
          mkdirSync(path.join(outDir, PRERENDERED_DIR), { recursive: true });
          writeFileSync(
            path.join(outDir, PRERENDERED_DIR, 'home.html'),
            documentWith(indexHtml, pages.home, false),
          );
          writeFileSync(
            path.join(outDir, PRERENDERED_DIR, 'signed-in.html'),
            documentWith(indexHtml, pages.signedIn, true),
          );
          for (const [address, page] of Object.entries(pages.pages)) {
            const file = `page${address.replaceAll('/', '-')}.html`;
            writeFileSync(
              path.join(outDir, PRERENDERED_DIR, file),
              documentWith(indexHtml, page, true),
            );
            byAddress[address] = file;
          }
        } finally {
          await server.close();
        }
        const info: BuildInfo = { buildDate, prerendered: shown, pages: byAddress };
        writeFileSync(path.join(outDir, 'build-info.json'), JSON.stringify(info));
      },
    },
  };
}
