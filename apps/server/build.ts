/**
 * `npm run build:server`: compiles the API to plain JavaScript, one ES module at apps/server/dist/main.js
 * that Node runs without a TypeScript loader (docs/decisions/013-compiled-server.md), and the operator's
 * consent check beside it (dist/check-publications.js).
 *
 * The server's own code and the workspace packages it imports (`@pca/contracts`, whose exports point at
 * TypeScript sources) are bundled; every other package stays an import from node_modules, as installed.
 * Files that locate committed files from their own directory (configuration → the repository's
 * package.json and apps/web/dist, the migrations folder, the seed data) keep pointing at the same
 * places: their `import.meta.dirname` becomes their source directory, relative to the bundle.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const serverRoot = import.meta.dirname;
const sourceRoot = path.join(serverRoot, 'src');
const outdir = path.join(serverRoot, 'dist');

/** Bare imports stay external unless they name a workspace package (those export TypeScript sources). */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./#]/ }, (args) =>
      args.path.startsWith('@pca/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** `import.meta.dirname` in a bundled source (server or workspace package) → that source's directory, computed from the bundle's. */
const sourceDirname: Plugin = {
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const contents = readFileSync(args.path, 'utf8');
      if (
        args.path.includes(`${path.sep}node_modules${path.sep}`) ||
        !contents.includes('import.meta.dirname')
      )
        return { contents, loader: 'ts' };
      const relative = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
      return {
        contents: contents.replaceAll(
          'import.meta.dirname',
          `__pcaJoinPath(import.meta.dirname, ${JSON.stringify(relative)})`,
        ),
        loader: 'ts',
      };
    });
  },
};

const started = performance.now();
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
const result = await build({
  entryPoints: {
    main: path.join(sourceRoot, 'main.ts'),
    // The operator's consent check, run by node where the API runs (docs/production.md) and by the journeys
    // after each spec file (scripts/e2e.ts).
    'check-publications': path.join(sourceRoot, 'cli/check-publications.ts'),
    'reencrypt-bank-accounts': path.join(sourceRoot, 'cli/reencrypt-bank-accounts.ts'),
  },
  outdir,
  bundle: true,
  // main.ts loads the server with a dynamic import after tracing has started (docs/decisions/075-operations.md):
  // split, the server's chunk imports Fastify and pg only then, so tracing can instrument them. Chunks sit
  // beside main.js, so `import.meta.dirname` (sourceDirname below) means the same in every file.
  splitting: true,
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // Stack traces in production logs point at the TypeScript sources.
  sourcesContent: false,
  logLevel: 'warning',
  banner: { js: "import { join as __pcaJoinPath } from 'node:path';" },
  plugins: [externalPackages, sourceDirname],
});
if (result.errors.length) process.exit(1);
const bytes = readdirSync(outdir)
  .filter((name) => name.endsWith('.js'))
  .reduce((sum, name) => sum + statSync(path.join(outdir, name)).size, 0);
console.info(
  `Built apps/server/dist/main.js and its chunks (${Math.round(bytes / 1024)} KB of JavaScript) in ${Math.round(performance.now() - started)} ms`,
);
