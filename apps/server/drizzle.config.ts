import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate -w @pca/server` writes SQL migrations that are committed and applied at start-up. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/schema/index.ts',
  out: './src/platform/db/migrations',
  strict: true,
  verbose: true,
});
