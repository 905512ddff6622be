import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { localities, organisations, partnerServices, users, valueSets } from '#db/schema/index.ts';
import { openDatabase } from './open-database.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Opens a fresh embedded database in `env` (twice, as a restart would), and counts what it holds. */
async function openFresh(env: 'production' | 'development') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pca-open-'));
  dirs.push(dataDir);
  const counts = async () => {
    const handle = await openDatabase({ dataDir, databaseUrl: undefined, env });
    try {
      const n = async (
        table:
          | typeof users
          | typeof organisations
          | typeof partnerServices
          | typeof valueSets
          | typeof localities,
      ) => (await handle.db.select({ n: count() }).from(table))[0]!.n;
      return {
        users: await n(users),
        organisations: await n(organisations),
        partners: await n(partnerServices),
        valueSets: await n(valueSets),
        localities: await n(localities),
      };
    } finally {
      await handle.close();
    }
  };
  const first = await counts();
  return [first, await counts()] as const;
}

describe('an empty database on first start (docs/decisions/097-production-starts-empty.md)', () => {
  it('in production holds reference data only: no demo users (no operator), organisations or partners', async () => {
    const [first, again] = await openFresh('production');
    expect(first).toMatchObject({ users: 0, organisations: 0, partners: 0 });
    expect(first.valueSets).toBeGreaterThan(0);
    expect(first.localities).toBeGreaterThan(10_000);
    // A restart loads nothing twice.
    expect(again).toEqual(first);
  }, 120_000);

  it('in development holds the demo world', async () => {
    const [first] = await openFresh('development');
    expect(first.users).toBeGreaterThan(5);
    expect(first.organisations).toBeGreaterThan(0);
    expect(first.partners).toBeGreaterThan(0);
  }, 120_000);
});
