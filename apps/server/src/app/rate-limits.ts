import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { fhirApiPaths } from '@pca/contracts/fhir-paths.ts';
import {
  apiPaths,
  feedbackApiPaths,
  partnerOAuthPaths,
  practitionerApiPaths,
  profileApiPaths,
} from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { HttpError } from '#platform/errors.ts';
import type { ServerConfig } from '#lib/config.ts';
import { databaseRateLimitStore, type DatabaseRateLimitStoreOptions } from './rate-limit-store.ts';

/** The problem type of a 429 (stable: clients may rely on it). */
export const RATE_LIMITED = 'rate-limited';

type Category =
  'signIn' | 'token' | 'feedback' | 'writes' | 'reads' | 'partnerWrites' | 'partnerReads';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Reads that stay unlimited: probes (a load balancer polls health) and the SPA's boot configuration. */
const UNLIMITED_READS = new Set<string>([
  apiPaths.health,
  apiPaths.ready,
  apiPaths.config,
  apiPaths.docs,
]);

/**
 * Routes that ask the HI Service about someone else's HPI-I, and whether a request does: the search
 * always, adding a practitioner role only when it names the practitioner by an HPI-I match. The
 * registration's HPI-I check too: it says whether an HPI-I belongs to a portal account before it asks
 * the HI Service, so trying numbers there must be as slow as searching.
 */
const HPII_SEARCHES: Record<string, (request: FastifyRequest) => boolean> = {
  [`POST ${practitionerApiPaths.hiServiceSearch}`]: () => true,
  [`POST ${profileApiPaths.hpiiCheck}`]: () => true,
  [`POST ${practitionerApiPaths.roles}`]: (request) =>
    Boolean((request.body as { hiService?: unknown } | undefined)?.hiService),
};

/** Which limit a route falls under, if any. */
function categoryOf(method: string, url: string): Category | null {
  // The partners' token endpoint counts with the portal's own token exchanges (docs/decisions/030-publishing-to-partners.md).
  if (method === 'POST' && url === partnerOAuthPaths.token) return 'token';
  // The partner API, per client address: a partner's token is read by its handlers, after any hook.
  if (url === fhirApiPaths.base || url.startsWith(`${fhirApiPaths.base}/`))
    return WRITE_METHODS.has(method) ? 'partnerWrites' : 'partnerReads';
  if (!url.startsWith('/api/')) return null;
  if (method === 'GET' && url === apiPaths.login) return 'signIn';
  if (method === 'POST' && url === apiPaths.token) return 'token';
  // Feedback may come signed out, so it counts per client address, on its own (docs/decisions/062-feedback.md).
  if (method === 'POST' && url === feedbackApiPaths.feedback) return 'feedback';
  if (WRITE_METHODS.has(method)) return 'writes';
  if ((method === 'GET' || method === 'HEAD') && !UNLIMITED_READS.has(url)) return 'reads';
  return null;
}

/** The client address, IPv6 grouped by /64 as the plugin does (one host usually owns the whole /64). */
const address = (request: FastifyRequest) => `address:${normalizeIP(request.ip)}`;
/** The signed-in user when `authenticate` has run, else the address. */
const userOrAddress = (request: FastifyRequest) =>
  request.auth ? `user:${request.auth.user.id}` : address(request);

/**
 * Rate limits (docs/decisions/009-rate-limits.md) with `@fastify/rate-limit` and counters in the
 * database. Sign-in start and token exchange count per client address before anything else runs;
 * writes and reads count after the route's own preHandlers, so `authenticate` has named the user and
 * the counter is theirs wherever they connect from. Must be registered before the routes.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  db: Database,
  config: ServerConfig['rateLimits'],
  storeOptions?: DatabaseRateLimitStoreOptions,
  /** Told of every refusal with the counter's key, which begins with the limit's name (the metrics). */
  onRefused?: (key: string) => void,
) {
  if (!config.enabled) return;
  await app.register(rateLimit, {
    global: false,
    ...(onRefused ? { onExceeded: (_request: FastifyRequest, key: string) => onRefused(key) } : {}),
    store: databaseRateLimitStore(db, storeOptions),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        'Too many requests',
        `Too many requests. Please wait ${context.after} and try again.`,
        RATE_LIMITED,
      ),
  });

  const limiters = {
    signIn: app.rateLimit({
      ...limit(config.signIn),
      keyGenerator: (r) => `sign-in:${address(r)}`,
    }),
    token: app.rateLimit({ ...limit(config.token), keyGenerator: (r) => `token:${address(r)}` }),
    feedback: app.rateLimit({
      ...limit(config.feedback),
      keyGenerator: (r) => `feedback:${address(r)}`,
    }),
    writes: app.rateLimit({
      ...limit(config.writes),
      keyGenerator: (r) => `writes:${userOrAddress(r)}`,
    }),
    reads: app.rateLimit({
      ...limit(config.reads),
      keyGenerator: (r) => `reads:${userOrAddress(r)}`,
    }),
    partnerWrites: app.rateLimit({
      ...limit(config.partnerWrites),
      keyGenerator: (r) => `partner-writes:${address(r)}`,
    }),
    partnerReads: app.rateLimit({
      ...limit(config.partnerReads),
      keyGenerator: (r) => `partner-reads:${address(r)}`,
    }),
  };

  // HPI-I searches per user, beside the writes they also are: slow enough that trying numbers and names
  // learns little (docs/decisions/055-hpii-lookup-and-managing-powers.md). The plugin's route handler runs
  // once per request (the writes limit has it), so this one counts through `createRateLimit` and
  // answers the same 429.
  const hpiiSearches = app.createRateLimit({
    ...limit(config.hpiiSearch),
    keyGenerator: (r) => `hpii-search:${userOrAddress(r)}`,
  });
  const countHpiiSearch = (counts: (request: FastifyRequest) => boolean) =>
    async function hpiiSearchLimit(request: FastifyRequest, reply: FastifyReply) {
      if (!counts(request)) return;
      const hit = await hpiiSearches(request);
      if (hit.isAllowed || !hit.isExceeded) return;
      onRefused?.(hit.key);
      void reply.header('retry-after', hit.ttlInSeconds);
      throw new HttpError(
        429,
        'Too many requests',
        `Too many HPI-I searches. Please wait ${waitOf(hit.ttlInSeconds)} and try again.`,
        RATE_LIMITED,
      );
    };

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const category = categoryOf(methods[0]!, route.url);
    if (!category) return;
    const hook = category === 'writes' || category === 'reads' ? 'preHandler' : 'onRequest';
    const existing = route[hook];
    // A new array: routes may share one preHandler array (e.g. the admin routes' operatorOnly).
    const hpii = HPII_SEARCHES[`${methods[0]} ${route.url}`];
    route[hook] = [
      ...(existing ? (Array.isArray(existing) ? existing : [existing]) : []),
      limiters[category],
      ...(hpii ? [countHpiiSearch(hpii)] : []),
    ] as never;
  });
}

/** A wait in words: '45 seconds', '1 minute', '10 minutes'. */
function waitOf(seconds: number) {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const limit = ({ max, windowMs }: { max: number; windowMs: number }) => ({
  max,
  timeWindow: windowMs,
});
