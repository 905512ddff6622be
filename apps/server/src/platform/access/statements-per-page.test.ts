import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  capabilitiesOf,
  delegationApiPaths,
  liveOrganisations,
  meApiPaths,
  menuVisibility,
  practitionerApiPaths,
  shellApiPaths,
  welcomeApiPaths,
  type CapabilityInput,
  type CurrentUser,
  type MyOrganisations,
  type OrganisationNode,
} from '@pca/contracts';
import { demoIds } from '#db/seed/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * SQL statements per page load (docs/benchmarks/sql-per-request.md): replays the API calls the SPA makes
 * when one page opens and counts what reaches the database through the driver's query logger, so a
 * request that starts repeating its work again fails here. The calls are those of apps/web: the start-up
 * configuration, the shell's current user, organisation trees and bell count (apps/web/src/lib), then the
 * page's own (the welcome page's banner and site organisations; the Practitioners page's first page of
 * offerings, for its one organisation when the filter offers only one).
 */
const TARGETS = { welcome: 8, practitioners: 10, delegates: 8 } as const;
type Page = keyof typeof TARGETS;

const statements: string[] = [];
let t: TestApp;

interface Counted {
  url: string;
  statements: number;
}

/** The capability rules' input as the SPA builds it (apps/web/src/lib/capabilities.ts). */
function inputOf(user: CurrentUser, organisations: MyOrganisations): CapabilityInput {
  return {
    user,
    participatingOrganisations: organisations.organisations
      .filter((o) => o.type === 'ParticipatingOrganisation')
      .map((o) => ({
        status: o.status,
        isPublisher: o.isPublisher,
        publisherApprovalStatus: o.publisherApprovalStatus,
      })),
    config: { vcfcImportAllowed: t.config.runtime.features.vcfcImportAllowed },
  };
}

/** The Practitioners page's organisation filter (apps/web/src/features/practitioners/routes). */
function filterOrganisations(roots: OrganisationNode[]) {
  const live = roots.filter(
    (o) => o.type === 'ParticipatingOrganisation' && liveOrganisations([o]).length > 0,
  );
  const publishers = live.filter((o) => o.isPublisher);
  return publishers.length ? publishers : live;
}

/** Opens a page as the SPA does and counts the statements of each call. */
async function loadPage(token: string, page: Page): Promise<Counted[]> {
  const counted: Counted[] = [];
  async function call<T>(url: string, signedIn = true): Promise<T> {
    const before = statements.length;
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: signedIn ? t.bearer(token) : {},
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    counted.push({ url, statements: statements.length - before });
    return res.json() as T;
  }

  await call(apiPaths.config, false);
  const user = await call<CurrentUser>(apiPaths.me);
  const organisations = await call<MyOrganisations>(meApiPaths.organisations);
  const input = inputOf(user, organisations);
  if (menuVisibility(input).notificationsBell) await call(shellApiPaths.unreadNotificationCount);
  if (page === 'welcome') {
    await call(welcomeApiPaths.signUpBanner);
    await call(welcomeApiPaths.siteOrganisations);
  } else if (page === 'delegates') {
    // The delegates list: its first page (apps/web/src/features/delegations).
    await call(delegationApiPaths.list);
  } else {
    expect(capabilitiesOf(input).accessPractitioners).toBe(true);
    const choices = filterOrganisations(organisations.organisations);
    const query = choices.length === 1 ? `?organisationId=${choices[0]!.id}` : '';
    await call(practitionerApiPaths.serviceOfferings + query);
  }
  return counted;
}

const identities = [
  { name: 'Alice (practitioner, organisation manager)', raNumber: '2000000011' },
  { name: 'Ben (delegate, healthcare service manager)', raNumber: '2000000022' },
  { name: 'Isla (organisation manager)', raNumber: '2000000099' },
];

/**
 * Counted twice: with the session cache off, every call reads its caller, as when a page's calls reach
 * different API processes or come more than SESSION_CACHE_MS apart; with it on (the default), the calls
 * after the first find the caller in memory (docs/decisions/021-request-context-cache.md).
 */
describe.each([
  ['session cache off', '0'],
  ['session cache on', undefined],
])('SQL statements per page load, %s', (mode, cacheMs) => {
  beforeAll(async () => {
    // Reads' rate-limit counters are written in batches at most once a second per user
    // (docs/decisions/009-rate-limits.md): not the request's own work, and timing-dependent, so off here.
    t = await createTestApp(
      { RATE_LIMITS: 'false', ...(cacheMs === undefined ? {} : { SESSION_CACHE_MS: cacheMs }) },
      { onQuery: (sql) => statements.push(sql) },
    );
  });
  afterAll(() => t.close());

  for (const page of ['welcome', 'practitioners'] as const) {
    for (const who of identities) {
      it(`/${page} as ${who.name}: at most ${TARGETS[page]}`, async () => {
        const token = await t.tokenFor(who.raNumber);
        const counted = await loadPage(token, page);
        const total = counted.reduce((sum, c) => sum + c.statements, 0);
        console.info(
          `/${page} as ${who.name}, ${mode}: ${total} statements\n` +
            counted.map((c) => `  ${String(c.statements).padStart(2)}  GET ${c.url}`).join('\n'),
        );
        expect(total).toBeLessThanOrEqual(TARGETS[page]);
      });
    }
  }

  it(`/delegates as Alice: at most ${TARGETS.delegates}`, async () => {
    const counted = await loadPage(await t.tokenFor('2000000011'), 'delegates');
    const total = counted.reduce((sum, c) => sum + c.statements, 0);
    console.info(
      `/delegates as Alice, ${mode}: ${total} statements\n` +
        counted.map((c) => `  ${String(c.statements).padStart(2)}  GET ${c.url}`).join('\n'),
    );
    expect(total).toBeLessThanOrEqual(TARGETS.delegates);
  });

  it('/welcome while Ben manages Alice: at most 8', async () => {
    const token = await t.tokenFor('2000000022');
    const practitionerId = demoIds.practitioner('alice');
    const put = await t.app.inject({
      method: 'PUT',
      url: shellApiPaths.managing,
      headers: t.bearer(token),
      payload: { practitionerId },
    });
    expect(put.statusCode).toBeLessThan(300);
    const counted = await loadPage(token, 'welcome');
    const total = counted.reduce((sum, c) => sum + c.statements, 0);
    console.info(
      `/welcome as Ben managing Alice, ${mode}: ${total} statements\n` +
        counted.map((c) => `  ${String(c.statements).padStart(2)}  GET ${c.url}`).join('\n'),
    );
    expect(total).toBeLessThanOrEqual(TARGETS.welcome);
  });
});
