// Paths, constants and messages of partner services live apart from the schemas so a page can import them without
// loading zod (docs/decisions/064-partner-services.md).
import { idPathFiller } from './paths.ts';

/** API paths of the operators' partner services: every one answers 403 to anyone but a PcaOperator. */
export const partnerServicesApiPaths = {
  /** GET: every partner service with its latest information use statement. */
  list: '/api/partner-services',
  /** POST: registers a partner service. */
  create: '/api/partner-services',
  /** GET: one partner service with every version of its statement and its identifier systems. */
  one: '/api/partner-services/:id',
  /** PUT: changes a partner service's details. */
  update: '/api/partner-services/:id',
  /** PUT { data (base64 PNG or JPEG), description }: the logo, through the profile photo's checks. */
  logo: '/api/partner-services/:id/logo',
  /** POST { title, content }: publishes a new version of the information use statement. */
  statements: '/api/partner-services/:id/statements',
  /** GET: every identifier system of every partner. */
  identifierSystems: '/api/partner-identifier-systems',
  /** POST: adds an identifier system. */
  createIdentifierSystem: '/api/partner-identifier-systems',
  /** PUT: changes an identifier system. */
  identifierSystem: '/api/partner-identifier-systems/:id',
  /** DELETE: removes an identifier system. */
  deleteIdentifierSystem: '/api/partner-identifier-systems/:id',
} as const;

/** A partner services path with its :id filled in. */
export const partnerServicesApiPath = idPathFiller(partnerServicesApiPaths);

/** Business constants of partner services. */
export const partnerServiceConstants = {
  nameMaxLength: 200,
  codeMaxLength: 40,
  contactNameMaxLength: 200,
  statementTitleMaxLength: 200,
  /** Visible characters of a statement (its HTML may be longer). */
  statementMaxLength: 20_000,
  statementHtmlMaxLength: 100_000,
  systemMaxLength: 500,
  logoDescriptionMaxLength: 200,
} as const;

/** Problem types (`/problems/<slug>`) of partner services besides the house's (decision 008). */
export const partnerServiceProblemTypes = {
  codeExists: '/problems/partner-service-code-exists',
  systemExists: '/problems/partner-identifier-system-exists',
} as const;

/** Every message of the partner services and identifier systems pages. */
export const partnerServiceMessages = {
  title: 'Partner services',
  intro:
    'Partner services receive what providers publish: directories, payers and referral networks. Each has an information use statement that providers accept before publishing to it.',
  empty: 'There are no partner services yet.',
  add: 'Register a partner service',
  edit: 'Edit partner service',
  registered: (name: string) => `${name} is registered.`,
  saved: (name: string) => `${name} is saved.`,
  codeExists: 'Another partner service has this code.',
  publishTitle: 'Publish a new information use statement',
  publishIntro:
    'Organisations that accepted an earlier version must accept the new one. Until they do, nothing of theirs is published to this partner, and their managers are told by email and notification.',
  published: (version: number, count: number) =>
    `Version ${version} is published. ${count === 1 ? '1 organisation needs' : `${count} organisations need`} to accept it.`,
  statementRequired: 'Enter the statement',
  shownToProviders: 'Shown to providers',
  hiddenFromProviders: 'Hidden from providers',
  logoSaved: 'The logo is saved.',
  identifierSystemsTitle: 'Partner identifier systems',
  identifierSystemsIntro:
    'The identifier systems partners use. The partner API gives each organisation, location, service and practitioner published to a partner an identifier in each of its systems.',
  identifierSystemsEmpty: 'There are no identifier systems yet.',
  systemInvalid: 'Enter an absolute URI, like https://example.org/identifiers/provider',
  systemExists: 'This partner already has this identifier system.',
  addSystem: 'Add an identifier system',
  systemSaved: (name: string) => `${name} is saved.`,
  systemRemoved: (name: string) => `${name} is removed.`,
  removeSystemTitle: (name: string) => `Remove ${name}?`,
  removeSystemWarning: (partner: string, system: string) =>
    `${partner} will no longer receive identifiers in ${system} through the partner API. This cannot be undone.`,
} as const;

/** Who must accept a new statement, as the managers are told (mail and notification). */
export const reacceptanceNotice = {
  subject: (partner: string) => `${partner} has a new information use statement`,
  text: (partner: string, organisation: string, version: number, href: string) =>
    `${partner} has published version ${version} of its information use statement.\n\nPublication of ${organisation} to ${partner} is paused until a manager accepts it on the Partner services tab: ${href}\n`,
} as const;
