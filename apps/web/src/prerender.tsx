import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { RuntimeConfig } from '@pca/contracts';
import { runtimeDefaults } from '@pca/contracts/config.ts';
import { renderWithStyles, type PrerenderedPage } from '@pca/ui/prerender/render-with-styles.tsx';
import { setPrerenderedSession } from '#lib/session-token.ts';
import { AppProviders } from '#app/app-providers.tsx';
import { createRoutes } from '#app/routes.tsx';
import { PageFallback } from '#app/layout/page-fallback.tsx';

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
  const loading: RouteObject[] = [
    {
      ...root,
      children: [
        { path: '*', HydrateFallback: PageFallback, lazy: () => new Promise(() => undefined) },
      ],
    },
  ];
  return {
    shown,
    home: render(routes, '/', config, false),
    signedIn: render(loading, '/welcome', config, true),
  };
}
