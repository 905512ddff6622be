/**
 * One journey run's servers, started side by side (e2e/playwright.config.ts gives Playwright this one command).
 * Playwright starts the entries of `webServer` one after another, so four entries cost the sum of their start
 * times (about 20 s of every spec file on a busy CI machine); started together they cost the slowest one's
 * (docs/decisions/003-browser-tests.md). Prints `SERVERS_READY` once every service answers.
 */
import { startService, superviseServices, waitForUrl } from '../../tools/run/processes.ts';

/** What the config asks for: each service's entry point, its own environment and the address that says it is up. */
export interface E2eService {
  name: string;
  entry: string;
  env: Record<string, string>;
  readyUrl: string;
  readyWithinMs: number;
}

const services = JSON.parse(process.env['E2E_SERVICES'] ?? '[]') as E2eService[];
const started = services.map((s) => ({ ...s, child: startService(s.name, s.entry, s.env) }));
superviseServices(started.map(({ name, child }) => ({ name, child })));
await Promise.all(services.map((s) => waitForUrl(s.readyUrl, s.readyWithinMs)));
console.log('SERVERS_READY');
