import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { ServerConfig } from '#lib/config.ts';

/**
 * The security headers of every answer (lower-case name → value), worked out once by helmet at
 * start-up: they depend only on the configuration (no per-request nonces), and @fastify/helmet built
 * every one of helmet's middlewares again and parsed the policy on each request
 * (docs/benchmarks/load.md). Helmet also removes X-Powered-By, which neither Node nor Fastify sends.
 */
export function securityHeaders(
  config: Pick<ServerConfig, 'publicUrl'> & { oidc: Pick<ServerConfig['oidc'], 'issuer'> },
): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // AgDS styles are injected at run time by Emotion.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        // The Login button is a form to /api/auth/login, which redirects to the identity provider: it works on
        // the prerendered page before the script has run, and a form's redirect is held to this list too
        // (docs/decisions/076-prerendered-shell.md).
        formAction: ["'self'", new URL(config.oidc.issuer).origin],
      },
    },
    // HSTS only when served over HTTPS: over plain HTTP (development) it would pin the browser to a
    // scheme that does not answer.
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
    // One framing rule: X-Frame-Options says what CSP frame-ancestors 'none' says (helmet's default is SAMEORIGIN).
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader() {},
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return headers;
}
