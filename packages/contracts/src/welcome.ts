import { z } from 'zod';
import { OrganisationType, PublisherApprovalStatus } from './organisations.ts';
import { Uuid } from './ids.ts';

export * from './welcome-paths.ts';

/** The organisation of the sign-up banner (docs/product/rules.md#states): the most recently created publisher. */
export const SignUpBanner = z.object({
  organisation: z
    .object({
      id: Uuid,
      name: z.string(),
      businessName: z.string().nullable(),
      publisherApprovalStatus: PublisherApprovalStatus.nullable(),
      dateCreated: z.string(),
    })
    .nullable(),
});
export type SignUpBanner = z.infer<typeof SignUpBanner>;

/** An organisation the user may set up a site for (a parent business). */
export const SiteOrganisation = z.object({
  id: Uuid,
  name: z.string(),
  businessName: z.string().nullable(),
  type: OrganisationType,
});
export type SiteOrganisation = z.infer<typeof SiteOrganisation>;

/** Organisations for managing sites. */
export const SiteOrganisations = z.object({ organisations: z.array(SiteOrganisation) });
export type SiteOrganisations = z.infer<typeof SiteOrganisations>;

/** The steps of setting up a site, in order. */
export const SetupStepKey = z.enum([
  'location',
  'healthcareService',
  'practitioners',
  'publishing',
]);
export type SetupStepKey = z.infer<typeof SetupStepKey>;

/** Setup-helper tile state (the design system's tile states). */
export const SetupStepState = z.enum(['default', 'incomplete', 'complete', 'inactive', 'partial']);
export type SetupStepState = z.infer<typeof SetupStepState>;

/** Origin tab names the setup helper may be opened from (docs/product/shell.md#welcome). */
export const setupHelperOrigins = ['Home', 'Tasks', 'Businesses', 'Sites', 'Publishing'] as const;
export type SetupHelperOrigin = (typeof setupHelperOrigins)[number];

/** Setup-helper status of one organisation, computed from its real data. */
export const SetupHelperStatus = z.object({
  organisation: SiteOrganisation,
  steps: z.array(
    z.object({ key: SetupStepKey, state: SetupStepState, count: z.number().int().nonnegative() }),
  ),
});
export type SetupHelperStatus = z.infer<typeof SetupHelperStatus>;
