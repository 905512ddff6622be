/**
 * Test helper: plays the browser's part of an authorisation at the clinical system with fetch (cookies carried
 * by the identity provider's CookieJar, redirects followed one hop at a time): opens the authorisation URL,
 * signs in as a member of staff when asked, answers the consent page, and returns the URL the clinical system
 * finally sends the browser to (the client's redirect_uri with `code` and `state`, or with `error`).
 */
import { CookieJar, followRedirects } from '@pca/identity-provider/testing';

export { CookieJar } from '@pca/identity-provider/testing';

/** The clinical system answered with a page where a redirect back to the application was expected. */
export class ClinicalSystemPageError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly html: string,
  ) {
    super(message);
  }
}

const formAction = (html: string) =>
  /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');

/**
 * Authorises like a browser. `username` is the member of staff to sign in as (default the demo practice's
 * `alice.nguyen`), `decision` the consent answer (default allow). Pass a jar to keep the session between calls.
 */
export async function authoriseThroughClinicalSystem(
  authorizationUrl: string,
  options: { username?: string; decision?: 'allow' | 'deny'; jar?: CookieJar } = {},
): Promise<URL> {
  const { username = 'alice.nguyen', decision = 'allow', jar = new CookieJar() } = options;
  const origin = new URL(authorizationUrl).origin;
  let step = await followRedirects(jar, authorizationUrl, origin);
  for (let pages = 0; pages < 4; pages += 1) {
    if ('left' in step) return step.left;
    const html = await step.response.text();
    const action = formAction(html);
    if (step.response.status !== 200 || !action)
      throw new ClinicalSystemPageError(
        `Expected a sign-in or consent page at ${step.url.href}`,
        step.response.status,
        html,
      );
    const body = action.endsWith('/login')
      ? new URLSearchParams({ username })
      : new URLSearchParams({ decision });
    step = await followRedirects(jar, new URL(action, step.url), origin, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
  }
  throw new Error('The clinical system kept showing pages');
}
