// Paths, constants and messages of the NHSD import live apart from the schemas so a page can import
// them without loading zod.
import { idPathFiller } from './paths.ts';

/**
 * API paths of the NHSD import: the "NHSD import and publication" calls of
 * docs/product/features.md#feature-calls. Every path under an organisation answers 403 unless the caller
 * is an OrganisationManager of it, directly or through an ancestor (docs/product/features.md#feature-permissions).
 * Suburb/postcode completions are the localities lookup (`localityApiPaths.search`).
 */
export const nhsdImportApiPaths = {
  /** GET: the directory's banner — available, or under maintenance (then show `nhsdMessages.maintenance`). */
  banner: '/api/nhsd-import/banner',
  /** GET ?appliesTo=si|home|virtual&suburb=&postcode=&state=&name=: find directory services by type. */
  find: '/api/nhsd-import/services',
  /** GET: the organisation trees the caller may import into (OrganisationManager, inherited included). */
  organisations: '/api/nhsd-import/organisations',
  /** GET ?page=: active locations of an organisation, 30 a page, with their type codes. */
  locations: '/api/nhsd-import/organisations/:id/locations',
  /**
   * GET ?locationId=: whether the organisation has publication preferences for the national directory and Health
   * Connect, and what services imported there would inherit (from the location, the organisation and above).
   */
  publicationPreferences: '/api/nhsd-import/organisations/:id/publication-preferences',
  /** GET ?role=directory&page=: partner services the organisation may subscribe to, 50 a page. */
  partnerServices: '/api/nhsd-import/organisations/:id/partner-services',
  /** POST the import request: 204 when it could be imported, else a problem (duplicate type, in use, 403). */
  validate: '/api/nhsd-import/validate',
  /** POST the import request with subscriptions: imports atomically; answers what was created. */
  import: '/api/nhsd-import/import',
} as const;

/** An NHSD import path under an organisation, with its :id (the organisation's) filled in. */
export const nhsdOrganisationApiPath = idPathFiller(nhsdImportApiPaths);

/** Business constants of the NHSD import (docs/product/features.md#feature-constants). */
export const nhsdConstants = {
  /** Characters before the suburb/postcode autocomplete searches, and the least a name search takes. */
  minSearchChars: 3,
  /** Characters before the organisation-name autocomplete offers anything. */
  minOrganisationNameChars: 1,
  /** Locations of an organisation a page (the wizard asks for page 1). */
  locationPageSize: 30,
  /** Partner services a page (the wizard asks for page 1). */
  partnerServicePageSize: 50,
  /** The location choice meaning "a new location from the directory service's own address". */
  pseudoLocationId: '0',
  /** Most services one search answers (the directory is searched by place or name, never listed whole). */
  searchLimit: 200,
  /** Most services one import takes. */
  maxImportIds: 200,
  /** Debounce of the suburb/postcode autocomplete, in ms (also `constants.nhsdAutocompleteDebounceMs`). */
  autocompleteDebounceMs: 500,
  /** Subscriber role of the partner services the publication step offers. */
  partnerServiceRole: 'directory',
} as const;

/** A completion the suburb/postcode autocomplete offers must carry a postcode of this pattern. */
export const nhsdPostcodePattern = /^\d{4}$/;

/** Location type codes and which business type each serves: si → physical (no code), home → MOBL, virtual → VI. */
export const nhsdLocationTypeFor = {
  si: null,
  home: 'MOBL',
  virtual: 'VI',
} as const;

/**
 * Partner service codes the publication step knows: the directory for providers and consumers (`nhsd`), the
 * providers-only directory it brings along (`nhsd-providers`), and Health Connect (`health-connect`, offered only
 * when its feature flag is on).
 */
export const nhsdPartnerCodes = {
  directory: 'nhsd',
  directoryProviders: 'nhsd-providers',
  healthConnect: 'health-connect',
} as const;

/** Every message of the NHSD import (docs/product/features.md#nhsd-import, #feature-validation). */
export const nhsdMessages = {
  title: 'Importing services from NHSD',
  nameTooShort: 'You must enter at least 3 characters',
  nameNotFound:
    'Practice name or business name not found. Please check the spelling and try again.',
  addressNotFound:
    'No practice or business was found. Please use a different suburb or postcode and try again.',
  duplicateServiceType:
    'One or more of the selected services are unable to be imported to this location. Services of the same type already exists for this location.',
  /** What a validate problem's detail contains when the location already has a service of that type. */
  duplicateServiceTypeDetail: 'This location already has this healthcare service type with code',
  /** The detail of the 409 when a selected directory service has been imported already (maybe just now). */
  identifierInUse: 'One or more of the selected services have already been imported.',
  searchError: 'There was an error while searching NHSD for services. Try refining your search.',
  locationSearchError: 'There was an error while searching locations.',
  importError: 'There was an error while importing the service.',
  partnerServiceError: 'There was an error while searching partner services.',
  maintenance: 'The system is currently under maintenance. Please try again later.',
  completeStep2: 'Complete step 2 to see results.',
  showingResults: (n: number) => (n === 1 ? 'Showing 1 result' : `Showing ${n} results`),
  importedChip: 'Imported',
  notImportedChip: 'Not yet',
  successTitle: 'Successfully imported',
  successMessage: (n: number, locationName: string) =>
    `${n} service(s) under location '${locationName}'`,
  noOrganisations:
    'You have no approved organisation you manage to import services into. Register your business, or ask an organisation manager for access.',
  leaveDialog: {
    title: 'Cancel importing services',
    message:
      'Leaving this screen before importing will delete all your selections and changes. We recommend importing your services.',
    warning: 'You have services yet to be imported',
    stay: 'Continue importing',
    leave: 'Confirm cancellation',
  },
} as const;

/** Problem types (`/problems/<slug>`) the NHSD import answers besides the house's (decision 008). */
export const nhsdProblemTypes = {
  duplicateServiceType: '/problems/nhsd-duplicate-service-type',
  identifierInUse: '/problems/nhsd-identifier-in-use',
  directoryUnavailable: '/problems/nhsd-directory-unavailable',
} as const;
