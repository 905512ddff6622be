import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '#lib/http.ts';

/** The app's query client: client errors (4xx) are answers, not glitches, so they are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

/** The running app's query client, shared by the router's guard loaders and the React tree. */
export const appQueryClient = createQueryClient();
