import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, run } from '../../tools/run/processes.ts';

// WEB_DIST lets parallel test runs build into their own folder.
const webDist = process.env['WEB_DIST'] ?? path.join(repoRoot, 'apps/web/dist');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/ui/src',
  'packages/contracts/src',
];

function newestMtime(p: string): number {
  const full = path.join(repoRoot, p);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce(
    (max, name) => Math.max(max, newestMtime(path.join(p, name))),
    stat.mtimeMs,
  );
}

/** Builds the SPA when it is missing or older than its sources; records the build date for the footer. */
export async function buildWebIfNeeded(force = false) {
  const marker = path.join(webDist, 'build-info.json');
  const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  if (!force && builtAt > Math.max(...sources.map(newestMtime))) return false;
  await run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', webDist, '--emptyOutDir'], {
    cwd: path.join(repoRoot, 'apps/web'),
  });
  // The build writes it (apps/web/build/prerender.ts: the date its prerendered footer shows).
  if (!existsSync(marker))
    writeFileSync(marker, JSON.stringify({ buildDate: new Date().toISOString() }));
  return true;
}

/**
 * Builds the SPA of another commit into `workDir`/dist and returns that folder (for comparing two builds,
 * scripts/lighthouse.ts). Its web app and packages are exported from git into `workDir`/src and resolve
 * every dependency through links into this checkout's node_modules, except the workspace's own packages,
 * which are the exported ones: the commit must have this checkout's dependencies.
 */
export async function buildWebOfRef(ref: string, workDir: string): Promise<string> {
  const src = path.join(workDir, 'src');
  mkdirSync(src, { recursive: true });
  const tar = execFileSync(
    'git',
    ['archive', '--format=tar', ref, 'apps/web', 'packages', 'package.json', 'tsconfig.base.json'],
    { cwd: repoRoot, maxBuffer: 1024 ** 3 },
  );
  execFileSync('tar', ['-x', '-C', src], { input: tar });
  const modules = path.join(src, 'node_modules');
  mkdirSync(path.join(modules, '@pca'), { recursive: true });
  for (const entry of readdirSync(path.join(repoRoot, 'node_modules')))
    if (entry !== '@pca')
      symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  const workspaces = { web: 'apps/web', ui: 'packages/ui', contracts: 'packages/contracts' };
  for (const [name, dir] of Object.entries(workspaces))
    symlinkSync(path.join('..', '..', dir), path.join(modules, '@pca', name));
  const outDir = path.join(workDir, 'dist');
  console.log(`Building the SPA of ${ref}…`);
  await run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    cwd: path.join(src, 'apps/web'),
  });
  if (!existsSync(path.join(outDir, 'build-info.json')))
    writeFileSync(
      path.join(outDir, 'build-info.json'),
      JSON.stringify({ buildDate: new Date().toISOString() }),
    );
  return outDir;
}
