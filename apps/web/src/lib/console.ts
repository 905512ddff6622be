/** Console methods silenced in production builds (docs/product/rules.md#errors). */
const SILENCED = ['log', 'warn', 'error'] as const;

/** In production builds, replaces console.log/warn/error with no-ops so nothing leaks to the console. */
export function silenceConsoleInProduction(isProduction: boolean = import.meta.env.PROD): void {
  if (!isProduction) return;
  // eslint-disable-next-line no-console -- replacing the methods is the point of this module
  for (const method of SILENCED) console[method] = () => undefined;
}
