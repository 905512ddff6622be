import { queryOptions } from '@tanstack/react-query';
import type { PublishingSettingsEligibility } from '@pca/contracts';
import { shellApiPaths } from '@pca/contracts/paths.ts';
import { http } from '#lib/http.ts';

/** "Check whether publishing settings can be shown" (docs/product/rules.md#calls), asked once after sign-in. */
export function getPublishingSettingsEligibility(
  signal?: AbortSignal,
): Promise<PublishingSettingsEligibility> {
  return http<PublishingSettingsEligibility>(shellApiPaths.publishingSettingsEligibility, {
    signal,
  });
}

/** Query options of the eligibility check. */
export function publishingSettingsEligibilityQueryOptions() {
  return queryOptions({
    queryKey: ['me', 'publishing-settings-eligibility'],
    queryFn: ({ signal }) => getPublishingSettingsEligibility(signal),
  });
}
