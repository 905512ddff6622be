import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { RuntimeConfig } from '@pca/contracts';
import { runtimeDefaults } from '@pca/contracts/config.ts';
import { renderWithStyles, type PrerenderedPage } from '@pca/ui/prerender/render-with-styles.tsx';
import { setPrerenderedSession } from '#lib/session-token.ts';
import { AppProviders } from '#app/app-providers.tsx';
import { createRoutes } from '#app/routes.tsx';
import { PageFallback } from '#app/layout/page-fallback.tsx';
import { routeTable } from '#app/route-table.ts';
import type { RouteHandle } from '#app/layout/route-handle.ts';

/** The configuration fields the prerendered pages show; the server sends them only when its own match. */
export type PrerenderConfig = Pick<RuntimeConfig, 'productName' | 'version' | 'buildDate'> & {
  identityProvider: RuntimeConfig['identityProvider'];
};

/** The pages the build prerenders (docs/decisions/076-prerendered-shell.md). */
export interface PrerenderedPages {
  /** The configuration fields they show. */
  shown: PrerenderConfig;
  /** `/` signed out: the shell with the home page, complete. */
  home: PrerenderedPage;
  /** Every other address: the signed-in shell's frame (header, navigation's place, footer), the page loading. */
  signedIn: PrerenderedPage;
  /**
   * By address (`/practitioners`): the frame with that page's own skeleton (its route table entry's
   * `skeleton`), for the pages that have one and no parameters in their address
   * (docs/decisions/082-prerendered-page-skeletons.md).
   */
  pages: Record<string, PrerenderedPage>;
}

function render(routes: RouteObject[], path: string, config: RuntimeConfig, signedIn: boolean) {
  setPrerenderedSession(signedIn);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  try {
    return renderWithStyles(
      <StrictMode>
        <AppProviders config={config}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  } finally {
    router.dispose();
  }
}

/**
 * Renders, at build time in Node, what the browser's first render of the app draws: the same providers,
 * layout and routes (so hydration adopts the markup), with the configuration fields that show in it.
 * The signed-in frame is the root layout over a route still loading, whatever the route: its breadcrumbs,
 * navigation and side navigation are lazy and drawn by the browser.
 */
export function prerenderPages(build: { version: string; buildDate: string }): PrerenderedPages {
  const shown: PrerenderConfig = {
    productName: runtimeDefaults.productName,
    identityProvider: { ...runtimeDefaults.identityProvider },
    ...build,
  };
  // Only `shown` appears in these pages; the rest is needed by the type alone.
  const config: RuntimeConfig = {
    ...shown,
    support: { email: '', phone: '' },
    links: { learnMore: 'https://example.invalid/', detailedSteps: 'https://example.invalid/' },
    features: {
      vcfcImportAllowed: false,
      hiServiceCertificate: false,
      healthConnectPublication: false,
    },
    apiBase: { systemOfRecord: '/api', participation: '/api' },
  };
  const { routes } = createRoutes(() => new Promise(() => undefined));
  const { children: _signedOutPages, ...root } = routes[0] as RouteObject & { index?: false };
  const never = () => new Promise<never>(() => undefined);
  const loading = (child: RouteObject): RouteObject[] => [{ ...root, children: [child] }];
  const pages: Record<string, PrerenderedPage> = {};
  for (const entry of routeTable) {
    if (!entry.skeleton || entry.page.pattern.includes(':')) continue;
    // The route as the browser's first render has it: its handle (the breadcrumbs' row is held for it)
    // and its skeleton while its code loads (app/signed-in-routes.ts).
    const handle: RouteHandle = { title: entry.title, parent: entry.parent };
    pages[entry.page.pattern] = render(
      loading({ path: entry.path, handle, HydrateFallback: entry.skeleton, lazy: never }),
      entry.page.pattern,
      config,
      true,
    );
  }
  return {
    shown,
    home: render(routes, '/', config, false),
    signedIn: render(
      loading({ path: '*', HydrateFallback: PageFallback, lazy: never }),
      '/welcome',
      config,
      true,
    ),
    pages,
  };
}
