/**
 * The bare page `npm run lighthouse` compares the portal with (docs/benchmarks/lighthouse.md): the
 * portal's framework — React 19 and React Router's data router — and one heading, nothing else.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router';

function Layout() {
  return (
    <>
      <header>
        <Link to="/">Bare page</Link>
      </header>
      <main>
        <Outlet />
      </main>
    </>
  );
}

const router = createBrowserRouter([
  {
    path: '/',
    Component: Layout,
    children: [
      {
        index: true,
        Component: () => (
          <>
            <h1>Bare page</h1>
            <p>React, React DOM and React Router, built by Vite.</p>
          </>
        ),
      },
    ],
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
