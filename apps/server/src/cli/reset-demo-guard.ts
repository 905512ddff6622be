import type { ServerConfig } from '#lib/config.ts';

/**
 * Why `npm run reset-demo` must not run with this configuration, or null when it may: it replaces every row
 * with the demo world, so never on a production database.
 */
export function resetDemoRefusal(config: Pick<ServerConfig, 'env'>): string | null {
  return config.env === 'production'
    ? 'reset-demo replaces every row with the demo world: it does not run with NODE_ENV=production.'
    : null;
}
