import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
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
  writeFileSync(marker, JSON.stringify({ buildDate: new Date().toISOString() }));
  return true;
}
