/**
 * Builds the SPA if needed and runs the Playwright journeys. Each spec file gets its own servers on a
 * freshly seeded database: journeys change the demo world (a registration is submitted and approved, a
 * delegation accepted…), and one file's changes must not decide whether another file passes.
 * Arguments are passed to Playwright; naming spec files runs just those, in one run.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../e2e/support/free-port.ts';
import { buildWebIfNeeded } from './lib/build-web.ts';
import { ensureChromium } from './lib/chromium.ts';
import { repoRoot, run } from './lib/processes.ts';

type Stats = { expected: number; unexpected: number; flaky: number; skipped: number };

const args = process.argv.slice(2);
const jsonOut = process.env['PLAYWRIGHT_JSON_OUTPUT_NAME'];
/**
 * Runs Playwright with its servers (API, identity provider, mail catcher) on ports free right now (fixed
 * ones may be taken on a shared machine).
 */
const playwright = async (extra: string[], env: NodeJS.ProcessEnv = {}) => {
  const names = ['E2E_PORT', 'E2E_IDP_PORT', 'E2E_MAIL_SMTP_PORT', 'E2E_MAIL_WEB_PORT'];
  const ports: Record<string, string> = {};
  for (const name of names) {
    let port = String(await freePort());
    // Two listeners closed one after the other may be handed the same port; ask again until they differ.
    while (Object.values(ports).includes(port)) port = String(await freePort());
    ports[name] = port;
  }
  await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...extra], {
    env: { ...env, ...ports },
  });
};

// Run on its own (not through npm test), a fresh machine may not have the browser yet.
await ensureChromium();
await buildWebIfNeeded();

if (args.some((a) => a.endsWith('.spec.ts'))) {
  await playwright(args);
} else {
  const specs = readdirSync(path.join(repoRoot, 'e2e/tests'))
    .filter((f) => f.endsWith('.spec.ts'))
    .sort();
  const total: Stats = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
  const failed: string[] = [];
  for (const spec of specs) {
    const out = jsonOut ? `${jsonOut}.${spec}.json` : undefined;
    try {
      await playwright(
        [`e2e/tests/${spec}`, ...args],
        out ? { PLAYWRIGHT_JSON_OUTPUT_NAME: out } : {},
      );
    } catch {
      failed.push(spec);
    }
    if (out && existsSync(out)) {
      const { stats } = JSON.parse(readFileSync(out, 'utf8')) as { stats: Stats };
      for (const key of Object.keys(total) as Array<keyof Stats>) total[key] += stats[key];
      rmSync(out);
    }
  }
  // One summary for scripts/test.ts, in the shape of Playwright's own JSON report.
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ stats: total }));
  console.log(
    `\nBrowser journeys: ${total.expected + total.flaky} passed, ${total.unexpected} failed` +
      (total.flaky ? ` (${total.flaky} passed on retry)` : ''),
  );
  if (failed.length) {
    console.error(`Failing spec files: ${failed.join(', ')}`);
    process.exit(1);
  }
}
