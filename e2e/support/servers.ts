/**
 * One journey run's servers, started side by side, when Playwright is run directly (e2e/playwright.config.ts gives
 * it this one command; scripts/e2e.ts starts the servers itself, once per lane).
 * Playwright starts the entries of `webServer` one after another, so four entries cost the sum of their start
 * times (about 20 s of every spec file on a busy CI machine); started together they cost the slowest one's
 * (docs/decisions/003-browser-tests.md). Prints `SERVERS_READY` once every service answers.
 */
import { startService, superviseServices, waitForUrl } from '../../tools/run/processes.ts';
import type { JourneyService } from '../../tools/run/server-env.ts';

const services = JSON.parse(process.env['E2E_SERVICES'] ?? '[]') as JourneyService[];
const started = services.map((s) => ({ ...s, child: startService(s.name, s.entry, s.env) }));
superviseServices(started.map(({ name, child }) => ({ name, child })));
await Promise.all(services.map((s) => waitForUrl(s.readyUrl, s.readyWithinMs)));
console.log('SERVERS_READY');
