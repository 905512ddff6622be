/** Builds the SPA if needed and runs the Playwright journeys (which start their own servers on a fresh database). */
import { buildWebIfNeeded } from './lib/build-web.ts';
import { run } from './lib/processes.ts';

await buildWebIfNeeded();
await run('npx', [
  'playwright',
  'test',
  '-c',
  'e2e/playwright.config.ts',
  ...process.argv.slice(2),
]);
