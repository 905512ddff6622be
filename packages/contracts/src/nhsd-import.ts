// The NHSD import (docs/product/features.md#nhsd-import): the directory banner, finding directory services by
// business type, the organisations and locations a manager may import into, validation, the import itself with
// its directory subscriptions, and the publication step's preferences and partner services.
import { z } from 'zod';
import { AustralianState } from './entities.ts';
import type { LocalityCompletion } from './localities.ts';
import { nhsdConstants, nhsdMessages } from './nhsd-import-paths.ts';
import { RoleType } from './roles.ts';
import { optionalSingleLineText, singleLineText } from './text.ts';
import { locationTypeCodes, nhsdAppliesTo, organisationTypes } from './value-lists.ts';
import { Uuid } from './ids.ts';

export * from './nhsd-import-paths.ts';

/** Business type: where the service operates from — si (a site), home (mobile), virtual. */
export const NhsdAppliesTo = z.enum(nhsdAppliesTo);
export type NhsdAppliesTo = z.infer<typeof NhsdAppliesTo>;

export const LocationTypeCode = z.enum(locationTypeCodes);
export type LocationTypeCode = z.infer<typeof LocationTypeCode>;

// ── Banner ──

/**
 * The directory's banner. `maintenance` true: show the Outage warning `nhsdMessages.maintenance` (a failed call
 * means the same). `message` is the warning's text when under maintenance, else null.
 */
export const NhsdBanner = z.object({
  maintenance: z.boolean(),
  message: z.string().nullable(),
});
export type NhsdBanner = z.infer<typeof NhsdBanner>;

// ── Step 2: coverage area, completions, metadata ──

/** The coverage area chosen in step 2 (one at a time): a locality from the localities lookup. */
export const NhsdCoverageArea = z.object({
  id: Uuid,
  suburb: z.string(),
  isStateWide: z.boolean(),
  postcode: z.string(),
  state: z.string(),
});
export type NhsdCoverageArea = z.infer<typeof NhsdCoverageArea>;

/** A location autocomplete completion: what the localities lookup answers, narrowed. */
export const NhsdLocationCompletion = z.object({ id: Uuid, fullLocation: z.string() });
export type NhsdLocationCompletion = z.infer<typeof NhsdLocationCompletion>;

/** Location metadata of a completion. */
export const NhsdLocationMetadata = z.object({
  localityName: z.string(),
  postcode: z.string(),
  stateTerritory: z.string(),
  fullLocation: z.string(),
});
export type NhsdLocationMetadata = z.infer<typeof NhsdLocationMetadata>;

/** A locality completion as the coverage area step 2 keeps. */
export const coverageAreaOf = (l: LocalityCompletion): NhsdCoverageArea => ({
  id: l.id,
  suburb: l.locality,
  isStateWide: false,
  postcode: l.postcode,
  state: l.state,
});

/** A locality completion's metadata. */
export const locationMetadataOf = (l: LocalityCompletion): NhsdLocationMetadata => ({
  localityName: l.locality,
  postcode: l.postcode,
  stateTerritory: l.state,
  fullLocation: l.fullLocation,
});

// ── Find by type ──

/**
 * Find directory services. si: a coverage area (suburb and/or postcode, state optional), name optional.
 * home / virtual: a practice or business name of at least 3 characters.
 */
export const NhsdFindRequest = z
  .object({
    appliesTo: NhsdAppliesTo.default('si'),
    name: optionalSingleLineText(200).default(''),
    suburb: optionalSingleLineText(100).default(''),
    postcode: z
      .union([z.string().regex(/^\d{4}$/, 'Enter a 4-digit postcode'), z.literal('')])
      .default(''),
    state: z.union([AustralianState, z.literal('')]).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.appliesTo === 'si') {
      if (!v.suburb && !v.postcode)
        ctx.addIssue({ code: 'custom', path: ['suburb'], message: 'Select a suburb or postcode' });
      if (v.name && v.name.length < nhsdConstants.minSearchChars)
        ctx.addIssue({ code: 'custom', path: ['name'], message: nhsdMessages.nameTooShort });
    } else if (v.name.length < nhsdConstants.minSearchChars)
      ctx.addIssue({ code: 'custom', path: ['name'], message: nhsdMessages.nameTooShort });
  });
export type NhsdFindRequest = z.input<typeof NhsdFindRequest>;

/** One directory service found. */
export const NhsdService = z.object({
  nhsdResourceIdentifier: z.string(),
  /** The service's own name in the directory. */
  name: z.string(),
  /** The service's types; the table shows the first. */
  serviceTypes: z.array(z.string()),
  organisationName: z.string(),
  addressLines: z.array(z.string()),
  city: z.string(),
  postcode: z.string(),
  state: z.string(),
  appliesTo: NhsdAppliesTo,
  /** "120 Crown Street, Surry Hills NSW 2010": matches `organisationNames[].addressText`. */
  addressText: z.string(),
  /** Already imported (into any organisation): shown 'Imported', without a checkbox. */
  identifierAlreadyInUse: z.boolean(),
});
export type NhsdService = z.infer<typeof NhsdService>;

/** The practice-or-business autocomplete's options (si): each organisation at each address found. */
export const NhsdOrganisationName = z.object({
  organisationName: z.string(),
  addressText: z.string(),
});
export type NhsdOrganisationName = z.infer<typeof NhsdOrganisationName>;

export const NhsdSearchResult = z.object({
  services: z.array(NhsdService),
  organisationNames: z.array(NhsdOrganisationName),
});
export type NhsdSearchResult = z.infer<typeof NhsdSearchResult>;

/** The one-line address of a directory service (or of a location), as both sides print it. */
export const nhsdAddressText = (a: {
  addressLines: readonly string[];
  city: string;
  state: string;
  postcode: string;
}) =>
  [...a.addressLines.filter(Boolean), [a.city, a.state, a.postcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

// ── Step 4: organisations and locations ──

/** A node of an organisation tree the caller may import into (docs/product/features.md#feature-entities). */
export interface NhsdImportOrganisationNode {
  id: string;
  type: (typeof organisationTypes)[number];
  name: string;
  isActive: boolean;
  /** The caller's roles here, directly or inherited; OrganisationManager on every node offered. */
  effectiveRoles: RoleType[];
  children: NhsdImportOrganisationNode[];
}
export const NhsdImportOrganisationNode: z.ZodType<NhsdImportOrganisationNode> = z.lazy(() =>
  z.object({
    id: Uuid,
    type: z.enum(organisationTypes),
    name: z.string(),
    isActive: z.boolean(),
    effectiveRoles: z.array(RoleType),
    children: z.array(NhsdImportOrganisationNode),
  }),
);

/**
 * The organisation trees the caller may import into: active, approved participating organisations (and their
 * active children) where the caller is OrganisationManager. Empty: say `nhsdMessages.noOrganisations`.
 */
export const NhsdImportOrganisations = z.object({
  organisations: z.array(NhsdImportOrganisationNode),
});
export type NhsdImportOrganisations = z.infer<typeof NhsdImportOrganisations>;

export const NhsdLocationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** A location search item: type [] is physical, ['MOBL'] mobile, ['VI'] virtual. */
export const NhsdLocationSearchItem = z.object({
  locationId: Uuid,
  name: z.string(),
  addressText: z.string(),
  type: z.array(LocationTypeCode),
});
export type NhsdLocationSearchItem = z.infer<typeof NhsdLocationSearchItem>;

export const NhsdLocationSearchResult = z.object({
  items: z.array(NhsdLocationSearchItem),
  page: z.number().int(),
  total: z.number().int().nonnegative(),
});
export type NhsdLocationSearchResult = z.infer<typeof NhsdLocationSearchResult>;

// ── Validate and import ──

export const NhsdSubscription = z.object({
  partnerServiceId: Uuid,
  informationUseStatementId: Uuid,
  subscribeFuturePractitioners: z.boolean(),
});
export type NhsdSubscription = z.infer<typeof NhsdSubscription>;

/**
 * The import request (validate and import). `locationId` omitted: the pseudo-location '0' — a new location from
 * the first selected directory service's own address (physical for si, MOBL for home, VI for virtual).
 */
export const NhsdImportRequest = z.object({
  importIds: z
    .array(singleLineText({ min: 1, max: 100 }))
    .min(1, 'Select at least one service')
    .max(nhsdConstants.maxImportIds),
  organisationId: Uuid,
  locationId: Uuid.optional(),
  nhsdSubscriptions: z.array(NhsdSubscription).max(20).default([]),
});
export type NhsdImportRequest = z.input<typeof NhsdImportRequest>;

/** What an import created: the location (new or chosen) and the services, for the success alert. */
export const NhsdImportResult = z.object({
  locationId: Uuid,
  locationName: z.string(),
  locationCreated: z.boolean(),
  healthcareServiceIds: z.array(Uuid),
});
export type NhsdImportResult = z.infer<typeof NhsdImportResult>;

// ── Step 5: publication preferences and partner services ──

export const OrganisationPublicationPreference = z.object({
  partnerServiceId: Uuid,
  partnerServiceCode: z.string(),
  hasAcceptedAutoPublishPartnerService: z.boolean(),
  informationUseStatementId: Uuid,
  hasAcceptedAutoPublishNewPractitioners: z.boolean(),
});
export type OrganisationPublicationPreference = z.infer<typeof OrganisationPublicationPreference>;

/** `?locationId=`: the existing location the services would import into (omitted: a new location). */
export const NhsdPublicationPreferencesQuery = z.object({
  locationId: Uuid.optional(),
});

/**
 * A partner the imported services would reach without any choice in the step: the nearest publication of the
 * location or the organisation (or an organisation above it) publishes to it
 * (docs/decisions/056-publications-need-current-acceptance.md). `current`: that publication names the partner's
 * latest statement and the person who accepted it; when it does not, the step asks again (accepted: the
 * services publish on the latest statement; declined: they are not published to that partner).
 */
export const InheritedNhsdPublication = z.object({
  partner: z.object({
    id: Uuid,
    code: z.string(),
    name: z.string(),
    role: z.string(),
  }),
  from: z.object({
    level: z.enum(['organisation', 'location']),
    id: Uuid,
    name: z.string(),
  }),
  publishFuturePractitioners: z.boolean(),
  acceptedVersion: z.number().int().nullable(),
  acceptedBy: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  latestStatement: z.object({
    id: Uuid,
    version: z.number().int(),
    title: z.string(),
    content: z.string(),
  }),
  current: z.boolean(),
});
export type InheritedNhsdPublication = z.infer<typeof InheritedNhsdPublication>;

/**
 * Whether the organisation has publication preferences for Health Connect (hca) and the national directory
 * (nhsd) — a preference counts only on the partner's latest statement, accepted by a person — and every
 * partner the imported services would inherit a publication to (`inherited`). The publication step asks about
 * a missing directory (Health Connect only while its flag is on) and shows what is inherited.
 */
export const PublicationPreferenceStatus = z.object({
  hasHcaPublicationPreferences: z.boolean(),
  hasNhsdPublicationPreferences: z.boolean(),
  organisationPublicationPreferences: z.array(OrganisationPublicationPreference),
  inherited: z.array(InheritedNhsdPublication),
});
export type PublicationPreferenceStatus = z.infer<typeof PublicationPreferenceStatus>;

export const PartnerServicesQuery = z.object({
  role: z.enum(['directory', 'payer', 'referral']).default('directory'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** A partner service the organisation may subscribe to, with the latest information use statement. */
export const PartnerServiceItem = z.object({
  id: Uuid,
  /** Stable code: `nhsdPartnerCodes`. */
  code: z.string(),
  name: z.string(),
  informationUseStatement: z.object({
    id: Uuid,
    version: z.number().int(),
    title: z.string(),
    content: z.string(),
  }),
  /** The organisation's preference for this partner names the latest statement. */
  hasAcceptedLatestVersionIus: z.boolean(),
  /**
   * The code of the partner whose subscription brings this one along (nhsd-providers: 'nhsd'); the wizard does
   * not offer it on its own. Null for the others.
   */
  subscribedWith: z.string().nullable(),
});
export type PartnerServiceItem = z.infer<typeof PartnerServiceItem>;

export const PartnerServiceSearchResult = z.object({
  items: z.array(PartnerServiceItem),
  page: z.number().int(),
  total: z.number().int().nonnegative(),
});
export type PartnerServiceSearchResult = z.infer<typeof PartnerServiceSearchResult>;

/**
 * One partner's entry of the publication form: publish the service, accept the statement, publish future
 * practitioners. Defaults on for the national directory and Health Connect (docs/product/features.md#nhsd-import).
 */
export const SubscriptionFormEntry = z.object({
  publishService: z.boolean(),
  acceptIus: z.boolean(),
  publishFuturePractitioners: z.boolean(),
});
export type SubscriptionFormEntry = z.infer<typeof SubscriptionFormEntry>;

/** The defaults of a partner's entry in the publication form. */
export const subscriptionDefaults = (): SubscriptionFormEntry => ({
  publishService: true,
  acceptIus: false,
  publishFuturePractitioners: true,
});
