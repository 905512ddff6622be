import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** One Vitest run, one project per workspace, so `npm test` prints one summary per level. */
export default defineConfig({
  test: {
    // Vitest's default leaves one core to its main process, which on a 2-core CI machine means one
    // test file at a time; the main process mostly waits, so every core runs a file (492 s → 329 s).
    maxWorkers: os.availableParallelism(),
    // Workers are threads, whose end the pool waits for by MessagePort, wherever a test allows it: a forks
    // worker has been seen to report every result of its file and never say the file was over, leaving the
    // run waiting for ever (docs/decisions/034-test-run-watchdog.md). The server's tests stay in forks:
    // sharp's native library must not be loaded and unloaded by threads of one process.
    projects: [
      {
        test: {
          name: 'contracts',
          pool: 'threads',
          environment: 'node',
          include: [
            'packages/contracts/src/**/*.test.ts',
            'tools/**/*.test.ts',
            'scripts/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
          ],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'ui',
          pool: 'threads',
          environment: 'jsdom',
          include: ['packages/ui/src/**/*.test.{ts,tsx}'],
          setupFiles: ['packages/ui/src/test-setup.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          pool: 'threads',
          environment: 'jsdom',
          // A whole gallery page renders synchronously in jsdom; with every core busy (CI runs a file per
          // core) that alone has taken over Vitest's 5 s default. Whole-app journeys of a dozen steps took
          // 20-25 s with the machine at load 10 (27 November 2026): room for a few waits of up to 10 s each
          // (apps/web/src/test-setup.ts), a ceiling that costs nothing when the machine is quick.
          testTimeout: 60_000,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
      {
        test: {
          // The development services that need no database: the mail catcher, the clinical system, the partner sandbox (its routes
          // by inject; against the API in the server project) and their shared shutdown helpers.
          name: 'dev-services',
          pool: 'threads',
          environment: 'node',
          include: [
            'apps/mail-catcher/src/**/*.test.ts',
            'apps/partner-sandbox/src/**/*.test.ts',
            'apps/clinical-system/src/**/*.test.ts',
            'packages/dev-services/src/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts', 'apps/identity-provider/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Each file builds its own app over its own database, and no server test mocks a module, so the
          // files of one worker can share the loaded modules: importing the server for every file was about
          // 130 s of the run's CPU, and the project took 337 s instead of 172 s (docs/decisions/001-monorepo-and-tooling.md).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
