import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { apiPaths } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import type { IdentityClient } from '#integrations/identity/identity-client.ts';
import { createSmtpMailSender } from '#integrations/mail/smtp-mail-sender.ts';
import { createAuthenticate } from '#platform/auth/authenticate.ts';
import { adminRoutes } from '#modules/admin/routes.ts';
import { auditEventsRoutes } from '#modules/audit-events/routes.ts';
import { usersRoutes } from '#modules/users/routes.ts';
import { bankAccountRoutes } from '#modules/bank-account/routes.ts';
import { signInRoutes, signOutRoutes } from '#platform/auth/routes.ts';
import { businessRegistrationRoutes } from '#modules/business-registration/routes.ts';
import { clientSystemRoutes, partnerOAuthRoutes } from '#modules/client-systems/routes.ts';
import { partnerServicesRoutes } from '#modules/partner-services/routes.ts';
import { provisionSandboxClient } from '#modules/client-systems/sandbox-client.ts';
import { feedbackRoutes } from '#modules/feedback/routes.ts';
import { fhirRoutes } from '#modules/fhir/routes.ts';
import { healthcareServiceRoutes } from '#modules/healthcare-services/routes.ts';
import { localityRoutes } from '#modules/localities/routes.ts';
import { locationRoutes } from '#modules/locations/routes.ts';
import { publicationsOverviewRoutes } from '#modules/publications-overview/routes.ts';
import { managingRoutes } from '#modules/managing/routes.ts';
import { delegationRoutes } from '#modules/delegations/routes.ts';
import { credentialDocumentRoutes } from '#modules/credential-documents/routes.ts';
import { emailVerificationRoutes, profileRoutes } from '#modules/profile/routes.ts';
import { tasksNotificationsRoutes } from '#modules/tasks-notifications/routes.ts';
import { meRoutes } from '#modules/me/routes.ts';
import { keyContactRoutes } from '#modules/key-contacts/routes.ts';
import { endpointRoutes } from '#modules/endpoints/routes.ts';
import { terminologyRoutes } from '#modules/terminology/routes.ts';
import { nhsdImportRoutes } from '#modules/nhsd-import/routes.ts';
import { organisationRoutes } from '#modules/organisations/routes.ts';
import { practitionerRoutes } from '#modules/practitioners/routes.ts';
import { practitionerRoleImportRoutes } from '#modules/practitioner-role-import/routes.ts';
import type { CisClientFor } from '#modules/practitioner-role-import/service.ts';
import { publicationRoutes } from '#modules/publications/routes.ts';
import { publishSelectorRoutes } from '#modules/publish-selector/routes.ts';
import { practitionerPublicationRoutes } from '#modules/practitioner-publications/routes.ts';
import { userRegistrationRoutes } from '#modules/user-registration/routes.ts';
import { shellRoutes } from '#modules/shell/routes.ts';
import { smartClientsPublicRoutes, smartClientsRoutes } from '#modules/smart-clients/routes.ts';
import { smartClientsService } from '#modules/smart-clients/service.ts';
import { systemRoutes } from '#modules/system/routes.ts';
import { welcomeRoutes } from '#modules/welcome/routes.ts';
import { workplacesRoutes } from '#modules/workplaces/routes.ts';
import { transfersRoutes } from '#modules/transfers/routes.ts';
import type { ServerConfig } from '#lib/config.ts';
import type { AppDeps } from '#platform/deps.ts';
import { createReadiness, type Readiness } from '#platform/readiness.ts';
import type { Metrics, PoolGauges } from '#platform/metrics.ts';
import { createOutboxWorker } from '#platform/outbox-worker.ts';
import { parseJsonAsUtf8 } from '#platform/http/json-body.ts';
import { createReminderJob } from '#modules/tasks-notifications/reminders.ts';
import { registerErrorHandler } from './error-handler.ts';
import { loggerOptions, registerRequestLog } from './logging.ts';
import { sendFrameworkProblem, writeClientErrorProblem } from './framework-problems.ts';
import { registerMetrics } from './metrics.ts';
import { registerRateLimits } from './rate-limits.ts';
import { securityHeaders } from './security-headers.ts';
import { registerSpa } from './spa.ts';

/** The signed-in routes, registered inside the /api context of {@link buildApp}. */
const signedInRoutes: FastifyPluginAsyncZod<AppDeps>[] = [
  signOutRoutes,
  meRoutes,
  organisationRoutes,
  businessRegistrationRoutes,
  locationRoutes,
  healthcareServiceRoutes,
  localityRoutes,
  adminRoutes,
  clientSystemRoutes,
  partnerServicesRoutes,
  practitionerRoutes,
  managingRoutes,
  delegationRoutes,
  profileRoutes,
  tasksNotificationsRoutes,
  nhsdImportRoutes,
  shellRoutes,
  userRegistrationRoutes,
  welcomeRoutes,
  publishSelectorRoutes,
  publicationRoutes,
  practitionerPublicationRoutes,
  workplacesRoutes,
  transfersRoutes,
  auditEventsRoutes,
  bankAccountRoutes,
  credentialDocumentRoutes,
  keyContactRoutes,
  endpointRoutes,
  terminologyRoutes,
  publicationsOverviewRoutes,
  usersRoutes,
  smartClientsRoutes,
];

/** Keeps an answer out of every cache: what a signed-in caller sees is theirs alone. */
function noStore(_request: FastifyRequest, reply: FastifyReply, done: () => void) {
  reply.header('cache-control', 'no-store');
  done();
}

export interface BuildAppOptions {
  db: Database;
  config: ServerConfig;
  identity: IdentityClient;
  /** Fastify logger option; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Serve the built SPA (off in API tests). */
  serveWeb?: boolean;
  /** Sees every route as it is added: the reliability suite's fuzz reads the whole route table with it. */
  onRoute?: (route: RouteOptions) => void;
  /** Whether the process is stopping (main.ts drains it on SIGTERM); `/api/ready` reads it. */
  readiness?: Readiness;
  /** The PostgreSQL pool under `db`, for the pool gauges of /metrics (none with PGlite). */
  pool?: PoolGauges;
  /**
   * Opens a clinical information system connection for the practitioner role import; by default the SMART
   * connections' own. API tests give one on a clinical-system stand-in they authorised at themselves.
   */
  cisClientFor?: CisClientFor;
}

/** Builds the API (and, when asked, the SPA host) without listening: tests use `app.inject`. */
export async function buildApp({
  db,
  config,
  identity,
  logger,
  serveWeb = true,
  onRoute,
  readiness = createReadiness(),
  pool,
  cisClientFor,
}: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    // Outside production, request lines are short and optional (registerRequestLog, LOG_REQUESTS).
    logController: new LogController({
      disableRequestLogging: !(config.env === 'production' && config.logRequests),
    }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1_048_576,
    // Errors raised before a route runs are problem+json too (docs/decisions/008-text-rules-and-problem-types.md).
    frameworkErrors: sendFrameworkProblem,
    clientErrorHandler: writeClientErrorProblem,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  parseJsonAsUtf8(app);
  app.decorateRequest('auth', null);
  // The security headers and the request id on every answer, errors included. One synchronous hook:
  // the headers are worked out once (docs/benchmarks/load.md).
  const headers = securityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
  registerErrorHandler(app);
  registerRequestLog(app, config);

  // API responses of 1 KB or more travel compressed; brotli at a low quality costs less CPU than the
  // bytes it saves. The SPA's files are compressed at build time and pass through untouched
  // (docs/decisions/014-what-travels.md). Request bodies are never decompressed: no client of ours
  // sends them, and a small compressed body can expand past the body limit.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Provider Connect Australia API', version: config.runtime.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  // Before the routes, both: the metrics time them and the limiters attach to them as they are added.
  const metrics = await registerMetrics(app, { db, config, ...(pool ? { pool } : {}) });
  await registerRateLimits(app, db, config.rateLimits, undefined, (key) =>
    metrics.rateLimitRefused(key),
  );

  const deps: AppDeps = { db, config, identity };

  // Public: no session needed (health and configuration, sign-in, the mailed email-verification link,
  // feedback, the partners' OAuth endpoints and FHIR API).
  await app.register(systemRoutes, { ...deps, readiness });
  await app.register(signInRoutes, deps);
  await app.register(emailVerificationRoutes, deps);
  await app.register(feedbackRoutes, deps);
  await app.register(partnerOAuthRoutes, deps);
  await app.register(smartClientsPublicRoutes, deps);
  await app.register(fhirRoutes, { ...deps, prefix: '/fhir' });

  // Signed in: one context that authenticates every request when it arrives, before its body is read
  // (401 problem otherwise), and keeps every answer out of caches unless a route says otherwise
  // (docs/decisions/037-server-floors.md).
  const authenticate = createAuthenticate(db, config.session.idleMs, undefined, {
    cacheMs: config.session.cacheMs,
  });
  await app.register(async (api) => {
    api.addHook('onRequest', authenticate);
    api.addHook('onRequest', noStore);
    for (const routes of signedInRoutes) await api.register(routes, deps);
    // The import reads the clinical system through the SMART connections' client (modules do not import
    // each other: the app hands one to the other).
    await api.register(practitionerRoleImportRoutes, {
      ...deps,
      cisClientFor: cisClientFor ?? smartClientsService(deps).fhirClientFor,
    });
  });

  // The development partner sandbox's client system holds the secret `npm start` gave it this time.
  const sandbox = config.partnerSandboxClient;
  if (sandbox) app.addHook('onReady', () => provisionSandboxClient(db, sandbox));
  registerOutboxWorker(app, db, config, metrics);
  registerReminderJob(app, db, config, metrics);

  app.get(apiPaths.docs, { schema: { hide: true } }, async () => app.swagger());

  if (serveWeb)
    await registerSpa(app, config.webDist, {
      serveSourceMaps: config.serveSourceMaps,
      runtimeConfig: config.runtime,
    });
  return app;
}

/**
 * Sends the mail outbox while the app runs, when SMTP_URL is set (docs/decisions/019-mail-outbox-and-catcher.md):
 * it starts once the app is ready and stops when the app closes (after requests in flight, before the
 * database closes). Without SMTP_URL — API tests, unless one sets it — mail stays queued.
 */
function registerOutboxWorker(
  app: FastifyInstance,
  db: Database,
  config: ServerConfig,
  metrics: Metrics,
) {
  if (!config.mail.smtpUrl) {
    if (config.env === 'production')
      app.log.warn('SMTP_URL is not set: mail is queued in mail_outbox but not sent.');
    return;
  }
  const worker = createOutboxWorker(db, createSmtpMailSender(config.mail.smtpUrl), {
    ...config.mail,
    log: app.log,
    onRun: metrics.jobRun('mail-outbox'),
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
}

/**
 * Runs the reminder job while the app runs (docs/decisions/027-reminders.md): in every API process, which
 * claims the job's row before running it, so all of them together run it once per
 * REMINDER_JOB_INTERVAL_MS. Off when that is 0 (and in API tests unless one sets it).
 */
function registerReminderJob(
  app: FastifyInstance,
  db: Database,
  config: ServerConfig,
  metrics: Metrics,
) {
  if (!config.reminders.intervalMs) return;
  const job = createReminderJob(db, {
    intervalMs: config.reminders.intervalMs,
    log: app.log,
    onRun: metrics.jobRun('reminders'),
  });
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => job.stop());
}
