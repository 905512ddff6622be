import { redirect, type RouteObject } from 'react-router';
import { requireSession } from '#lib/require-session.ts';
import { paths } from './paths.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteErrorPage } from './layout/route-error-page.tsx';
import { StartupFallback } from './layout/startup-fallback.tsx';

/** Route metadata read by the layout (page title). */
export type RouteHandle = {
  /** Shown as `{title} - {product name}` in the browser tab. */
  title?: string;
};

/** The seeds' route table (spec 1 §2.8), explicit; every section is lazy-loaded. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: StartupFallback,
    children: [
      {
        index: true,
        handle: { title: 'Home' } satisfies RouteHandle,
        lazy: () => import('#features/home/routes/home-page.tsx'),
      },
      { path: 'home', loader: () => redirect(paths.home()) },
      {
        path: 'authorization-code/callback',
        handle: { title: 'Signing in' } satisfies RouteHandle,
        lazy: () => import('#features/auth/routes/callback-page.tsx'),
      },
      {
        path: 'inactive-user',
        handle: { title: 'Account inactive' } satisfies RouteHandle,
        lazy: () => import('#features/inactive-user/routes/inactive-user-page.tsx'),
      },
      {
        path: 'welcome',
        handle: { title: 'Welcome back' } satisfies RouteHandle,
        loader: requireSession,
        lazy: () => import('#features/welcome/routes/welcome-page.tsx'),
      },
      { path: '*', loader: () => redirect(paths.home()) },
    ],
  },
];
