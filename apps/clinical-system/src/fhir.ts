/**
 * The clinical system's FHIR R4 read API under `{iss}`: PractitionerRole search with includes and paging, and
 * reads by id of Practitioner, PractitionerRole, Location and HealthcareService. Every request carries an
 * access token the authorisation server issued (looked up in oidc-provider's store) whose scopes allow the
 * resource type; otherwise 401 or 403 with an OperationOutcome (docs/decisions/068-clinical-system-stand-in.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RESOURCE_TYPES, capabilityStatement, smartConfiguration } from './discovery.ts';
import type { ResourceType } from './discovery.ts';
import type { FhirResource, Practice } from './practice.ts';

/** What the FHIR API needs to know about a bearer token: its scopes, or null when it is not a live token. */
export type TokenLookup = (token: string) => Promise<{ scopes: ReadonlySet<string> } | null>;

const DEFAULT_COUNT = 50;
const MAX_COUNT = 500;

/** Whether `scopes` allow `action` ('r' read, 's' search) on `type`, in SMART v1 or v2 form. */
export function scopeAllows(scopes: ReadonlySet<string>, type: string, action: 'r' | 's'): boolean {
  for (const scope of scopes) {
    const match = /^user\/([A-Za-z]+|\*)\.(read|\*|[cruds]+)$/.exec(scope);
    if (!match || (match[1] !== type && match[1] !== '*')) continue;
    const what = match[2]!;
    if (what === 'read' || what === '*') return true;
    // SMART v2: letters in the order c, r, u, d, s.
    if (/^c?r?u?d?s?$/.test(what) && what.includes(action)) return true;
  }
  return false;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/fhir+json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(JSON.stringify(body));
}

/** An OperationOutcome with one issue. */
export function outcome(code: string, diagnostics: string) {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code, diagnostics }],
  };
}

type Reference = { reference?: string };

/** The FHIR request handler for the practice at `iss` (paths below the iss's path). */
export function fhirApi(options: {
  practice: Practice;
  url: string;
  iss: string;
  lookUpToken: TokenLookup;
}) {
  const { practice, url, iss, lookUpToken } = options;
  const byType = new Map<string, Map<string, FhirResource>>([
    ['Practitioner', new Map(practice.practitioners.map((r) => [r.id, r]))],
    ['PractitionerRole', new Map(practice.practitionerRoles.map((r) => [r.id, r]))],
    ['Location', new Map(practice.locations.map((r) => [r.id, r]))],
    ['HealthcareService', new Map(practice.healthcareServices.map((r) => [r.id, r]))],
  ]);
  const resolve = (ref: Reference | undefined) => {
    const [type, id] = (ref?.reference ?? '').split('/');
    return type && id ? byType.get(type)?.get(id) : undefined;
  };
  const entry = (resource: FhirResource, mode: 'match' | 'include') => ({
    fullUrl: `${iss}/${resource.resourceType}/${resource.id}`,
    resource,
    search: { mode },
  });

  /** The token's scopes, or the 401 already sent. */
  async function authorise(req: IncomingMessage, res: ServerResponse) {
    const header = req.headers.authorization ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const found = token ? await lookUpToken(token) : null;
    if (!found) {
      send(
        res,
        401,
        outcome(
          'login',
          token
            ? 'The access token is not valid (expired, revoked or unknown).'
            : 'An access token is required (Authorization: Bearer).',
        ),
        {
          'WWW-Authenticate': `Bearer realm="${iss}"${token ? ', error="invalid_token"' : ''}`,
        },
      );
      return null;
    }
    return found.scopes;
  }

  function forbidden(res: ServerResponse, type: string, action: 'r' | 's') {
    send(
      res,
      403,
      outcome(
        'forbidden',
        `The access token's scopes do not allow ${action === 's' ? 'searching' : 'reading'} ${type} (user/${type}.${action === 's' ? 'rs' : 'read'} is needed).`,
      ),
      { 'WWW-Authenticate': `Bearer realm="${iss}", error="insufficient_scope"` },
    );
  }

  function search(res: ServerResponse, query: URLSearchParams, scopes: ReadonlySet<string>) {
    const countText = query.get('_count');
    const offsetText = query.get('_offset');
    const count = countText === null ? DEFAULT_COUNT : Number(countText);
    const offset = offsetText === null ? 0 : Number(offsetText);
    if (!Number.isInteger(count) || count < 0 || count > MAX_COUNT)
      return send(
        res,
        400,
        outcome('invalid', `_count must be a whole number from 0 to ${MAX_COUNT}.`),
      );
    if (!Number.isInteger(offset) || offset < 0)
      return send(res, 400, outcome('invalid', '_offset must be a whole number from 0.'));
    const active = query.get('active');
    if (active !== null && active !== 'true' && active !== 'false')
      return send(res, 400, outcome('invalid', 'active must be true or false.'));
    const includes = new Set(query.getAll('_include').flatMap((v) => v.split(',')));

    const matches = practice.practitionerRoles.filter(
      (r) => active === null || String(r['active']) === active,
    );
    const page = matches.slice(offset, offset + count);
    const included = new Map<string, FhirResource>();
    const add = (ref: Reference | undefined, type: ResourceType) => {
      const resource = resolve(ref);
      if (resource && resource.resourceType === type && scopeAllows(scopes, type, 'r'))
        included.set(`${type}/${resource.id}`, resource);
    };
    for (const role of page) {
      if (includes.has('PractitionerRole:practitioner'))
        add(role['practitioner'] as Reference, 'Practitioner');
      if (includes.has('PractitionerRole:location'))
        for (const ref of (role['location'] as Reference[] | undefined) ?? []) add(ref, 'Location');
      if (includes.has('PractitionerRole:service'))
        for (const ref of (role['healthcareService'] as Reference[] | undefined) ?? [])
          add(ref, 'HealthcareService');
    }
    const link = (at: number) => {
      const q = new URLSearchParams(query);
      q.set('_count', String(count));
      q.set('_offset', String(at));
      return `${iss}/PractitionerRole?${q.toString()}`;
    };
    send(res, 200, {
      resourceType: 'Bundle',
      type: 'searchset',
      total: matches.length,
      link: [
        { relation: 'self', url: link(offset) },
        ...(count > 0 && offset + count < matches.length
          ? [{ relation: 'next', url: link(offset + count) }]
          : []),
        ...(offset > 0 ? [{ relation: 'previous', url: link(Math.max(0, offset - count)) }] : []),
      ],
      entry: [
        ...page.map((r) => entry(r, 'match')),
        ...[...included.values()].map((r) => entry(r, 'include')),
      ],
    });
  }

  /** Handles a request whose path is below the iss; `path` is the rest (e.g. `/PractitionerRole`). */
  return async function handle(req: IncomingMessage, res: ServerResponse, path: string) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    const query = new URL(req.url ?? '/', 'http://clinical-system.invalid').searchParams;
    const segments = path.split('/').filter(Boolean);
    const known =
      path === '/metadata' ||
      path === '/.well-known/smart-configuration' ||
      (segments.length === 1 && segments[0] === 'PractitionerRole') ||
      (segments.length === 2 && (RESOURCE_TYPES as readonly string[]).includes(segments[0]!));
    if (!known) return send(res, 404, outcome('not-found', `There is nothing at ${iss}${path}.`));
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, outcome('not-supported', 'This FHIR server is read-only: use GET.'), {
        Allow: 'GET, HEAD',
      });

    if (path === '/metadata') return send(res, 200, capabilityStatement(url, iss));
    if (path === '/.well-known/smart-configuration') {
      res.setHeader('Content-Type', 'application/json');
      res.statusCode = 200;
      res.setHeader('Cache-Control', 'no-store');
      return res.end(JSON.stringify(smartConfiguration(url, iss)));
    }

    const scopes = await authorise(req, res);
    if (!scopes) return;
    const [type, id] = segments as [ResourceType, string | undefined];
    if (id === undefined) {
      if (!scopeAllows(scopes, type, 's')) return forbidden(res, type, 's');
      return search(res, query, scopes);
    }
    if (!scopeAllows(scopes, type, 'r')) return forbidden(res, type, 'r');
    const resource = byType.get(type)?.get(decodeURIComponent(id));
    if (!resource) return send(res, 404, outcome('not-found', `${type}/${id} is not known.`));
    send(res, 200, resource);
  };
}
