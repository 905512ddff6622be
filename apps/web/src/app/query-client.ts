import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@pca/contracts';
import { pages } from '@pca/contracts/pages.ts';
import { leaveTo } from '#lib/browser-navigation.ts';
import { withRedirectReason } from '#lib/errors/redirect-reason.ts';
import { ApiError } from '#lib/http.ts';
import { appNavigate } from './app-navigation.ts';

/** Problem type of a request refused because the practitioner it was made for stopped the delegation. */
export const MANAGING_ENDED_PROBLEM = 'managing-ended';

const switchingBack = new WeakSet<QueryClient>();

/** True for the API's answer that the practitioner being managed stopped the delegation. */
export function isManagingEnded(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    error.hasProblemType(MANAGING_ENDED_PROBLEM)
  );
}

/**
 * The practitioner a delegate was managing stopped the delegation: the API has already switched the session back to
 * the delegate's own account and refused the request (docs/product/features.md#delegation). Whatever page made the
 * call, the app follows at once: everything cached was about that practitioner and is dropped, the user is the
 * delegate again (refetched), and /welcome says why. One place for every query and mutation, not one per page.
 */
export function switchBackAfterManagingEnded(queryClient: QueryClient): void {
  // Requests in flight together may each be refused; the first one switches back.
  if (switchingBack.has(queryClient)) return;
  switchingBack.add(queryClient);
  // Inside the SPA once its router exists (app-navigation.ts); a full document load otherwise.
  const navigate = appNavigate() ?? leaveTo;
  void queryClient.cancelQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
  // The header stops saying 'Managing' at once; the refetch brings the rest of the delegate's own account.
  queryClient.setQueryData<CurrentUser>(['me'], (user) =>
    user ? { ...user, managingPractitioner: null } : user,
  );
  navigate(withRedirectReason(pages.welcome.dashboard.href(), 'managing-ended'));
  void queryClient
    .invalidateQueries({ queryKey: ['me'] })
    .finally(() => switchingBack.delete(queryClient));
}

/** The app's query client: client errors (4xx) are answers, not glitches, so they are not retried. */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isManagingEnded(error)) switchBackAfterManagingEnded(queryClient);
  };
  const queryClient: QueryClient = new QueryClient({
    // One handler for every failed query and mutation.
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A tab coming back into view does not refetch every page's data; invalidations do.
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
      // A mutation changes something: repeating it is the user's decision.
      mutations: { retry: false },
    },
  });
  return queryClient;
}

/** The running app's query client, shared by the router's guard loaders and the React tree. */
export const appQueryClient = createQueryClient();
