/**
 * Test helper: plays the browser's part of a sign-in at the development identity provider with fetch,
 * carrying cookies by hand (fetch has no cookie jar) and following redirects one hop at a time.
 */

/** Cookies of one origin, by name (paths are ignored: the provider's cookie names are unique). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Stores the Set-Cookie headers of a response (an expired or emptied cookie is removed). */
  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', v = ''] = a.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The Cookie request header value ('' when empty). */
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Names of the cookies held. */
  names(): string[] {
    return [...this.cookies.keys()];
  }
}

/** One request as a browser would send it to the provider: cookies attached, redirects not followed. */
export async function browserFetch(
  jar: CookieJar,
  url: string | URL,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(response);
  return response;
}

const isRedirect = (status: number) => status >= 300 && status < 400;

/**
 * Follows redirects from `url` while they stay on `origin`; returns the first response that is not such a
 * redirect, or the URL of a redirect that leaves the origin.
 */
export async function followRedirects(
  jar: CookieJar,
  url: string | URL,
  origin: string,
  init: RequestInit = {},
): Promise<{ response: Response; url: URL } | { left: URL }> {
  let current = new URL(url);
  let response = await browserFetch(jar, current, init);
  for (let hops = 0; hops < 20; hops += 1) {
    if (!isRedirect(response.status)) return { response, url: current };
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`Redirect ${response.status} from ${current.href} has no Location`);
    const next = new URL(location, current);
    if (next.origin !== origin) return { left: next };
    current = next;
    response = await browserFetch(jar, current);
  }
  throw new Error(`Too many redirects from ${String(url)}`);
}

/** Error raised when the provider answers with a page instead of returning to the client. */
export class ProviderPageError extends Error {
  constructor(
    message: string,
    /** HTTP status of the page. */
    readonly status: number,
    /** HTML of the page, for assertions. */
    readonly html: string,
  ) {
    super(message);
  }
}

/**
 * Signs in at the provider like a browser: opens the authorization URL, submits the RA number on the
 * sign-in page when it is shown (not when the jar already holds a provider session) and returns the URL the
 * provider finally redirects to (the client's redirect_uri with `code` and `state`). Pass a jar to keep the
 * provider session between calls.
 */
export async function signInThroughProvider(
  authorizationUrl: string,
  raNumber: string,
  jar: CookieJar = new CookieJar(),
): Promise<URL> {
  const origin = new URL(authorizationUrl).origin;
  const first = await followRedirects(jar, authorizationUrl, origin);
  if ('left' in first) return first.left;

  const html = await first.response.text();
  const signInForm = /<form method="post" action="([^"]+)" novalidate/.exec(html);
  if (first.response.status !== 200 || !signInForm?.[1]) {
    throw new ProviderPageError(
      `Expected the provider's sign-in page at ${first.url.href}`,
      first.response.status,
      html,
    );
  }
  const action = new URL(signInForm[1].replaceAll('&amp;', '&'), first.url);
  const submitted = await followRedirects(jar, action, origin, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ raNumber }).toString(),
  });
  if ('left' in submitted) return submitted.left;
  const page = await submitted.response.text();
  const message = /<p class="field-error"[^>]*>(?:<span[^>]*>[^<]*<\/span>)?([^<]*)<\/p>/.exec(
    page,
  )?.[1];
  throw new ProviderPageError(
    message ?? `The provider did not redirect after signing in as ${raNumber}`,
    submitted.response.status,
    page,
  );
}
