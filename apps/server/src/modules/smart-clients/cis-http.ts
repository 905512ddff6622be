import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { SmartConfigurationSummary } from '@pca/contracts';

// Requests to a practice's clinical information system (docs/decisions/069-smart-app-launch.md). The address
// is typed by a user, so the server must not become a way into networks it can reach: production reaches only
// https on public addresses; development and tests only this machine (the CIS stand-in). Each request has a
// time limit and a size limit, and redirects are not followed.

/** Most bytes read from any CIS answer (a SMART configuration is a few KB; a FHIR Bundle page more). */
export const CIS_MAX_BYTES = 5 * 1024 * 1024;
const CONFIGURATION_MAX_BYTES = 64 * 1024;

/** Why an address may not be used, or null. */
export type UrlRefusal = 'invalid' | 'not-allowed';

const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv6');

const bare = (host: string) => host.replace(/^\[|\]$/g, '');

/** Whether an address is a private, loopback, link-local or otherwise non-public one. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** This machine, as development and tests name it. */
export function isLocalHost(host: string): boolean {
  const h = bare(host).toLowerCase();
  return (
    h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h)
  );
}

/**
 * Whether the server may call `url`: in production an https URL whose host resolves only to public
 * addresses; elsewhere an http(s) URL on this machine. No credentials in URLs.
 */
export async function checkCisUrl(url: string, production: boolean): Promise<UrlRefusal | null> {
  if (!URL.canParse(url)) return 'invalid';
  const u = new URL(url);
  if (u.username || u.password || u.hash) return 'invalid';
  if (!production) {
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'invalid';
    return isLocalHost(u.hostname) ? null : 'not-allowed';
  }
  if (u.protocol !== 'https:') return 'invalid';
  const host = bare(u.hostname);
  if (isIP(host)) return isPrivateAddress(host) ? 'not-allowed' : null;
  if (host === 'localhost' || host.endsWith('.localhost')) return 'not-allowed';
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)))
      return 'not-allowed';
  } catch {
    return 'not-allowed';
  }
  return null;
}

/** A CIS that did not answer, answered an error, or answered something unusable. */
export class CisRequestError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** Reads a body up to `max` bytes (CisRequestError past it), as text. */
async function readLimited(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > max) throw new CisRequestError(`answer larger than ${max} bytes`);
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new CisRequestError(`answer larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** GETs JSON from a CIS with a time limit, a size limit and no redirects. */
export async function getCisJson(
  url: string,
  options: {
    timeoutMs: number;
    maxBytes?: number;
    accessToken?: string;
    accept?: string;
    signal?: AbortSignal;
  },
): Promise<unknown> {
  const signals = [AbortSignal.timeout(options.timeoutMs)];
  if (options.signal) signals.push(options.signal);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        accept: options.accept ?? 'application/json',
        ...(options.accessToken ? { authorization: `Bearer ${options.accessToken}` } : {}),
      },
      redirect: 'error',
      signal: AbortSignal.any(signals),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new CisRequestError(error instanceof Error ? error.message : 'no answer');
  }
  const text = await readLimited(response, options.maxBytes ?? CIS_MAX_BYTES);
  if (!response.ok) throw new CisRequestError(`answered ${response.status}`, response.status);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CisRequestError('answer is not JSON');
  }
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, 200) : [];

/**
 * Reads `${iss}/.well-known/smart-configuration` (SMART App Launch 2.x); CisRequestError when it does not
 * answer or is not a SMART configuration (no authorisation or token endpoint, or endpoints the server may
 * not call).
 */
export async function fetchSmartConfiguration(
  iss: string,
  options: { timeoutMs: number; production: boolean },
): Promise<SmartConfigurationSummary> {
  const url = `${iss.replace(/\/+$/, '')}/.well-known/smart-configuration`;
  const body = await getCisJson(url, {
    timeoutMs: options.timeoutMs,
    maxBytes: CONFIGURATION_MAX_BYTES,
  });
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new CisRequestError('not a SMART configuration');
  const c = body as Record<string, unknown>;
  const authorizationEndpoint = c['authorization_endpoint'];
  const tokenEndpoint = c['token_endpoint'];
  if (typeof authorizationEndpoint !== 'string' || typeof tokenEndpoint !== 'string')
    throw new CisRequestError('not a SMART configuration');
  // The server calls the token endpoint and sends the browser to the authorisation endpoint (openid-client
  // builds that address only over https in production): both are held to the FHIR base URL's rule, so a
  // connection saved here can always start a launch.
  const [authorizationRefusal, tokenRefusal] = await Promise.all([
    checkCisUrl(authorizationEndpoint, options.production),
    checkCisUrl(tokenEndpoint, options.production),
  ]);
  if (authorizationRefusal || tokenRefusal) throw new CisRequestError('not a SMART configuration');
  return {
    issuer: typeof c['issuer'] === 'string' ? c['issuer'] : null,
    authorizationEndpoint,
    tokenEndpoint,
    capabilities: strings(c['capabilities']),
    scopesSupported: strings(c['scopes_supported']),
    codeChallengeMethods: strings(c['code_challenge_methods_supported']),
    tokenEndpointAuthMethods: strings(c['token_endpoint_auth_methods_supported']),
    fetchedAt: new Date().toISOString(),
  };
}
