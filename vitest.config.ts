import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** One Vitest run, one project per workspace, so `npm test` prints one summary per level. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
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
          environment: 'jsdom',
          include: ['packages/ui/src/**/*.test.{ts,tsx}'],
          setupFiles: ['packages/ui/src/test-setup.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'mail-catcher',
          environment: 'node',
          include: ['apps/mail-catcher/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts', 'apps/identity-provider/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
