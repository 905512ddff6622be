import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { embeddedConfig, loadConfig } from '#lib/config.tsx';
import { silenceConsoleInProduction } from '#lib/console.ts';
import { getSessionToken, setPrerenderedSession } from '#lib/session-token.ts';
import { startEarlyRequests } from '#lib/early-requests.ts';
import { apiPaths, meApiPaths } from '@pca/contracts/paths.ts';
import { shellPages } from '@pca/contracts/shell-pages.ts';
import { welcomeApiPaths } from '@pca/contracts/welcome-paths.ts';
import { matchRoutes, type RouteObject } from 'react-router';
import { App } from '#app/app.tsx';
import { loadQueryClient } from '#app/query-client-loader.ts';
import { appRoutes } from '#app/routes.tsx';

silenceConsoleInProduction();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
// The server sends a page prerendered at build (the shell's frame, and on `/` the home page, with their
// styles): it is painted before any script runs, and hydrated, not drawn again
// (docs/decisions/076-prerendered-shell.md). `data-prerendered` says for whom: `signed-in` or `signed-out`.
const prerendered = container.dataset['prerendered'];
if (prerendered) setPrerenderedSession(prerendered === 'signed-in');

// Configuration is loaded before the app renders (docs/product/rules.md#calls): flags and links are known from the first paint.
// A signed-in start needs the query client too, so it loads beside the configuration rather than after
// it; a signed-out one never loads it (docs/decisions/018-critical-path-javascript.md).
// A failure here shows where the client is needed (the route's error page), which loads it again.
// The first page's code downloads beside the configuration too; the router, created once the
// configuration is known, asks for the same modules and finds them loaded. A signed-in page's route is
// one the router discovers (routes.tsx), so its table is fetched here as well.
const prefetchPageCode = (routes: RouteObject[]) => {
  for (const { route } of matchRoutes(routes, window.location) ?? [])
    if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
};
prefetchPageCode(appRoutes.routes);
const sessionToken = getSessionToken();
// A signed-in start renders the signed-in route's shell at once (the frame a prerendered page holds), so it
// knows the signed-in routes before the router is created.
let routesReady: Promise<unknown> = Promise.resolve();
if (sessionToken) {
  // Every signed-in page starts with the user and their organisations (the guards and the shell's
  // capabilities read them); asked for now, they arrive while the page's code is still downloading.
  // The dashboard, where every sign-in lands, waits for two more answers before it shows its cards.
  const { pathname } = window.location;
  const dashboard =
    pathname === shellPages.welcome.dashboard.pattern ||
    pathname === shellPages.welcome.addBusiness.pattern
      ? [welcomeApiPaths.signUpBanner, welcomeApiPaths.siteOrganisations]
      : [];
  startEarlyRequests([apiPaths.me, meApiPaths.organisations, ...dashboard], sessionToken);
  loadQueryClient().catch(() => undefined);
  // Should their code fail to load, the router discovers them itself (routes.tsx).
  routesReady = appRoutes
    .discoverSignedIn()
    .then(() => prefetchPageCode(appRoutes.routes))
    .catch(() => undefined);
}
// The server writes the configuration into the page it serves, so the first paint needs no round trip;
// the development server does not, and then it is fetched.
const embedded = embeddedConfig();
Promise.all([embedded ?? loadConfig(), routesReady])
  .then(([config]) => {
    const app = (
      <StrictMode>
        <App config={config} />
      </StrictMode>
    );
    // A transition lets React render (or hydrate) the first page in slices, handing the main thread back
    // to the browser between them, instead of one long task a slow phone cannot respond during
    // (docs/decisions/018-critical-path-javascript.md).
    startTransition(() => {
      if (prerendered)
        hydrateRoot(container, app, {
          // The frame's lazy parts (navigation, side navigation, breadcrumbs) were left to the browser by
          // the prerender, which React reports here as recoverable; any other difference is drawn again.
          onRecoverableError: (error) => console.warn('Hydration', error),
        });
      else createRoot(container).render(app);
    });
  })
  .catch(async (error: unknown) => {
    console.error('Could not load the runtime configuration', error);
    // Loaded only on failure, so its alert and icon code stays out of every normal start.
    const { StartupError } = await import('#app/startup-error.tsx');
    createRoot(container).render(<StartupError error={error} />);
  });
