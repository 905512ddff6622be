import { z } from 'zod';
import { RoleType } from './roles.ts';
import {
  organisationStatuses,
  organisationTypes,
  publisherApprovalStatuses,
} from './value-lists.ts';
import {
  addressPartIssues,
  AustralianState,
  HealthcareServiceSummary,
  LocationSummary,
  OptionalFax,
  optionalText,
  OptionalWebsite,
  PractitionerRoleSummary,
  requiredText,
  streetAddressFields,
} from './entities.ts';
import { Uuid } from './ids.ts';
import { optionalSingleLineText } from './text.ts';
import { validationMessages as m } from './validation.ts';

export const OrganisationType = z.enum(organisationTypes);
export type OrganisationType = z.infer<typeof OrganisationType>;
export const OrganisationStatus = z.enum(organisationStatuses);
export const PublisherApprovalStatus = z.enum(publisherApprovalStatuses);
export type PublisherApprovalStatus = z.infer<typeof PublisherApprovalStatus>;

/** One node of a user's organisation tree (docs/product/rules.md#entities Organisation, docs/product/features.md#feature-entities Organisation tree node). */
export interface OrganisationNode {
  id: string;
  type: OrganisationType;
  name: string;
  alias: string | null;
  businessName: string | null;
  isPublisher: boolean;
  publisherApprovalStatus: PublisherApprovalStatus | null;
  status: z.infer<typeof OrganisationStatus>;
  isActive: boolean;
  dateCreated: string;
  /** Roles the user holds here, directly or inherited from an ancestor (empty: shown for context only). */
  effectiveRoles: RoleType[];
  /** Healthcare services of this organisation on which the user holds a service-level role. */
  serviceRoles: Array<{ healthcareServiceId: string; roles: RoleType[] }>;
  children: OrganisationNode[];
}

export const OrganisationNode: z.ZodType<OrganisationNode> = z.lazy(() =>
  z.object({
    id: Uuid,
    type: OrganisationType,
    name: z.string(),
    alias: z.string().nullable(),
    businessName: z.string().nullable(),
    isPublisher: z.boolean(),
    publisherApprovalStatus: PublisherApprovalStatus.nullable(),
    status: OrganisationStatus,
    isActive: z.boolean(),
    dateCreated: z.string(),
    effectiveRoles: z.array(RoleType),
    serviceRoles: z.array(z.object({ healthcareServiceId: Uuid, roles: z.array(RoleType) })),
    children: z.array(OrganisationNode),
  }),
);

/** The user's organisation trees: participating organisations at the roots. */
export const MyOrganisations = z.object({ organisations: z.array(OrganisationNode) });
export type MyOrganisations = z.infer<typeof MyOrganisations>;

/** API paths of an organisation. */
export const organisationApiPaths = {
  /** GET: an organisation with its tabs' data; PATCH: edit its details. */
  organisation: '/api/organisations/:id',
} as const;

export const OrganisationSummary = z.object({
  id: Uuid,
  name: z.string(),
  hpio: z.string().nullable(),
  status: OrganisationStatus,
});
export type OrganisationSummary = z.infer<typeof OrganisationSummary>;

/**
 * A location on an organisation's page, with the organisation it belongs to: the organisation itself or, on a
 * participating organisation, one of its HI organisations. A service added here is at one of its own
 * (docs/decisions/098-service-locations-of-the-organisation.md).
 */
export const OrganisationLocation = LocationSummary.extend({ organisationId: Uuid });
export type OrganisationLocation = z.infer<typeof OrganisationLocation>;

/** An organisation with everything its tabs show. */
export const OrganisationDetail = z.object({
  id: Uuid,
  type: OrganisationType,
  parent: z.object({ id: Uuid, name: z.string() }).nullable(),
  name: z.string(),
  alias: z.string().nullable(),
  businessName: z.string().nullable(),
  abn: z.string().nullable(),
  hpio: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  fax: z.string().nullable(),
  website: z.string().nullable(),
  /** The business address (docs/decisions/084-organisation-address.md), or null when none is kept. */
  address: z
    .object({
      addressLine: z.string(),
      locality: z.string(),
      postcode: z.string(),
      state: z.string(),
    })
    .nullable(),
  isPublisher: z.boolean(),
  publisherApprovalStatus: PublisherApprovalStatus.nullable(),
  status: OrganisationStatus,
  dateCreated: z.string(),
  effectiveRoles: z.array(RoleType),
  /** OrganisationManager here or on an ancestor. */
  canEdit: z.boolean(),
  hiOrganisations: z.array(OrganisationSummary),
  locations: z.array(OrganisationLocation),
  healthcareServices: z.array(HealthcareServiceSummary),
  practitioners: z.array(PractitionerRoleSummary),
});
export type OrganisationDetail = z.infer<typeof OrganisationDetail>;

/**
 * Editable organisation details. The business address is optional, entered like a location's, all '' for none;
 * a client that does not send it leaves it as it was (docs/decisions/084-organisation-address.md).
 */
export const OrganisationUpdate = z
  .object({
    name: requiredText('Enter the organisation name'),
    alias: optionalText(),
    businessName: optionalText(),
    fax: OptionalFax,
    website: OptionalWebsite,
    addressLine: optionalText().optional(),
    locality: optionalText().optional(),
    postcode: optionalSingleLineText(4, m.postcodeInvalid).optional(),
    state: z.union([AustralianState, z.literal('')]).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.addressLine && !v.locality && !v.postcode && !v.state) return;
    addressPartIssues(ctx, { line: v.addressLine, ...v }, streetAddressFields);
  });
export type OrganisationUpdate = z.infer<typeof OrganisationUpdate>;
