import { useSyncExternalStore } from 'react';
import { ReactQueryDevtools } from '@tanstack/react-query-devtools';
import { loadedQueryClient, onQueryClientLoaded } from './query-client-loader.ts';

/**
 * TanStack Query's devtools, on the development server only: `app.tsx` imports this module behind
 * `import.meta.env.DEV`, so a production build drops it with the package. They appear once the app's
 * query client has loaded (a signed-out start has none).
 */
export default function QueryDevtools() {
  const client = useSyncExternalStore(onQueryClientLoaded, loadedQueryClient);
  return client ? <ReactQueryDevtools client={client} buttonPosition="bottom-left" /> : null;
}
