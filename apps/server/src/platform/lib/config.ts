import os from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { developmentBankAccountKeys, parseBankAccountKeys } from './bank-account-crypto.ts';
import { runtimeDefaults } from '@pca/contracts/config.ts';
import { developmentSmartTokenKeys } from './smart-token-crypto.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

const windowUnits = { s: 1_000, m: 60_000, h: 3_600_000 } as const;

/** A limit written "<max>/<window>" (window in s, m or h, e.g. 60/1m) → { max, windowMs }. */
const rateLimit = (fallback: string) =>
  z
    .string()
    .regex(/^\d+\/\d+[smh]$/, 'expected <max>/<window>, e.g. 60/1m')
    .default(fallback)
    .transform((v) => {
      const [, max, amount, unit] = /^(\d+)\/(\d+)([smh])$/.exec(v)!;
      return { max: Number(max), windowMs: Number(amount) * windowUnits[unit as 's' | 'm' | 'h'] };
    });

/** An address or CIDR block (`10.0.0.0/8`, `::1`, `fd00::/8`) → address, prefix and family; null when invalid. */
export function cidrBlock(block: string) {
  const [address = '', prefix, ...rest] = block.split('/');
  const version = isIP(address);
  if (!version || rest.length) return null;
  const bits = prefix === undefined ? (version === 4 ? 32 : 128) : Number(prefix);
  if (!Number.isInteger(bits) || bits < 0 || bits > (version === 4 ? 32 : 128) || prefix === '')
    return null;
  return { address, prefix: bits, family: version === 4 ? ('ipv4' as const) : ('ipv6' as const) };
}

/** Fastify's trustProxy: whom to believe about the client's address. */
type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** The names proxy-addr (Fastify's trustProxy) knows for ranges of addresses. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY's entries when it lists addresses: each an address, a CIDR block or a named range. */
function proxyAddresses(value: string) {
  return value.split(',').map((s) => s.trim());
}

/**
 * TRUST_PROXY as Fastify's trustProxy option: a hop count, true (every hop) or false, or a list of
 * addresses, CIDR blocks and proxy-addr's named ranges (loopback, linklocal, uniquelocal).
 */
function trustProxy(value: string | undefined, fallbackHops: number): TrustProxy {
  if (value === 'false') return false;
  if (value === 'true') return true;
  const hops = value === undefined ? fallbackHops : /^\d+$/.test(value) ? Number(value) : null;
  // A hop count n believes the n proxies nearest to the API (as proxy-addr's numeric trust does).
  if (hops !== null) return hops === 0 ? false : (_address, hop) => hop < hops;
  return proxyAddresses(value!);
}

/** The development partner sandbox's credentials, as `npm start` hands them to the API and the sandbox. */
export interface SandboxClient {
  partnerCode: string;
  clientId: string;
  secret: string;
}

/** Reads PARTNER_SANDBOX_CLIENT (`<partner code>:<client id>:<secret>`); undefined when unset. */
export function parseSandboxClient(value: string | undefined): SandboxClient | undefined {
  if (!value) return undefined;
  const [partnerCode, clientId, ...rest] = value.split(':');
  const secret = rest.join(':');
  if (!partnerCode || !clientId || secret.length < 32)
    throw new Error(
      'PARTNER_SANDBOX_CLIENT must be <partner code>:<client id>:<secret of at least 32 characters>',
    );
  return { partnerCode, clientId, secret };
}

/** Environment variables the API reads; everything has a development default except in production. */
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  IDP_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  DATABASE_URL: z.string().optional(),
  // Where credential documents are kept (docs/decisions/057-credential-documents.md): files under
  // DOCUMENTS_DIR (default <DATA_DIR>/documents), or S3-compatible object storage when a bucket is named.
  DOCUMENTS_DIR: z.string().optional(),
  DOCUMENTS_S3_BUCKET: z.string().min(1).optional(),
  DOCUMENTS_S3_ENDPOINT: z.string().url().optional(),
  DOCUMENTS_S3_REGION: z.string().min(1).default('ap-southeast-2'),
  DOCUMENTS_S3_FORCE_PATH_STYLE: bool(false),
  DOCUMENTS_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  DOCUMENTS_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Most PostgreSQL connections one API process holds (docs/decisions/013-compiled-server.md). At least 2: at
  // start-up one holds the migration lock while seeding an empty database takes another (platform/db/migrate.ts).
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(
      2,
      'at least 2: at start-up one connection holds the migration lock while another checks and seeds the database',
    )
    .max(1000)
    .default(10),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  SERVE_SOURCE_MAPS: bool(false),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().default('provider-connect'),
  OIDC_CLIENT_SECRET: z.string().optional(),
  // Signs the partner API's access tokens (docs/decisions/030-publishing-to-partners.md): a P-256 or Ed25519
  // private key, PKCS8 PEM or a JWK; unset outside production, a key pair is made at start and kept in memory.
  // Required in production, as PUBLIC_URL and DATABASE_URL are.
  PARTNER_TOKEN_PRIVATE_KEY: z.string().min(1).optional(),
  // Encrypt bank accounts at rest (docs/decisions/058-bank-account.md): `<id>:<base64 32 bytes>[,…]`, and the id
  // new writes use (the last listed when unset). Required in production.
  BANK_ACCOUNT_KEYS: z.string().min(1).optional(),
  BANK_ACCOUNT_KEY_ID: z.string().min(1).optional(),
  // The portal as a SMART app (docs/decisions/069-smart-app-launch.md): the private JWK its private_key_jwt
  // assertions are signed with (outside production: made once and kept under DATA_DIR), and the keys its
  // CIS tokens are encrypted at rest under (`<id>:<base64 32 bytes>[,…]`; unset: the bank-account keys).
  // The client key is required in production.
  SMART_CLIENT_KEY: z.string().min(1).optional(),
  SMART_TOKEN_KEYS: z.string().min(1).optional(),
  SMART_TOKEN_KEY_ID: z.string().min(1).optional(),
  // How long one request to a clinical information system may take.
  SMART_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  // The development partner sandbox's client credentials, set by `npm start` (never in production).
  PARTNER_SANDBOX_CLIENT: z.string().optional(),
  // Where the development partner sandbox answers (`npm start` sets it from SANDBOX_PORT): the seeded
  // online-form task's form is there (apps/server/src/platform/db/seed/seed-inbox.ts).
  PARTNER_SANDBOX_URL: z.string().url().default('http://localhost:3004'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  // How long a request's caller (session, user, roles) may be reused by the next requests with the same
  // token; any committed write ends it sooner; 0 turns the cache off (docs/decisions/021-request-context-cache.md).
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  SUPPORT_EMAIL: z.string().default('support@providerconnect.example.gov.au'),
  SUPPORT_PHONE: z.string().default('1800 512 220'),
  LEARN_MORE_URL: z
    .string()
    .url()
    .default('https://www.health.gov.au/our-work/provider-connect-australia'),
  DETAILED_STEPS_URL: z
    .string()
    .url()
    .default('https://www.servicesaustralia.gov.au/provider-connect-australia'),
  FEATURE_VCFC_IMPORT: bool(true),
  FEATURE_HI_CERTIFICATE: bool(false),
  FEATURE_HEALTH_CONNECT: bool(true),
  BUILD_DATE: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // One log line per request: off by default in development (a quiet `npm start`), on in production.
  LOG_REQUESTS: z.enum(['true', 'false', '1', '0']).optional(),
  // Rate limits (docs/decisions/009-rate-limits.md): "<max>/<window>", e.g. 60/1m.
  RATE_LIMITS: bool(true),
  RATE_LIMIT_SIGN_IN: rateLimit('60/1m'),
  RATE_LIMIT_TOKEN: rateLimit('60/1m'),
  RATE_LIMIT_WRITES: rateLimit('30/10s'),
  RATE_LIMIT_READS: rateLimit('600/1m'),
  // HPI-I searches per user (docs/decisions/055-hpii-lookup-and-managing-powers.md).
  RATE_LIMIT_HPII_SEARCH: rateLimit('20/10m'),
  // Feedback sent per client address, signed in or not (docs/decisions/062-feedback.md).
  RATE_LIMIT_FEEDBACK: rateLimit('5/10m'),
  // The partner API per client address: a directory sync pages through thousands of resources, and a
  // request or message it sends lands in practitioners' task lists (docs/decisions/009-rate-limits.md).
  RATE_LIMIT_PARTNER_READS: rateLimit('1200/1m'),
  RATE_LIMIT_PARTNER_WRITES: rateLimit('30/10s'),
  // Mail (docs/decisions/019-mail-outbox-and-catcher.md): the outbox is sent only when SMTP_URL is set.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'expected smtp://[user:pass@]host:port or smtps://…')
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/@[^@\s<>]+>?\s*$/, 'expected an address, e.g. Name <no-reply@example.com>')
    .default('Provider Connect Australia <no-reply@providerconnect.local>'),
  MAIL_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1_000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  // The reminder job (docs/decisions/027-reminders.md): at start-up, then every interval; 0 turns it off.
  // Off by default in tests, which run it themselves.
  REMINDER_JOB_INTERVAL_MS: z.coerce.number().int().min(0).max(604_800_000).optional(),
  // The NHSD the import wizard searches (docs/decisions/028-nhsd-import.md): a FHIR R4 base URL, or the local
  // copy in nhsd_services when unset; a request to it that takes longer fails as a search error.
  NHSD_FHIR_URL: z.string().url().optional(),
  NHSD_FHIR_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  // The local directory's banner: true shows the wizard's maintenance warning.
  NHSD_MAINTENANCE: bool(false),
  // Who may read /metrics (docs/decisions/075-operations.md): addresses or CIDR blocks, comma-separated;
  // `none` for nobody. Loopback only by default.
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.0/8,::1')
    .transform((value, ctx) => {
      if (value.trim() === 'none') return [];
      const blocks = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const block of blocks)
        if (!cidrBlock(block))
          ctx.addIssue({ code: 'custom', message: `not an address or CIDR block: ${block}` });
      return blocks;
    }),
  // On SIGTERM, how long the process keeps answering with /api/ready at 503 before it closes, so a load
  // balancer's health check has seen it leave (docs/decisions/075-operations.md): 5 s in production, else 0.
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).optional(),
  // Proxies in front of the API whose X-Forwarded-For is believed: a hop count, true (every hop) or false,
  // or addresses/CIDR blocks. Checked here, so a wrong value is one line at start, not Fastify's stack.
  TRUST_PROXY: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined || /^(\d+|true|false)$/.test(value)) return;
      const wrong = proxyAddresses(value).filter((a) => !NAMED_RANGES.has(a) && !cidrBlock(a));
      if (wrong.length)
        ctx.addIssue({
          code: 'custom',
          message: `expected a hop count, true, false, or addresses and CIDR blocks, comma-separated; not an address or CIDR block: ${wrong.join(', ')}`,
        });
    }),
});

/** The development client secret shared with apps/identity-provider; production must set its own. */
export const DEVELOPMENT_CLIENT_SECRET = 'provider-connect-development-secret';

/** Parsed, validated server configuration. */
export type ServerConfig = ReturnType<typeof loadConfig>;

function readBuildDate(webDist: string): string | undefined {
  try {
    const info = JSON.parse(readFileSync(path.join(webDist, 'build-info.json'), 'utf8')) as {
      buildDate?: string;
    };
    return info.buildDate;
  } catch {
    return undefined;
  }
}

/** Where credential documents are kept: S3-compatible object storage when a bucket is named, else files. */
function documentStorageOf(e: z.infer<typeof Env>) {
  if (e.DOCUMENTS_S3_BUCKET)
    return {
      kind: 's3' as const,
      bucket: e.DOCUMENTS_S3_BUCKET,
      endpoint: e.DOCUMENTS_S3_ENDPOINT,
      region: e.DOCUMENTS_S3_REGION,
      forcePathStyle: e.DOCUMENTS_S3_FORCE_PATH_STYLE,
      // Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID…, an instance role) finds them.
      credentials:
        e.DOCUMENTS_S3_ACCESS_KEY_ID && e.DOCUMENTS_S3_SECRET_ACCESS_KEY
          ? {
              accessKeyId: e.DOCUMENTS_S3_ACCESS_KEY_ID,
              secretAccessKey: e.DOCUMENTS_S3_SECRET_ACCESS_KEY,
            }
          : undefined,
    };
  // API tests keep their uploads out of the development data folder.
  const fallback =
    e.NODE_ENV === 'test'
      ? path.join(os.tmpdir(), 'pca-test-documents')
      : path.join(e.DATA_DIR, 'documents');
  return { kind: 'files' as const, dir: e.DOCUMENTS_DIR ?? fallback };
}

/** SMART_CLIENT_KEY must be a private P-256 JWK (ES256): said at start-up, not at the first launch. */
function checkSmartClientKey(text: string) {
  let jwk: Record<string, unknown> | null = null;
  try {
    jwk = JSON.parse(text) as Record<string, unknown>;
  } catch {
    jwk = null;
  }
  if (!jwk || jwk['kty'] !== 'EC' || jwk['crv'] !== 'P-256' || typeof jwk['d'] !== 'string')
    throw new Error(
      'SMART_CLIENT_KEY must be a private P-256 JSON Web Key (kty EC, crv P-256, with d) for ES256',
    );
}

/** Every problem with the environment's variables on one line: `NAME: what is wrong; …`. */
function describeIssues(error: z.ZodError) {
  return error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
}

/** Reads and validates configuration from the environment (throws with every problem listed). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = Env.safeParse(env);
  if (!parsed.success) throw new Error(describeIssues(parsed.error));
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.OIDC_CLIENT_SECRET) {
    throw new Error('OIDC_CLIENT_SECRET must be set in production');
  }
  if (e.NODE_ENV === 'production' && e.PARTNER_SANDBOX_CLIENT) {
    throw new Error(
      'PARTNER_SANDBOX_CLIENT is for development only; register partners on /client-system',
    );
  }
  if (e.NODE_ENV === 'production' && !e.OIDC_ISSUER) {
    throw new Error(
      'OIDC_ISSUER must be set in production (the government provider-login service)',
    );
  }
  if (e.NODE_ENV === 'production' && !e.BANK_ACCOUNT_KEYS) {
    throw new Error(
      'BANK_ACCOUNT_KEYS must be set in production: bank accounts are encrypted at rest under it ' +
        '(<key id>:<base64 of 32 random bytes>, e.g. from `openssl rand -base64 32`; docs/development.md#settings)',
    );
  }
  if (e.NODE_ENV === 'production' && !e.SMART_CLIENT_KEY) {
    throw new Error(
      'SMART_CLIENT_KEY must be set in production: the private JWK (ES256) the portal signs its SMART ' +
        'client assertions with, the same in every API process (docs/decisions/069-smart-app-launch.md)',
    );
  }
  if (e.SMART_CLIENT_KEY) checkSmartClientKey(e.SMART_CLIENT_KEY);
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new Error(
      'PUBLIC_URL must be set in production: the address people reach the portal at, e.g. ' +
        "https://providerconnect.example.gov.au (sign-in callbacks, mail links, the partner tokens' issuer; https turns on HSTS)",
    );
  }
  if (e.NODE_ENV === 'production' && !e.DATABASE_URL) {
    throw new Error(
      'DATABASE_URL must be set in production: the PostgreSQL every API process shares, e.g. ' +
        'postgres://user:pass@host:5432/pca (embedded PGlite is for one development process)',
    );
  }
  if (e.NODE_ENV === 'production' && !e.PARTNER_TOKEN_PRIVATE_KEY) {
    throw new Error(
      'PARTNER_TOKEN_PRIVATE_KEY must be set in production: the private key (P-256 or Ed25519, PKCS8 PEM or a JWK) ' +
        "the partner API's tokens are signed with, the same in every API process (docs/decisions/030-publishing-to-partners.md)",
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: e.DATA_DIR,
    documents: documentStorageOf(e),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    webDist: e.WEB_DIST,
    serveSourceMaps: e.SERVE_SOURCE_MAPS,
    logLevel: e.LOG_LEVEL,
    logRequests:
      e.LOG_REQUESTS === undefined
        ? e.NODE_ENV === 'production'
        : e.LOG_REQUESTS === 'true' || e.LOG_REQUESTS === '1',
    oidc: {
      issuer: e.OIDC_ISSUER ?? `http://localhost:${e.IDP_PORT}`,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET ?? DEVELOPMENT_CLIENT_SECRET,
      redirectUri: `${publicUrl}/authorization-code/callback`,
      postLogoutRedirectUri: `${publicUrl}/`,
    },
    // Client addresses key the sign-in limits, so only the last hop's forwarded address is believed by
    // default: trusting every hop would let a client name any address it likes in X-Forwarded-For.
    trustProxy: trustProxy(e.TRUST_PROXY, e.NODE_ENV === 'production' ? 1 : 0),
    rateLimits: {
      enabled: e.RATE_LIMITS,
      signIn: e.RATE_LIMIT_SIGN_IN,
      token: e.RATE_LIMIT_TOKEN,
      writes: e.RATE_LIMIT_WRITES,
      reads: e.RATE_LIMIT_READS,
      hpiiSearch: e.RATE_LIMIT_HPII_SEARCH,
      feedback: e.RATE_LIMIT_FEEDBACK,
      partnerReads: e.RATE_LIMIT_PARTNER_READS,
      partnerWrites: e.RATE_LIMIT_PARTNER_WRITES,
    },
    mail: {
      /** Where the outbox worker sends; without it mail stays queued (tests, or a deployment without mail). */
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      /** The right-hand side of every Message-ID: the domain of MAIL_FROM's address. */
      messageIdHost: /@([^@\s<>]+)>?\s*$/.exec(e.MAIL_FROM)![1]!,
      pollMs: e.MAIL_POLL_MS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
    },
    reminders: {
      /** How often the reminder job runs across every API process; 0: never. */
      intervalMs: e.REMINDER_JOB_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 3_600_000),
    },
    metrics: {
      /** Addresses or CIDR blocks that may read /metrics; empty: nobody. */
      allow: e.METRICS_ALLOW,
    },
    shutdown: {
      /** How long a stopping process keeps serving, not ready, before it stops listening. */
      drainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? 5_000 : 0),
    },
    nhsd: {
      fhirUrl: e.NHSD_FHIR_URL,
      timeoutMs: e.NHSD_FHIR_TIMEOUT_MS,
      maintenance: e.NHSD_MAINTENANCE,
    },
    bankAccountKeys: e.BANK_ACCOUNT_KEYS
      ? parseBankAccountKeys(e.BANK_ACCOUNT_KEYS, e.BANK_ACCOUNT_KEY_ID)
      : developmentBankAccountKeys(e.DATA_DIR),
    smart: {
      /** The private JWK (text) of SMART_CLIENT_KEY; unset outside production: made and kept under DATA_DIR. */
      clientKey: e.SMART_CLIENT_KEY,
      clientKeyFile: path.join(e.DATA_DIR, 'smart-client-key.json'),
      tokenKeys: e.SMART_TOKEN_KEYS
        ? parseBankAccountKeys(e.SMART_TOKEN_KEYS, e.SMART_TOKEN_KEY_ID, {
            keys: 'SMART_TOKEN_KEYS',
            keyId: 'SMART_TOKEN_KEY_ID',
          })
        : e.BANK_ACCOUNT_KEYS
          ? parseBankAccountKeys(e.BANK_ACCOUNT_KEYS, e.BANK_ACCOUNT_KEY_ID)
          : developmentSmartTokenKeys(e.DATA_DIR),
      timeoutMs: e.SMART_TIMEOUT_MS,
      /** Production reaches only public https addresses; development and tests only this machine's. */
      production: e.NODE_ENV === 'production',
      redirectUri: `${publicUrl}/smart-authorization-code/callback`,
      publicUrl,
    },
    partnerSandboxClient: parseSandboxClient(e.PARTNER_SANDBOX_CLIENT),
    partnerSandboxUrl: e.PARTNER_SANDBOX_URL,
    partnerTokens: {
      privateKey: e.PARTNER_TOKEN_PRIVATE_KEY,
      // The partner API's access tokens name the portal as issuer and the FHIR API as audience.
      issuer: publicUrl,
      audience: 'fhir',
    },
    session: {
      idleMs: e.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
      cacheMs: e.SESSION_CACHE_MS,
    },
    runtime: {
      productName: runtimeDefaults.productName,
      version: pkg.version,
      buildDate: e.BUILD_DATE ?? readBuildDate(e.WEB_DIST) ?? new Date().toISOString(),
      support: { email: e.SUPPORT_EMAIL, phone: e.SUPPORT_PHONE },
      links: { learnMore: e.LEARN_MORE_URL, detailedSteps: e.DETAILED_STEPS_URL },
      features: {
        vcfcImportAllowed: e.FEATURE_VCFC_IMPORT,
        hiServiceCertificate: e.FEATURE_HI_CERTIFICATE,
        healthConnectPublication: e.FEATURE_HEALTH_CONNECT,
      },
      // Both base endpoints of docs/product/rules.md#entities are served by this API by default.
      apiBase: { systemOfRecord: '/api', participation: '/api' },
      identityProvider: { ...runtimeDefaults.identityProvider },
    },
  };
}
