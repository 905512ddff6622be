import { z } from 'zod';
import { capabilitiesOf, liveOrganisations, type CapabilityInput } from './capabilities.ts';
import { ManagedPractitioner } from './user.ts';
import { Uuid } from './ids.ts';

/** The practitioners a delegate may manage (docs/product/rules.md#calls: id, givenName, familyName, userPhotoData). */
export const DelegatePractitioners = z.object({ practitioners: z.array(ManagedPractitioner) });
export type DelegatePractitioners = z.infer<typeof DelegatePractitioners>;

/** Body of PUT /api/managing. */
export const StartManagingRequest = z.object({ practitionerId: Uuid });
export type StartManagingRequest = z.infer<typeof StartManagingRequest>;

/** The bell's badge count. */
export const UnreadNotificationCount = z.object({ count: z.number().int().nonnegative() });
export type UnreadNotificationCount = z.infer<typeof UnreadNotificationCount>;

/** Answer of the "check whether publishing settings can be shown" call. */
export const PublishingSettingsEligibility = z.object({ canShowPublishingSettings: z.boolean() });
export type PublishingSettingsEligibility = z.infer<typeof PublishingSettingsEligibility>;

/**
 * Whether sign-in should open the dashboard on adding a business (docs/decisions/005): the user may
 * manage businesses and access publishing, is not managing a practitioner, and none of their live
 * participating organisations is a publisher yet — so the publishing settings have nothing to show
 * until a business is registered.
 */
export function canShowPublishingSettings(input: CapabilityInput): boolean {
  const caps = capabilitiesOf(input);
  return (
    caps.manageBusinesses &&
    caps.accessPublishing &&
    !liveOrganisations(input.participatingOrganisations).some((o) => o.isPublisher)
  );
}
