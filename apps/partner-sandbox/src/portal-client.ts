// The sandbox's side of the partner API (docs/decisions/031-fhir-partner-api.md): OAuth 2.0 client credentials
// for an access token, kept until a minute before it expires, then FHIR JSON requests with it.

export interface PortalClientOptions {
  /** The portal's origin, e.g. http://localhost:3000. */
  portalUrl: string;
  clientId: string;
  clientSecret: string;
}

/** An answer of the portal that was not what the sandbox asked for (shown on the page, never thrown away). */
export class PortalError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;

/** The first issue's diagnostics of an OperationOutcome, or the OAuth error, or the status. */
function problemOf(status: number, body: unknown): string {
  const b = body as {
    issue?: Array<{ diagnostics?: string }>;
    error?: string;
    error_description?: string;
  };
  return (
    b?.issue?.[0]?.diagnostics ??
    (b?.error ? `${b.error}${b.error_description ? `: ${b.error_description}` : ''}` : undefined) ??
    `The portal answered ${status}.`
  );
}

export function portalClient({ portalUrl, clientId, clientSecret }: PortalClientOptions) {
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && Date.now() < token.until) return token.value;
    const res = await fetch(`${portalUrl}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await res.json().catch(() => null)) as Json | null;
    if (!res.ok || typeof body?.['access_token'] !== 'string')
      throw new PortalError(res.status, problemOf(res.status, body));
    const expiresIn = Number(body['expires_in'] ?? 300);
    token = { value: body['access_token'], until: Date.now() + Math.max(0, expiresIn - 60) * 1000 };
    return token.value;
  }

  async function fhir(
    path: string,
    init: { method?: 'GET' | 'POST' | 'PATCH'; body?: unknown } = {},
  ) {
    for (let attempt = 0; ; attempt += 1) {
      const res = await fetch(`${portalUrl}/fhir/${path}`, {
        method: init.method ?? 'GET',
        headers: {
          accept: 'application/fhir+json',
          authorization: `Bearer ${await accessToken()}`,
          // A PATCH is a JSON Patch (RFC 6902), the one patch format the partner API takes.
          ...(init.body
            ? {
                'content-type':
                  init.method === 'PATCH' ? 'application/json-patch+json' : 'application/fhir+json',
              }
            : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      // A token the portal no longer accepts (the secret was rotated): ask for a new one, once.
      if (res.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      const body = (await res.json().catch(() => null)) as Json | null;
      if (!res.ok) throw new PortalError(res.status, problemOf(res.status, body));
      return body ?? {};
    }
  }

  return { fhir, accessToken };
}
export type PortalClient = ReturnType<typeof portalClient>;
