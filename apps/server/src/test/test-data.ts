import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The repository root. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** Where the seeded PGlite snapshot for tests lives (gitignored). */
export const TEST_DATA_DIR = path.join(REPO_ROOT, '.test-data');
export const SNAPSHOT_FILE = path.join(TEST_DATA_DIR, 'snapshot.tar.gz');
export const SNAPSHOT_KEY_FILE = path.join(TEST_DATA_DIR, 'snapshot.key');

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
}

let memo: string | undefined;

/**
 * A hash of everything the seeded test database depends on (schema, migrations, seed code, world data,
 * PGlite version): the snapshot and the PostgreSQL template are rebuilt only when it changes.
 */
export function testDataKey(): string {
  if (memo) return memo;
  const hash = createHash('sha256');
  const inputs = [
    ...filesUnder(path.join(REPO_ROOT, 'apps/server/src/platform/db')).filter(
      (f) => !f.endsWith('.test.ts'),
    ),
    path.join(REPO_ROOT, 'data/world.json'),
    path.join(REPO_ROOT, 'data/au-localities.csv'),
    path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json'),
  ];
  for (const file of inputs) {
    hash
      .update(path.relative(REPO_ROOT, file))
      .update('\0')
      .update(readFileSync(file))
      .update('\0');
  }
  memo = hash.digest('hex').slice(0, 16);
  return memo;
}

/**
 * What every template database's name begins with. `PCA_TEST_TEMPLATE_PREFIX` gives a run templates of its
 * own on a shared cluster: `npm run ci:cold` measures a run that must build its template, without dropping
 * the one other runs on the machine are copying (scripts/ci-cold.ts).
 */
export function templatePrefix(): string {
  const given = process.env['PCA_TEST_TEMPLATE_PREFIX'] ?? '';
  return /^[a-z][a-z0-9_]{0,30}$/.test(given) ? given : 'pca_test_template_';
}

/** The name of the PostgreSQL template database holding the seeded world for this key. */
export function templateDatabaseName(): string {
  return `${templatePrefix()}${testDataKey()}`;
}

/** The URL of another database on the same server as `url`. */
export function databaseUrlFor(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
