/**
 * The clinical-system stand-in (docs/decisions/068-clinical-system-stand-in.md): a practice's clinical software
 * that is a SMART on FHIR server, so the portal's connections and practitioner-role import can be developed and
 * tested end to end. One node:http server: the launch page at `/`, the authorisation server (oidc-provider) at
 * its root, and the FHIR API at `/fhir` (the `iss`). Development only; it keeps everything in memory.
 */
import { createServer } from 'node:http';
import type { ClientMetadata } from 'oidc-provider';
import { DEFAULT_GRACE_MS, gracefulClose, listen } from '@pca/dev-services';
import { Launches, clientsFromEnv, createAuthorisationServer } from './authorisation.ts';
import { fhirApi } from './fhir.ts';
import { STYLESHEET, STYLESHEET_PATH, errorPage, launchPage } from './pages.ts';
import { demoPractice, type Practice } from './practice.ts';
import { productionRefusal } from './production-guard.ts';

export type { Practice } from './practice.ts';
export { demoPractice, scaledPractice } from './practice.ts';

/** Options of {@link startClinicalSystem}. */
export interface ClinicalSystemOptions {
  /** TCP port on 127.0.0.1; 0 (the default) takes a free one. */
  port?: number;
  /** The portal's address: the default clients' redirect URI and JWKS live there. */
  portalUrl: string;
  /** What the clinical system holds (default: {@link demoPractice}). */
  practice?: Practice;
  /** Registered clients (oidc-provider client metadata); default: CIS_CLIENTS, else the portal's two. */
  clients?: ClientMetadata[];
  /** The launch page's default launch URL (default: CIS_APP_LAUNCH_URL, else empty). */
  appLaunchUrl?: string;
}

/** A running clinical system. */
export interface RunningClinicalSystem {
  /** Where it listens, e.g. http://127.0.0.1:3006 (the authorisation server's issuer too). */
  url: string;
  /** The FHIR base URL: `${url}/fhir`. */
  iss: string;
  /** Stops it gracefully (requests in flight finish, bounded). */
  close(graceMs?: number): Promise<void>;
}

// form-action: the consent form's answer redirects to the application, the launch form to the launch URL
// staff enter (Chrome applies form-action to redirects after a form).
const CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "form-action 'self' http: https:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** Starts the clinical system on 127.0.0.1; resolves once it listens. Refuses with NODE_ENV=production. */
export async function startClinicalSystem(
  options: ClinicalSystemOptions,
): Promise<RunningClinicalSystem> {
  const refusal = productionRefusal(process.env);
  if (refusal) throw new Error(refusal);
  const practice = options.practice ?? demoPractice();
  const clients = options.clients ?? clientsFromEnv(process.env['CIS_CLIENTS'], options.portalUrl);
  const appLaunchUrl = options.appLaunchUrl ?? process.env['CIS_APP_LAUNCH_URL'] ?? '';
  const launches = new Launches();

  // The issuer names the port, known once the server listens; requests wait for nothing since none arrive before.
  let handler: Parameters<typeof createServer>[1] = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handler!(req, res));
  const close = gracefulClose(server);
  const port = await listen(server, options.port ?? 0, '127.0.0.1');
  const url = `http://127.0.0.1:${port}`;
  const iss = `${url}/fhir`;
  const auth = createAuthorisationServer({ url, iss, practice, clients, launches });
  const fhir = fhirApi({ practice, url, iss, lookUpToken: auth.lookUpToken });

  handler = (req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const requestUrl = new URL(req.url ?? '/', url);
    const path = requestUrl.pathname;
    if (path === '/fhir' || path.startsWith('/fhir/')) {
      fhir(req, res, path.slice('/fhir'.length)).catch((error: unknown) => {
        console.error('clinical system FHIR error:', error);
        if (!res.headersSent) {
          res.statusCode = 500;
          res.end();
        }
      });
      return;
    }
    res.setHeader('Content-Security-Policy', CSP);
    const get = req.method === 'GET' || req.method === 'HEAD';
    if (path === STYLESHEET_PATH && get) {
      res.setHeader('Content-Type', 'text/css; charset=utf-8');
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.end(STYLESHEET);
      return;
    }
    if (path === '/favicon.ico') {
      res.statusCode = 204;
      res.end();
      return;
    }
    if (path === '/health' && get) {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ status: 'ok' }));
      return;
    }
    if ((path === '/' || path === '/launch') && !get) {
      res.setHeader('Allow', 'GET, HEAD');
      res.statusCode = 405;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(
        errorPage(practice.name, 'Not allowed', 'This page does not accept that kind of request.'),
      );
      return;
    }
    if (path === '/') {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.end(launchPage({ practiceName: practice.name, iss, launchUrl: appLaunchUrl }));
      return;
    }
    if (path === '/launch') {
      // EHR launch: a new launch context, then the app's launch URL with iss and launch.
      const entered = (requestUrl.searchParams.get('launch_url') ?? '').trim();
      let target: URL | null = null;
      try {
        target = new URL(entered);
      } catch {
        target = null;
      }
      if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:')) {
        res.statusCode = 400;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(
          launchPage({
            practiceName: practice.name,
            iss,
            launchUrl: entered,
            error: entered
              ? 'Enter the launch address as a full web address starting with http:// or https://'
              : 'Enter the launch address Provider Connect gave you',
          }),
        );
        return;
      }
      target.searchParams.set('iss', iss);
      target.searchParams.set('launch', launches.create());
      res.statusCode = 303;
      res.setHeader('Location', target.toString());
      res.setHeader('Cache-Control', 'no-store');
      res.end();
      return;
    }
    auth.handle(req, res, path);
  };

  return { url, iss, close: (graceMs = DEFAULT_GRACE_MS) => close(graceMs) };
}
