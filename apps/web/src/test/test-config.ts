import type { CurrentUser, RuntimeConfig } from '@pca/contracts';

/** Runtime configuration used by component tests. */
export const testConfig: RuntimeConfig = {
  productName: 'Provider Connect Australia',
  version: '1.2.3',
  buildDate: '2026-11-20T03:00:00.000Z',
  support: { email: 'support@pca.example.gov.au', phone: '1800 123 456' },
  links: {
    learnMore: 'https://example.gov.au/learn',
    detailedSteps: 'https://example.gov.au/steps',
  },
  features: {
    vcfcImportAllowed: true,
    hiServiceCertificate: false,
    healthConnectPublication: false,
  },
  apiBase: { systemOfRecord: '/api', participation: '/api' },
  identityProvider: { name: 'Provider Digital Access (PRODA)' },
};

/** A signed-in user as GET /api/me returns it; override fields per test. */
export function testUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '6f1c1f0e-8a43-4b7e-9d0b-0a4f1c3e2b11',
    authIdentifier: '1234567890',
    givenName: 'Jane',
    familyName: 'Citizen',
    initials: 'JC',
    email: 'jane@example.com',
    emailConfirmed: true,
    phone: null,
    hpii: null,
    photoData: null,
    showHelper: false,
    isActive: true,
    isProfileComplete: true,
    isPractitioner: true,
    isApprovedPractitionerDelegate: false,
    delegateInvitationId: null,
    prodaDetailsMatchedPca: true,
    participationApprovalStatus: 'Accepted',
    practitionerId: '0d6a2c55-51a6-4a0e-9f61-7a2d4b8c9e01',
    practitionerPreferredName: null,
    ahpraPractitionerDetails: [],
    roles: [],
    managingPractitioner: null,
    ...overrides,
  };
}
