import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignUpBanner } from '@pca/contracts';
import { welcomeApiPaths } from '@pca/contracts/welcome-paths.ts';
import { http } from '#lib/http.ts';

/** Fetches the organisation the sign-up banner is about. */
export function getSignUpBanner(signal?: AbortSignal): Promise<SignUpBanner> {
  return http<SignUpBanner>(welcomeApiPaths.signUpBanner, { signal });
}

/** Query options of the sign-up banner (under ['me'] so user changes refresh it). */
export function getSignUpBannerQueryOptions() {
  return queryOptions({
    queryKey: ['me', 'welcome', 'sign-up-banner'],
    queryFn: ({ signal }) => getSignUpBanner(signal),
  });
}

/** The sign-up banner's organisation. */
export function useSignUpBanner() {
  return useQuery(getSignUpBannerQueryOptions());
}
