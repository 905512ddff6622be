/**
 * The pages the app's entry script routes to or links to itself — home, the sign-in returns and the
 * dashboard — and the page helper every page is made with. `pages.ts` spreads these into `pages`, so
 * each path is still defined once; they live apart so that signed-out pages, which import this file by
 * path, do not carry every other page of the portal (docs/decisions/018-critical-path-javascript.md).
 * zod-free on purpose, like `pages.ts`.
 */

/** The `:name` parameters of a route pattern. */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A page's href arguments: its path parameters (required) and its query keys (optional). */
type HrefArgs<P extends string, Q extends string> = [PathParams<P>] extends [never]
  ? [Q] extends [never]
    ? []
    : [query?: { [K in Q]?: string | undefined }]
  : [args: { [K in PathParams<P>]: string } & { [K in Q]?: string | undefined }];

/** A page: its route pattern and the builder of its hrefs. */
export interface Page<P extends string = string, Q extends string = never> {
  /** The route pattern, absolute (`/location/:id`). */
  readonly pattern: P;
  /** The pattern as a child route of the root layout (`location/:id`). */
  readonly route: string;
  /** A link to this page; parameters are URL-encoded, empty query values left out. */
  href(...args: HrefArgs<P, Q>): string;
}

export function page<P extends string, Q extends string = never>(
  pattern: P,
  queryKeys: readonly Q[] = [],
): Page<P, Q> {
  return {
    pattern,
    route: pattern.slice(1),
    href: (...args: unknown[]) => {
      const values = (args[0] ?? {}) as Record<string, string | undefined>;
      const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
        const value = values[name];
        if (value === undefined) throw new Error(`${pattern}: missing ${name}`);
        return encodeURIComponent(value);
      });
      const query = new URLSearchParams();
      for (const key of queryKeys) {
        const value = values[key];
        if (value) query.set(key, value);
      }
      const search = query.toString();
      return search ? `${path}?${search}` : path;
    },
  };
}

/** Home, sign-in returns and the dashboard (see above); everything else uses `pages`. */
export const shellPages = {
  home: page('/', ['showDialog']),
  auth: {
    callback: page('/authorization-code/callback'),
    smartCallback: page('/smart-authorization-code/callback'),
    inactiveUser: page('/inactive-user'),
    verifyEmail: page('/verify-email', ['email', 'code']),
    privacy: page('/privacy'),
    practitionerPrivacy: page('/practitioner/privacy'),
  },
  welcome: {
    dashboard: page('/welcome', ['reason', 'delegateInvitationId']),
    addBusiness: page('/welcome/add-business'),
  },
} as const;
