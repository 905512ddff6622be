import { describe, expect, it } from 'vitest';
import { createDatabase } from '#db/client.ts';
import { loadConfig } from '#lib/config.ts';

describe('DATABASE_POOL_SIZE', () => {
  it('defaults to 10 connections and takes a whole number of at least 2', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
  });

  it('refuses zero or a fraction, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '2.5' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('refuses 1, saying why, rather than a start-up that waits for ever and then blames the database', () => {
    // The migration lock's connection is held while seeding asks the pool for another (platform/db/migrate.ts).
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(
      /^DATABASE_POOL_SIZE: at least 2: at start-up one connection holds the migration lock/,
    );
    expect(loadConfig({ DATABASE_POOL_SIZE: '2' }).databasePoolSize).toBe(2);
  });

  it('sizes the PostgreSQL pool (which connects only when first used)', async () => {
    const handle = await createDatabase({
      databaseUrl: 'postgres://pca@127.0.0.1:1/pca',
      maxConnections: 25,
    });
    try {
      expect(handle.kind).toBe('postgres');
      expect(handle.pool?.options.max).toBe(25);
    } finally {
      await handle.close();
    }
  });
});
