import type {
  CurrentUser,
  LocalityCompletion,
  ManagedPractitioner,
  OrganisationDetail,
  OrganisationNode,
  SmartClient,
} from '@pca/contracts';
import { testUser } from './test-config.ts';

/**
 * People and a business of the demo world (data/world.json) as the API describes them, for component tests
 * that check what each person is shown (moved from the browser journeys, issue 31). The ids are made up:
 * the tests compare with them, never with the seed's.
 */

export const harbourId = '5a0b0c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
export const surryHillsGpId = '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** Surry Hills as the suburb search offers it (GET /api/localities?q=…), with its centre. */
export const surryHillsLocality = (over: Partial<LocalityCompletion> = {}): LocalityCompletion => ({
  id: '5a0c0000-0000-4000-8000-000000002010',
  locality: 'Surry Hills',
  postcode: '2010',
  state: 'NSW',
  fullLocation: 'Surry Hills NSW 2010',
  latitude: -33.88447,
  longitude: 151.21001,
  ...over,
});

/** A participating organisation as GET /api/me/organisations lists it: Harbour, managed, unless overridden. */
export const participatingOrganisation = (
  overrides: Partial<OrganisationNode> = {},
): OrganisationNode => ({
  id: harbourId,
  type: 'ParticipatingOrganisation',
  name: 'Harbour Medical Group Pty Ltd',
  alias: null,
  businessName: 'Harbour Medical Group',
  isPublisher: true,
  publisherApprovalStatus: 'Approved',
  status: 'Active',
  isActive: true,
  dateCreated: '2024-03-04T00:00:00.000Z',
  effectiveRoles: ['OrganisationManager'],
  serviceRoles: [],
  children: [],
  ...overrides,
});

/** Harbour as GET /api/organisations/{id} answers it to its manager: nothing below it unless overridden. */
export const organisationDetail = (
  overrides: Partial<OrganisationDetail> = {},
): OrganisationDetail => ({
  id: harbourId,
  type: 'ParticipatingOrganisation',
  parent: null,
  name: 'Harbour Medical Group Pty Ltd',
  alias: null,
  businessName: 'Harbour Medical Group',
  abn: '73947541005',
  hpio: null,
  phone: null,
  email: null,
  fax: null,
  website: null,
  address: null,
  isPublisher: true,
  publisherApprovalStatus: 'Approved',
  status: 'Active',
  dateCreated: '2024-03-04T00:00:00.000Z',
  effectiveRoles: ['OrganisationManager'],
  canEdit: true,
  hiOrganisations: [],
  locations: [],
  healthcareServices: [],
  practitioners: [],
  ...overrides,
});

/**
 * A clinical system connection of `organisationId` to the clinical-system stand-in, as GET /api/smart-clients/{id}
 * answers it: not signed in unless overridden.
 */
export const smartConnection = (
  id: string,
  organisationId: string,
  overrides: Partial<SmartClient> = {},
): SmartClient => ({
  id,
  organisationId,
  organisationName: 'Harbour Medical Group Pty Ltd',
  organisationType: 'ParticipatingOrganisation',
  name: 'Harbour CIS',
  iss: 'http://127.0.0.1:3006/fhir',
  clientId: 'provider-connect',
  authMethod: 'public',
  scopes: ['openid', 'fhirUser', 'user/PractitionerRole.read'],
  configuration: {
    issuer: null,
    authorizationEndpoint: 'http://127.0.0.1:3006/authorize',
    tokenEndpoint: 'http://127.0.0.1:3006/token',
    capabilities: [],
    scopesSupported: [],
    codeChallengeMethods: ['S256'],
    tokenEndpointAuthMethods: ['none'],
    fetchedAt: '2026-11-27T10:00:00.000Z',
  },
  appLaunchUrl: `http://localhost/organisation/participating/${organisationId}/applaunch`,
  redirectUri: 'http://localhost/smart-authorization-code/callback',
  jwksUrl: 'http://localhost/api/smart-clients/jwks.json',
  signIn: null,
  updatedAt: '2026-11-27T10:00:00.000Z',
  ...overrides,
});

/** Alice's practitioner record, as a delegate managing her sees it. */
export const aliceManaged: ManagedPractitioner = {
  id: '3b7f2a90-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
  givenName: 'Alice',
  familyName: 'Nguyen',
  userPhotoData: null,
};

const notPractitioner = { isPractitioner: false, practitionerId: null } as const;

/** The demo world's people as GET /api/me answers them; override fields per test. */
export const demoUsers = {
  /** A practitioner and the manager of Harbour. */
  alice: (overrides: Partial<CurrentUser> = {}) =>
    testUser({
      id: '6f1c1f0e-8a43-4b7e-9d0b-0a4f1c3e2b11',
      givenName: 'Alice',
      familyName: 'Nguyen',
      practitionerId: aliceManaged.id,
      roles: [
        { type: 'OrganisationManager', organisationId: harbourId, healthcareServiceId: null },
      ],
      ...overrides,
    }),
  /** The manager of one Harbour service, and an approved delegate (of Alice and Farah). */
  ben: (overrides: Partial<CurrentUser> = {}) =>
    testUser({
      givenName: 'Ben',
      familyName: 'Okafor',
      ...notPractitioner,
      isApprovedPractitionerDelegate: true,
      roles: [
        {
          type: 'HealthcareServiceManager',
          organisationId: null,
          healthcareServiceId: surryHillsGpId,
        },
      ],
      ...overrides,
    }),
  /** A viewer of Harbour. */
  george: (overrides: Partial<CurrentUser> = {}) =>
    testUser({
      givenName: 'George',
      familyName: 'Papadopoulos',
      ...notPractitioner,
      roles: [{ type: 'Viewer', organisationId: harbourId, healthcareServiceId: null }],
      ...overrides,
    }),
  /** The agency's operator. */
  priya: (overrides: Partial<CurrentUser> = {}) =>
    testUser({
      givenName: 'Priya',
      familyName: 'Raman',
      ...notPractitioner,
      roles: [{ type: 'PcaOperator', organisationId: null, healthcareServiceId: null }],
      ...overrides,
    }),
};

/** Harbour as Ben sees it: no role of his own on it, one on its service. */
export const harbourOfBen = () =>
  participatingOrganisation({
    effectiveRoles: [],
    serviceRoles: [{ healthcareServiceId: surryHillsGpId, roles: ['HealthcareServiceManager'] }],
  });
