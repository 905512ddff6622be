import { isValidAbn } from '@pca/contracts';
import { demoId, demoIds } from '#db/seed/index.ts';
import { craftPng } from '../test/png.ts';
import { plantedDocuments } from '../test/credential-documents.ts';
import { plantedImportRuns } from '../test/practitioner-role-import.ts';
import { craftPdf, documentDetails, multipartBody, uploadBody } from '../test/multipart.ts';

/**
 * THE authorisation table (docs/decisions/012-reliability-suite.md): for every operation of the OpenAPI
 * document, who may call it, per target entity of the seeded demo world. `authorisation.test.ts` calls
 * every operation as every identity below and as nobody, and fails on a leak (an answer other than a
 * denial where one is declared), a wrongful denial (401/403/404 where access is declared), or an
 * operation of the document that is missing here.
 *
 * Requests run in table order: reads first, then writes, each as every identity in turn; writes that
 * move an entity on (submit, approve, accept) therefore declare the conflict later callers get as an
 * allowed outcome too — it is still past the authorisation check.
 *
 * Two callers are sessions managing a practitioner: Ben acting for Alice and for Farah. The
 * capability table (docs/product/rules.md#permissions) switches manage businesses, view businesses, delegates, import and system admin off
 * while managing, and such a session acts only with what the delegation grants over that practitioner
 * (docs/decisions/055-hpii-lookup-and-managing-powers.md): the practitioner's profile, publishing
 * settings, tasks of their roles and notifications, besides the caller's own session and sign-in steps.
 * So they appear only where listed, and 'signed-in' includes them.
 */

/** The demo identities (data/world.json) by key, with their RA numbers. */
export const identities = {
  alice: '2000000011', // practitioner; OrganisationManager of harbour-group
  ben: '2000000022', // HealthcareServiceManager of surry-hills-gp; accepted delegate of Alice and Farah
  chloe: '2000000033', // first sign-in, profile incomplete
  dana: '2000000044', // first sign-in, invited by Alice as a delegate
  farah: '2000000055', // practitioner, no roles, participation not answered
  george: '2000000066', // Viewer of harbour-group; his delegation for Alice was stopped
  priya: '2000000077', // PcaOperator
  henry: '2000000088', // inactive: a session of his must be refused everywhere
  isla: '2000000099', // OrganisationManager of coastal-physio (PendingSubmission)
  jack: '2000000101', // OrganisationManager of riverbend (PendingApproval)
} as const;

/** A person of the demo world, in their own account. */
export type Person = keyof typeof identities;

/** Sessions managing a practitioner: who signs in, and whom they manage (an Accepted delegation). */
export const managingSessions = {
  benForAlice: { as: 'ben', manages: 'alice' },
  benForFarah: { as: 'ben', manages: 'farah' },
} as const satisfies Record<string, { as: Person; manages: Person }>;

export type Identity = Person | keyof typeof managingSessions;
export type Caller = Identity | 'anonymous';

/** Everyone in their own account with a live session (Henry's account is inactive, so his is refused). */
const ownAccounts: Identity[] = [
  'alice',
  'ben',
  'chloe',
  'dana',
  'farah',
  'george',
  'priya',
  'isla',
  'jack',
];

/** Every live session: the own accounts and the sessions managing a practitioner. */
const signedIn: Identity[] = [...ownAccounts, 'benForAlice', 'benForFarah'];

/** Who may call: everyone (no session needed), any live session, or the listed identities only. */
export type Who = 'public' | 'signed-in' | Identity[];

export interface MatrixCase {
  /** What the target is, for the report (e.g. 'harbour-group'). */
  target: string;
  /** Path parameters by name. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A valid body, so that the answer is about who calls, not about what they send. */
  body?: unknown | ((caller: Caller) => unknown);
  allow: Who;
  /** Statuses that count as allowed (default: any 2xx or 3xx). Conflicts are past the authorisation check. */
  allowed?: number[];
  /** Statuses that count as denied (default 401, 403, 404). */
  denied?: number[];
  /** Each call gets a new session (for operations that change or end the session). */
  freshSession?: boolean;
  /** Request headers beyond the session, e.g. the Content-Type of a body that is not JSON. */
  headers?: Record<string, string>;
}

/** Operations keyed 'METHOD /openapi/path/{param}'. */
export type Matrix = Record<string, MatrixCase[]>;

const nobody: Identity[] = [];
const missing = '00000000-0000-4000-8000-000000000000';
const org = demoIds.organisation;
const alicePractitioner = demoIds.practitioner('alice');
const farahPractitioner = demoIds.practitioner('farah');
const aliceAtGp = demoIds.practitionerRole('alice', 'surry-hills-gp');
const gp = demoIds.healthcareService('surry-hills-gp');
const skin = demoIds.healthcareService('surry-hills-skin');
const clinic = demoIds.location('surry-hills-clinic');
const virtualLocation = demoIds.location('harbour-virtual');
const mobileLocation = demoIds.location('harbour-mobile');
/** Who holds the NHSD import capability: the OrganisationManagers (docs/product/rules.md#permissions). */
const importers: Identity[] = ['alice', 'isla', 'jack'];
/** The demo identities with a practitioner record and an HPI-I (until Isla registers, last of all). */
const practitionersOnly: Identity[] = ['alice', 'farah'];
/** A practitioner's own settings: the practitioners, and Ben while he manages either of them. */
const practitionersAndManaging: Identity[] = [...practitionersOnly, 'benForAlice', 'benForFarah'];
const danaInvitation = demoIds.delegation('alice', 'dana');
const endpointBody = {
  name: 'Matrix endpoint',
  connectionType: 'hl7-fhir-rest',
  payloadType: 'http://ns.electronichealth.net.au/er/sc/deliver/hl7Mdm/2012',
  address: 'https://fhir.example.org.au/matrix',
  status: 'active',
};
const bankAccountBody = {
  accountName: 'Matrix account',
  bsb: '062-000',
  accountNumber: '12345678',
};
/** A photo upload: a 64 × 64 PNG as image/png. */
const partnerServiceBody = {
  name: 'Matrix partner',
  role: 'referral',
  shownToProviders: false,
  contactName: '',
  contactEmail: '',
  contactPhone: '',
};
const photo = { body: craftPng(64, 64), headers: { 'content-type': 'image/png' } };

/** A credential document upload: the details, then a small PDF, as multipart/form-data. */
const documentUpload = (() => {
  const { body, headers } = uploadBody(craftPdf());
  return { body, headers };
})();
/** A credential document's replacement file, alone. */
const documentFile = (() => {
  const { body, headers } = multipartBody([
    { name: 'file', filename: 'renewed.pdf', contentType: 'application/pdf', data: craftPdf() },
  ]);
  return { body, headers };
})();
const aliceDocument = plantedDocuments.alice;
const farahDocument = plantedDocuments.farah;

/** A distinct valid ABN per caller, so that registrations do not collide on the ABN. */
export function abnFor(caller: Caller): string {
  const seed = ['anonymous', ...signedIn, 'henry'].indexOf(caller) + 1;
  for (let n = 51_824_753_556 + seed * 1_000; ; n++) {
    const abn = String(n);
    if (isValidAbn(abn)) return abn;
  }
}

const contact = { phone: '', afterHoursPhone: '', email: '', fax: '', website: '' };
const clinicEdit = {
  name: 'Surry Hills Clinic',
  kind: 'physical',
  addressLine: '120 Crown Street',
  locality: 'Surry Hills',
  postcode: '2010',
  state: 'NSW',
  suppressEmail: false,
  suppressPhone: false,
  ...contact,
};
const newVirtualLocation = {
  name: 'Matrix telehealth',
  kind: 'VI',
  addressLine: '',
  locality: '',
  postcode: '',
  state: '',
  suppressEmail: false,
  suppressPhone: false,
  ...contact,
};
const serviceEdit = (name: string, locationId: string) => ({
  name,
  serviceType: 'General practice',
  description: '',
  locationId,
  startDate: '2024-03-04',
  endDate: '',
  suppressEmail: false,
  suppressPhone: false,
  openingHours: [],
  ...contact,
});
const roleFields = {
  primaryType: 'General practitioner',
  preferredName: 'Dr Alice Nguyen',
  numberOfDays: 3,
  startDate: '2024-03-04',
  endDate: null,
};
const organisationEdit = (name: string, businessName: string) => ({
  name,
  alias: '',
  businessName,
  fax: '',
  website: '',
});

/**
 * Who may read each demo location. Its endpoints are read as the location is
 * (docs/decisions/085-location-endpoints.md), so both operations declare these same cases.
 */
const locationReaders: MatrixCase[] = [
  {
    target: 'surry-hills-clinic',
    params: { id: clinic },
    allow: ['alice', 'ben', 'george', 'priya'],
  },
  {
    target: 'harbour-virtual',
    params: { id: virtualLocation },
    allow: ['alice', 'george', 'priya'],
  },
  { target: 'missing', params: { id: missing }, allow: nobody },
];

/**
 * Who may read each demo healthcare service. Its endpoints are read with the service
 * (docs/decisions/072-endpoint-and-provenance.md), so both operations declare these same cases.
 */
const serviceReaders: MatrixCase[] = [
  { target: 'surry-hills-gp', params: { id: gp }, allow: ['alice', 'ben', 'george', 'priya'] },
  { target: 'surry-hills-skin', params: { id: skin }, allow: ['alice', 'george', 'priya'] },
  { target: 'missing', params: { id: missing }, allow: nobody },
];

/** Every operation of the API, and who may call it. */
export const authorisationMatrix: Matrix = {
  // --- system and sign-in
  'GET /api/health': [{ target: '-', allow: 'public' }],
  'GET /api/ready': [{ target: '-', allow: 'public' }],
  'GET /api/config': [{ target: '-', allow: 'public' }],
  'GET /api/auth/login': [{ target: '-', allow: 'public', allowed: [302] }],
  // Nobody has a pending sign-in with this state: everyone, signed in or not, gets the same 400.
  'POST /api/auth/token': [
    { target: 'unknown state', body: { code: 'x', state: 'y' }, allow: 'public', allowed: [400] },
  ],
  'POST /api/auth/logout': [{ target: '-', allow: 'signed-in', freshSession: true }],

  // --- the signed-in person
  'GET /api/me': [{ target: '-', allow: 'signed-in' }],
  'GET /api/me/organisations': [{ target: '-', allow: 'signed-in' }],
  'GET /api/me/unread-notification-count': [
    // The bell: a complete profile with a role other than PcaOperator; Ben managing sees the managed one's count.
    {
      target: '-',
      allow: ['alice', 'ben', 'george', 'isla', 'jack', 'benForAlice', 'benForFarah'],
    },
  ],
  'GET /api/me/publishing-settings-eligibility': [{ target: '-', allow: 'signed-in' }],
  'GET /api/welcome/sign-up-banner': [{ target: '-', allow: 'signed-in' }],
  'GET /api/welcome/site-organisations': [{ target: '-', allow: 'signed-in' }],
  'GET /api/welcome/site-organisations/{organisationId}/setup-helper': [
    // Site organisations: the live participating organisations the caller manages.
    { target: 'harbour-group', params: { organisationId: org('harbour-group') }, allow: ['alice'] },
    { target: 'riverbend', params: { organisationId: org('riverbend') }, allow: ['jack'] },
    { target: 'missing', params: { organisationId: missing }, allow: nobody },
  ],
  'GET /api/publish-selector/entities': [{ target: '-', allow: ['alice', 'ben', 'isla', 'jack'] }],
  // A practitioner's own publishing settings (docs/decisions/030-publishing-to-partners.md): the practitioners
  // themselves, and a delegate managing one (the managed practitioner's settings).
  'GET /api/practitioner-publications': [{ target: 'own', allow: practitionersAndManaging }],
  'GET /api/practitioner-publications/available-partners': [
    { target: 'own', allow: practitionersAndManaging },
  ],
  // My workplaces (docs/decisions/059-my-workplaces.md): the practitioner's own roles, or the managed one's; a
  // service's summary only where that practitioner holds or held a role (Farah's ended at the skin clinic).
  'GET /api/workplaces': [{ target: 'own', allow: practitionersAndManaging }],
  'GET /api/workplaces/healthcare-services/{id}': [
    { target: 'surry-hills-gp', params: { id: gp }, allow: ['alice', 'benForAlice'] },
    { target: 'surry-hills-skin', params: { id: skin }, allow: ['farah', 'benForFarah'] },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  // A practitioner's bank account (docs/decisions/058-bank-account.md): the practitioner, or a delegate managing
  // them whose consent includes sharing bank details — the seeded delegations hold no consent record, so Ben
  // managing either is refused like everyone else (404).
  'GET /api/bank-account/{practitionerId}': [
    { target: 'alice', params: { practitionerId: alicePractitioner }, allow: ['alice'] },
    { target: 'farah', params: { practitionerId: farahPractitioner }, allow: ['farah'] },
    { target: 'missing', params: { practitionerId: missing }, allow: nobody },
  ],

  // --- organisations, locations, healthcare services
  'GET /api/organisations/{id}': [
    {
      target: 'harbour-group',
      params: { id: org('harbour-group') },
      allow: ['alice', 'george', 'priya'],
    },
    {
      target: 'harbour-surry-hills',
      params: { id: org('harbour-surry-hills') },
      allow: ['alice', 'ben', 'george', 'priya'],
    },
    { target: 'riverbend', params: { id: org('riverbend') }, allow: ['jack', 'priya'] },
    { target: 'coastal-physio', params: { id: org('coastal-physio') }, allow: ['isla', 'priya'] },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'GET /api/locations/{id}': locationReaders,
  'GET /api/healthcare-services/{id}': serviceReaders,
  'GET /api/localities': [{ target: '-', query: { q: 'Surry' }, allow: 'signed-in' }],
  // Endpoints (docs/decisions/072-endpoint-and-provenance.md): read with their organisation or service.
  'GET /api/organisations/{id}/endpoints': [
    {
      target: 'harbour-surry-hills',
      params: { id: org('harbour-surry-hills') },
      allow: ['alice', 'ben', 'george', 'priya'],
    },
    { target: 'coastal-physio', params: { id: org('coastal-physio') }, allow: ['isla', 'priya'] },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'GET /api/healthcare-services/{id}/endpoints': serviceReaders,
  // A location's endpoints (docs/decisions/085-location-endpoints.md): read as the location is.
  'GET /api/locations/{id}/endpoints': locationReaders,
  // The terminology (docs/decisions/071-terminology-and-codes.md): concepts for every session (the
  // pickers), the unmatched texts for the operator alone.
  'GET /api/terminology/concepts': [
    { target: 'service-type', query: { valueSet: 'service-type' }, allow: 'signed-in' },
  ],
  'GET /api/admin/terminology/unmatched': [{ target: '-', allow: ['priya'] }],

  // --- business registrations and their approval
  'GET /api/business-registrations/{id}': [
    { target: 'coastal-physio', params: { id: org('coastal-physio') }, allow: ['isla'] },
    { target: 'riverbend', params: { id: org('riverbend') }, allow: ['jack'] },
    { target: 'harbour-group', params: { id: org('harbour-group') }, allow: ['alice'] },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'GET /api/admin/registrations': [{ target: '-', allow: ['priya'] }],
  // Transfers (docs/decisions/067-transfers.md): the operator and the organisation managers see theirs; the
  // options and starting one are the operator's; a transfer nobody may see is 404 to everyone.
  'GET /api/transfers': [{ target: '-', allow: ['priya', 'alice', 'isla', 'jack'] }],
  'GET /api/transfers/options': [{ target: '-', allow: ['priya'] }],
  'GET /api/transfers/{id}': [{ target: 'missing', params: { id: missing }, allow: nobody }],
  // The operator's home and users (docs/decisions/063-users.md): the operator's alone, never while managing.
  'GET /api/admin/summary': [{ target: '-', allow: ['priya'] }],
  'GET /api/users': [
    { target: '-', allow: ['priya'] },
    {
      target: 'search',
      query: { q: 'nguyen', sort: 'email', direction: 'desc' },
      allow: ['priya'],
    },
  ],
  'GET /api/users/{id}': [
    { target: 'alice', params: { id: demoIds.user('alice') }, allow: ['priya'] },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  // Client systems (docs/decisions/030-publishing-to-partners.md): the operator's alone.
  'GET /api/client-systems': [{ target: '-', allow: ['priya'] }],
  // Key contacts need key-contact access (an OrganisationManager of an approved publisher, in their own
  // account: Alice alone here, docs/product/key-contacts.md), then the organisation must be one they keep.
  'GET /api/key-contacts': [
    { target: 'own', allow: ['alice'] },
    { target: 'harbour-group', query: { organisationId: org('harbour-group') }, allow: ['alice'] },
    { target: 'coastal-physio', query: { organisationId: org('coastal-physio') }, allow: nobody },
  ],
  'GET /api/key-contacts/{id}': [{ target: 'missing', params: { id: missing }, allow: nobody }],
  // SMART connections (docs/decisions/069-smart-app-launch.md): an organisation's managers only, 404 otherwise.
  'GET /api/smart-clients': [
    { target: 'harbour-group', query: { organisationId: org('harbour-group') }, allow: ['alice'] },
    { target: 'coastal-physio', query: { organisationId: org('coastal-physio') }, allow: ['isla'] },
    { target: 'missing', query: { organisationId: missing }, allow: nobody },
  ],
  'GET /api/smart-clients/{id}': [{ target: 'missing', params: { id: missing }, allow: nobody }],
  // The portal's public key, read by clinical systems without a session.
  'GET /api/smart-clients/jwks.json': [{ target: '-', allow: 'public' }],
  // What is published to whom (docs/decisions/066-publications-overview.md): the operator's alone, and an
  // unknown partner service is 404 even for her.
  'GET /api/publications-overview': [{ target: '-', allow: ['priya'] }],
  'GET /api/publications-overview/{partnerServiceId}/entities': [
    {
      target: 'medifund',
      params: { partnerServiceId: demoIds.partnerService('medifund') },
      query: { type: 'location', page: '1', pageSize: '10' },
      allow: ['priya'],
    },
    { target: 'missing', params: { partnerServiceId: missing }, allow: nobody },
  ],
  'GET /api/publications-overview/{partnerServiceId}/csv': [
    {
      target: 'medifund',
      params: { partnerServiceId: demoIds.partnerService('medifund') },
      allow: ['priya'],
    },
    { target: 'missing', params: { partnerServiceId: missing }, allow: nobody },
  ],
  // Partner services and identifier systems (docs/decisions/064-partner-services.md): the operator's alone.
  'GET /api/partner-services': [{ target: '-', allow: ['priya'] }],
  'GET /api/partner-services/{id}': [
    { target: 'medifund', params: { id: demoIds.partnerService('medifund') }, allow: ['priya'] },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'GET /api/partner-identifier-systems': [{ target: '-', allow: ['priya'] }],
  // The partners' OAuth endpoints need no session: the token endpoint authenticates the client itself, and an
  // unknown client is refused alike for every caller (RFC 6749 §5.2, not a problem document).
  'GET /oauth/jwks': [{ target: '-', allow: 'public' }],
  'POST /oauth/token': [
    {
      target: 'unknown client',
      body: 'grant_type=client_credentials',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('unknown-client:not-a-secret').toString('base64')}`,
      },
      allow: 'public',
      allowed: [401],
    },
  ],

  // --- practitioners
  'GET /api/practitioners/service-offerings': [
    { target: '-', allow: ['alice', 'ben', 'george', 'isla', 'jack'] },
  ],
  'GET /api/practitioners/search': [
    { target: '-', query: { name: 'Nguyen' }, allow: ['alice', 'ben', 'isla', 'jack'] },
  ],
  // The HI Service's provider search: the number with the names, answered match or no match (decision 055).
  'POST /api/practitioners/hi-service/search': [
    {
      target: 'alice',
      body: { hpii: '8003615260181594', familyName: 'Nguyen', givenName: 'Alice' },
      allow: ['alice', 'ben', 'isla', 'jack'],
      allowed: [200],
    },
  ],
  'GET /api/practitioner-roles/options': [{ target: '-', allow: ['alice', 'ben', 'isla', 'jack'] }],
  'GET /api/practitioner-roles/{roleId}': [
    { target: 'alice@surry-hills-gp', params: { roleId: aliceAtGp }, allow: ['alice', 'ben'] },
    { target: 'missing', params: { roleId: missing }, allow: nobody },
  ],

  // --- delegates
  // The caller's own list: empty for someone who is nobody's delegate (the Managed accounts page's empty message).
  'GET /api/managing/practitioners': [{ target: '-', allow: 'signed-in' }],
  'GET /api/registration/delegate-invitations/{id}': [
    { target: 'alice->dana', params: { id: danaInvitation }, allow: ['dana'] },
  ],
  // A practitioner's own delegates: Alice and Farah have practitioner records; nobody else does.
  'GET /api/delegations': [{ target: '-', allow: ['alice', 'farah'] }],
  'GET /api/delegations/consent': [{ target: '-', allow: 'signed-in' }],
  'GET /api/delegations/potential-delegates': [{ target: '-', allow: ['alice', 'farah'] }],
  'POST /api/delegations/user-search': [
    {
      target: 'dana',
      body: { authIdentifier: identities.dana, familyName: 'Wu' },
      allow: ['alice', 'farah'],
      allowed: [200],
    },
  ],

  // --- profile (docs/decisions/022-profile-and-email-verification.md): one's own, or that of a
  // practitioner one manages through an Accepted delegation (Ben manages Alice and Farah).
  // While managing, Ben opens only the managed practitioner's.
  'GET /api/profile/{id}': [
    {
      target: 'alice',
      params: { id: demoIds.user('alice') },
      allow: ['alice', 'ben', 'benForAlice'],
    },
    {
      target: 'farah',
      params: { id: demoIds.user('farah') },
      allow: ['farah', 'ben', 'benForFarah'],
    },
    { target: 'isla', params: { id: demoIds.user('isla') }, allow: ['isla'] },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'GET /api/practitioner-profile/{id}': [
    { target: 'alice', params: { id: alicePractitioner }, allow: ['alice', 'ben', 'benForAlice'] },
    {
      target: 'farah',
      params: { id: demoIds.practitioner('farah') },
      allow: ['farah', 'ben', 'benForFarah'],
    },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],

  // --- NHSD import (docs/decisions/028-nhsd-import.md): the import capability (OrganisationManager, not
  // managing a practitioner) for every call; Isla and Jack manage organisations not yet approved, so they may
  // search but have nothing to import into (an empty list, 403 on their organisations). The import writes a
  // home-visits service of the directory under a new mobile location of Harbour Home Visits (at the end of the
  // table). These reads come before the table's writes, which make others OrganisationManagers.
  'GET /api/nhsd-import/banner': [{ target: '-', allow: importers }],
  'GET /api/nhsd-import/services': [
    { target: 'postcode', query: { appliesTo: 'si', postcode: '2010' }, allow: importers },
    { target: 'name', query: { appliesTo: 'virtual', name: 'telehealth' }, allow: importers },
  ],
  'GET /api/nhsd-import/organisations': [{ target: 'own', allow: importers }],
  'GET /api/nhsd-import/organisations/{id}/locations': [
    {
      target: 'harbour-surry-hills',
      params: { id: org('harbour-surry-hills') },
      allow: ['alice'],
    },
    { target: 'riverbend', params: { id: org('riverbend') }, allow: nobody },
    { target: 'coastal-physio', params: { id: org('coastal-physio') }, allow: nobody },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'GET /api/nhsd-import/organisations/{id}/publication-preferences': [
    { target: 'harbour-group', params: { id: org('harbour-group') }, allow: ['alice'] },
    { target: 'riverbend', params: { id: org('riverbend') }, allow: nobody },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'GET /api/nhsd-import/organisations/{id}/partner-services': [
    {
      target: 'harbour-telehealth',
      params: { id: org('harbour-telehealth') },
      query: { role: 'directory' },
      allow: ['alice'],
    },
    { target: 'coastal-physio', params: { id: org('coastal-physio') }, allow: nobody },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'POST /api/nhsd-import/validate': [
    {
      target: 'harbour-mobile',
      body: {
        importIds: [demoIds.nhsdService(7)],
        organisationId: org('harbour-home-visits'),
        locationId: mobileLocation,
      },
      allow: ['alice'],
    },
    {
      target: 'riverbend',
      body: { importIds: [demoIds.nhsdService(7)], organisationId: org('riverbend') },
      allow: nobody,
    },
  ],

  // --- practitioner role import (docs/decisions/070-practitioner-role-import.md): only an OrganisationManager of
  // the connection's organisation, and for a run only the manager who started it (Alice's planted runs on
  // Harbour, test/practitioner-role-import.ts); everyone else gets 404, never 403. Importing or cancelling
  // uses its run up, so each has its own.
  'POST /api/practitioner-role-import/connections/{id}/runs': [
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'POST /api/practitioner-role-import/runs/{id}/next': [
    { target: 'alice-read', params: { id: plantedImportRuns.read }, allow: ['alice'] },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'GET /api/practitioner-role-import/runs/{id}': [
    { target: 'alice-read', params: { id: plantedImportRuns.read }, allow: ['alice'] },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'POST /api/practitioner-role-import/runs/{id}/import': [
    {
      target: 'alice-import',
      params: { id: plantedImportRuns.import },
      body: { mapping: {}, chosen: ['role-1'] },
      allow: ['alice'],
    },
    {
      target: 'missing',
      params: { id: missing },
      body: { mapping: {}, chosen: ['role-1'] },
      allow: nobody,
    },
  ],
  'DELETE /api/practitioner-role-import/runs/{id}': [
    { target: 'alice-cancel', params: { id: plantedImportRuns.cancel }, allow: ['alice'] },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],

  // --- publishing to partners (docs/decisions/030-publishing-to-partners.md): the Partner services tab reads
  // with the entity's view access (George the Viewer included), the mail recipients with the organisation's.
  'GET /api/publications/{level}/{id}/partners': [
    {
      target: 'harbour-group',
      params: { level: 'organisation', id: org('harbour-group') },
      allow: ['alice', 'george', 'priya'],
    },
    {
      target: 'surry-hills-clinic',
      params: { level: 'location', id: clinic },
      allow: ['alice', 'ben', 'george', 'priya'],
    },
    {
      target: 'surry-hills-gp',
      params: { level: 'healthcare-service', id: gp },
      allow: ['alice', 'ben', 'george', 'priya'],
    },
    { target: 'missing', params: { level: 'location', id: missing }, allow: nobody },
  ],
  'GET /api/publications/organisations/{id}/email-recipients': [
    {
      target: 'harbour-group',
      params: { id: org('harbour-group') },
      allow: ['alice', 'george', 'priya'],
    },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],

  // ============ writes ============
  'PATCH /api/organisations/{id}': [
    {
      target: 'harbour-group',
      params: { id: org('harbour-group') },
      body: organisationEdit('Harbour Medical Group Pty Ltd', 'Harbour Medical Group'),
      allow: ['alice'],
    },
    {
      target: 'riverbend',
      params: { id: org('riverbend') },
      body: organisationEdit('Riverbend Allied Health Pty Ltd', 'Riverbend Allied Health'),
      allow: ['jack'],
    },
    {
      target: 'missing',
      params: { id: missing },
      body: organisationEdit('Nobody', 'Nobody'),
      allow: nobody,
    },
  ],
  'PATCH /api/locations/{id}': [
    { target: 'surry-hills-clinic', params: { id: clinic }, body: clinicEdit, allow: ['alice'] },
    { target: 'missing', params: { id: missing }, body: clinicEdit, allow: nobody },
  ],
  'POST /api/organisations/{id}/locations': [
    {
      target: 'harbour-surry-hills',
      params: { id: org('harbour-surry-hills') },
      body: newVirtualLocation,
      allow: ['alice'],
    },
    {
      target: 'riverbend',
      params: { id: org('riverbend') },
      body: newVirtualLocation,
      allow: ['jack'],
    },
    { target: 'missing', params: { id: missing }, body: newVirtualLocation, allow: nobody },
  ],
  'PATCH /api/healthcare-services/{id}': [
    {
      target: 'surry-hills-gp',
      params: { id: gp },
      body: serviceEdit('Harbour General Practice Surry Hills', clinic),
      allow: ['alice', 'ben'],
    },
    {
      target: 'surry-hills-skin',
      params: { id: skin },
      body: serviceEdit('Harbour Skin Check Clinic', clinic),
      allow: ['alice'],
    },
  ],
  'POST /api/organisations/{id}/healthcare-services': [
    {
      target: 'harbour-telehealth',
      params: { id: org('harbour-telehealth') },
      body: serviceEdit('Matrix telehealth service', virtualLocation),
      allow: ['alice'],
    },
  ],
  'POST /api/business-registrations': [
    {
      target: 'new',
      body: (caller: Caller) => ({
        legalName: `Matrix ${caller} Pty Ltd`,
        businessName: `Matrix ${caller}`,
        abn: abnFor(caller),
      }),
      // Manage businesses is off while managing: a business of one's own waits for the own account.
      allow: ownAccounts,
    },
  ],
  'PUT /api/business-registrations/{id}': [
    {
      target: 'coastal-physio',
      params: { id: org('coastal-physio') },
      body: {
        step: 'contactDetails',
        phone: '02 6000 0000',
        email: 'hello@coastal.example.com',
        website: '',
      },
      allow: ['isla'],
    },
    {
      // Submitted already: its manager is past the check and told it can no longer change.
      target: 'riverbend',
      params: { id: org('riverbend') },
      body: {
        step: 'contactDetails',
        phone: '02 6000 0001',
        email: 'hello@riverbend.example.com',
        website: '',
      },
      allow: ['jack'],
      allowed: [409],
    },
  ],
  'POST /api/business-registrations/{id}/submit': [
    // Isla's registration has no primary location yet: she is past the check and told what is missing.
    {
      target: 'coastal-physio',
      params: { id: org('coastal-physio') },
      allow: ['isla'],
      allowed: [200, 400, 409],
    },
    { target: 'riverbend', params: { id: org('riverbend') }, allow: ['jack'], allowed: [409] },
  ],
  'POST /api/admin/registrations/{id}/approve': [
    {
      target: 'riverbend',
      params: { id: org('riverbend') },
      allow: ['priya'],
      allowed: [204, 409],
    },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'POST /api/key-contacts': [
    {
      target: 'harbour-group',
      body: {
        organisationId: org('harbour-group'),
        name: 'Matrix Contact',
        role: 'PracticeManager',
        email: 'matrix@example.com.au',
        phone: '02 9123 4567',
        isPrimary: false,
      },
      allow: ['alice'],
      allowed: [201],
    },
    {
      target: 'coastal-physio',
      body: {
        organisationId: org('coastal-physio'),
        name: 'Matrix Contact',
        role: 'Owner',
        email: 'matrix@example.com.au',
        phone: '02 9123 4567',
        isPrimary: false,
      },
      allow: nobody,
    },
  ],
  'PUT /api/key-contacts/{id}': [
    {
      target: 'missing',
      params: { id: missing },
      body: {
        name: 'Matrix Contact',
        role: 'Owner',
        email: 'matrix@example.com.au',
        phone: '02 9123 4567',
        isPrimary: true,
      },
      allow: nobody,
    },
  ],
  'POST /api/key-contacts/{id}/primary': [
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'DELETE /api/key-contacts/{id}': [{ target: 'missing', params: { id: missing }, allow: nobody }],
  // Endpoints: added, changed and removed by the managers of their organisation or service.
  'POST /api/organisations/{id}/endpoints': [
    {
      target: 'harbour-surry-hills',
      params: { id: org('harbour-surry-hills') },
      body: endpointBody,
      allow: ['alice'],
      allowed: [201],
    },
    { target: 'missing', params: { id: missing }, body: endpointBody, allow: nobody },
  ],
  'POST /api/healthcare-services/{id}/endpoints': [
    {
      target: 'surry-hills-gp',
      params: { id: gp },
      body: endpointBody,
      allow: ['alice', 'ben'],
      allowed: [201],
    },
    {
      target: 'surry-hills-skin',
      params: { id: skin },
      body: endpointBody,
      allow: ['alice'],
      allowed: [201],
    },
  ],
  // A location's: by its organisation's managers, as the location's other edits.
  'POST /api/locations/{id}/endpoints': [
    {
      target: 'surry-hills-clinic',
      params: { id: clinic },
      body: endpointBody,
      allow: ['alice'],
      allowed: [201],
    },
    { target: 'missing', params: { id: missing }, body: endpointBody, allow: nobody },
  ],
  'PUT /api/endpoints/{id}': [
    // The clinic's seeded endpoint: changed as the location is (docs/decisions/085-location-endpoints.md).
    {
      target: 'surry-hills-clinic-fhir',
      params: { id: demoIds.endpoint('surry-hills-clinic-fhir') },
      body: endpointBody,
      allow: ['alice'],
      allowed: [200],
    },
    { target: 'missing', params: { id: missing }, body: endpointBody, allow: nobody },
  ],
  'DELETE /api/endpoints/{id}': [{ target: 'missing', params: { id: missing }, allow: nobody }],
  'POST /api/admin/terminology/mappings': [
    {
      target: 'service-type',
      body: {
        valueSet: 'service-type',
        text: 'Matrix practice',
        conceptId: demoId('terminology-concept', 'service-type/788007007'),
      },
      allow: ['priya'],
      allowed: [204],
    },
  ],
  // A CIS that does not answer: Harbour's manager gets past the check to the field error, others 404.
  'POST /api/smart-clients': [
    {
      target: 'harbour-group',
      body: {
        organisationId: org('harbour-group'),
        name: 'Matrix CIS',
        iss: 'http://localhost:1/fhir',
        clientId: 'provider-connect',
        authMethod: 'public',
        scopes: ['openid', 'fhirUser'],
      },
      allow: ['alice'],
      allowed: [400],
    },
  ],
  'PUT /api/smart-clients/{id}': [
    {
      target: 'missing',
      params: { id: missing },
      body: {
        name: 'Matrix CIS',
        iss: 'http://localhost:1/fhir',
        clientId: 'provider-connect',
        authMethod: 'public',
        scopes: ['openid'],
      },
      allow: nobody,
    },
  ],
  'DELETE /api/smart-clients/{id}': [{ target: 'missing', params: { id: missing }, allow: nobody }],
  'POST /api/smart-clients/{id}/launch': [
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  // An iss that is not one of Harbour's connections is refused for everyone (no open redirect).
  'POST /api/smart-clients/app-launch': [
    {
      target: 'harbour-group unknown iss',
      body: { organisationId: org('harbour-group'), iss: 'http://localhost:1/fhir', launch: 'x' },
      allow: nobody,
    },
  ],
  // No launch was started with this state: Harbour's manager gets the state error, others 404.
  'POST /api/smart-clients/token': [
    {
      target: 'harbour-group unknown state',
      body: { organisationId: org('harbour-group'), code: 'x', state: 'po:unknown' },
      allow: ['alice'],
      allowed: [400],
    },
  ],
  // Feedback needs no session (docs/product/feedback.md): everyone may send it, signed in or not.
  'POST /api/feedback': [
    {
      target: '-',
      body: { rating: 5, comments: 'Matrix feedback', contactName: '', contactEmail: '' },
      allow: 'public',
      allowed: [201],
    },
  ],
  // Nobody of the matrix is deactivated or reactivated (their sessions would change under later
  // calls): the operator's own account and an active one answer 409, past the authorisation check.
  'POST /api/users/{id}/deactivate': [
    {
      target: 'priya (own account)',
      params: { id: demoIds.user('priya') },
      body: { reason: 'Matrix.' },
      allow: ['priya'],
      allowed: [409],
    },
    { target: 'missing', params: { id: missing }, body: { reason: 'Matrix.' }, allow: nobody },
  ],
  'POST /api/users/{id}/reactivate': [
    {
      target: 'alice (active)',
      params: { id: demoIds.user('alice') },
      body: { reason: 'Matrix.' },
      allow: ['priya'],
      allowed: [409],
    },
    { target: 'missing', params: { id: missing }, body: { reason: 'Matrix.' }, allow: nobody },
  ],
  'POST /api/client-systems': [
    {
      target: 'medifund',
      body: { partnerServiceId: demoIds.partnerService('medifund'), name: 'Matrix client' },
      allow: ['priya'],
      allowed: [201],
    },
  ],
  'POST /api/transfers': [
    {
      target: 'harbour-mobile to riverbend',
      body: {
        entityType: 'Location',
        entityId: mobileLocation,
        toOrganisationId: org('riverbend'),
        reason: 'Matrix: sold to Riverbend.',
      },
      allow: ['priya'],
      // The first start is pending; a second of the same location is a conflict, past the check.
      allowed: [201, 409],
    },
  ],
  'POST /api/transfers/{id}/accept': [
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'POST /api/transfers/{id}/decline': [
    {
      target: 'missing',
      params: { id: missing },
      body: { reason: 'Matrix: not ours.' },
      allow: nobody,
    },
  ],
  'POST /api/transfers/{id}/cancel': [
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'POST /api/partner-services': [
    {
      target: 'new partner',
      body: (caller: Caller) => ({
        ...partnerServiceBody,
        code: `matrix-${String(caller).toLowerCase()}`,
      }),
      allow: ['priya'],
      allowed: [201],
    },
  ],
  'PUT /api/partner-services/{id}': [
    {
      target: 'health-connect',
      params: { id: demoIds.partnerService('health-connect') },
      // Still shown to providers, and a partner the matrix's publication rows leave alone.
      body: { ...partnerServiceBody, name: 'Health Connect Directory', shownToProviders: true },
      allow: ['priya'],
    },
    { target: 'missing', params: { id: missing }, body: partnerServiceBody, allow: nobody },
  ],
  'PUT /api/partner-services/{id}/logo': [
    {
      target: 'health-connect',
      params: { id: demoIds.partnerService('health-connect') },
      body: { data: craftPng(64, 64).toString('base64'), description: 'Health Connect logo' },
      allow: ['priya'],
    },
    {
      target: 'missing',
      params: { id: missing },
      body: { data: craftPng(64, 64).toString('base64'), description: 'Logo' },
      allow: nobody,
    },
  ],
  'POST /api/partner-services/{id}/statements': [
    {
      target: 'health-connect',
      params: { id: demoIds.partnerService('health-connect') },
      body: {
        title: 'Matrix statement',
        content: '<p>How Health Connect uses what you publish.</p>',
      },
      allow: ['priya'],
      allowed: [201],
    },
    {
      target: 'missing',
      params: { id: missing },
      body: { title: 'Matrix statement', content: '<p>Text</p>' },
      allow: nobody,
    },
  ],
  'POST /api/partner-identifier-systems': [
    {
      target: 'medifund',
      body: (caller: Caller) => ({
        partnerServiceId: demoIds.partnerService('medifund'),
        system: `https://medifund.example/identifiers/${String(caller)}`,
        name: 'MediFund provider number',
      }),
      allow: ['priya'],
      allowed: [201],
    },
  ],
  'PUT /api/partner-identifier-systems/{id}': [
    {
      target: 'missing',
      params: { id: missing },
      body: {
        partnerServiceId: demoIds.partnerService('medifund'),
        system: 'https://medifund.example/identifiers/x',
        name: 'X',
      },
      allow: nobody,
    },
  ],
  'DELETE /api/partner-identifier-systems/{id}': [
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'POST /api/client-systems/{id}/rotate-secret': [
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'POST /api/client-systems/{id}/revoke': [
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'POST /api/admin/registrations/{id}/decline': [
    {
      target: 'riverbend',
      params: { id: org('riverbend') },
      body: { reason: 'Matrix: the ABN does not match the legal name.' },
      allow: ['priya'],
      allowed: [204, 409],
    },
  ],
  'POST /api/practitioner-roles': [
    {
      target: 'alice at surry-hills-gp',
      body: {
        ...roleFields,
        practitionerId: alicePractitioner,
        hiService: null,
        healthcareServiceId: gp,
      },
      // A service outside the caller's organisations is refused as an invalid choice (400).
      allow: ['alice', 'ben'],
      allowed: [201, 409],
      denied: [400, 401, 403, 404],
    },
  ],
  'PUT /api/practitioner-roles/{roleId}': [
    {
      target: 'alice@surry-hills-gp',
      params: { roleId: aliceAtGp },
      body: roleFields,
      allow: ['alice', 'ben'],
    },
  ],
  'PUT /api/managing': [
    {
      target: 'alice',
      body: { practitionerId: alicePractitioner },
      // Switching from one managed practitioner to another is the Managed accounts page's own step.
      allow: ['ben', 'benForAlice', 'benForFarah'],
      freshSession: true,
    },
  ],
  'DELETE /api/managing': [{ target: '-', allow: 'signed-in', freshSession: true }],
  // First sign-ins complete their profile; everyone else is past the check and told it is complete.
  'POST /api/registration/register-user': [
    {
      target: '-',
      body: {
        email: 'matrix@example.com',
        phone: '0412345678',
        acceptTermsOfUse: true,
        acceptPrivacyNotice: true,
      },
      allow: 'signed-in',
      allowed: [204, 409],
    },
  ],
  'POST /api/registration/delegate-invitations/{id}/accept': [
    {
      target: 'alice->dana',
      params: { id: danaInvitation },
      body: {
        email: 'dana.wu@example.com',
        phone: '0412345679',
        acceptDelegation: true,
        acceptTermsOfUse: true,
        acceptPrivacyNotice: true,
      },
      allow: ['dana'],
      allowed: [200, 409],
      // A caller whose profile is already complete is told so before the invitation is looked up: a
      // 409 about the caller, which reveals nothing of the invitation.
      denied: [401, 403, 404, 409],
    },
  ],
  'POST /api/registration/delegate-invitations/{id}/decline': [
    { target: 'alice->dana', params: { id: danaInvitation }, allow: ['dana'], allowed: [200, 409] },
  ],
  // The accept of a user whose profile is complete (decision 092), after the decline: Dana (complete since
  // register-user above) is past the check, the invitation answered (409), so she does not become a delegate
  // before accept-participation. Others are not addressed (404); an incomplete profile is told so first (409).
  'POST /api/registration/delegate-invitations/{id}/accept-as-registered-user': [
    {
      target: 'alice->dana',
      params: { id: danaInvitation },
      body: { acceptDelegation: true },
      allow: ['dana'],
      allowed: [200, 409],
      denied: [401, 403, 404, 409],
    },
  ],
  'POST /api/registration/accept-participation': [
    {
      target: '-',
      body: { acceptParticipationAgreement: true, acceptPrivacyNotice: true },
      // Practitioners and approved delegates with a complete profile; the ones who answered get 409. It is
      // a step of the caller's own sign-in, so Ben's managing sessions are past the check too (409).
      allow: ['alice', 'ben', 'farah', 'benForAlice', 'benForFarah'],
      allowed: [204, 409],
    },
  ],
  // Her own email again: saved without a new verification mail.
  'PUT /api/profile/{id}/basic-information': [
    {
      target: 'alice',
      params: { id: demoIds.user('alice') },
      body: { email: 'alice.nguyen@harbourmedical.example.com.au', phone: '0291234567' },
      allow: ['alice'],
    },
  ],
  'PUT /api/profile/{id}/personal-contact-details': [
    {
      target: 'farah',
      params: { id: demoIds.user('farah') },
      body: { personalEmail: 'farah.personal@example.com', personalPhone: '0400000001' },
      allow: ['farah', 'ben', 'benForFarah'],
    },
  ],
  // Her own recorded sex or gender, or a managing delegate's for her (docs/decisions/080-hours-all-day-and-rsg.md).
  'PUT /api/profile/{id}/recorded-sex-or-gender': [
    {
      target: 'farah',
      params: { id: demoIds.user('farah') },
      body: { recordedSexOrGender: 'female' },
      allow: ['farah', 'ben', 'benForFarah'],
    },
  ],
  // Farah's email is unverified: her first resend mails a link, the next is within the 5-minute lock.
  'POST /api/profile/{id}/email-verification': [
    {
      target: 'farah',
      params: { id: demoIds.user('farah') },
      allow: ['farah'],
      allowed: [204, 429],
    },
  ],
  // The mailed link needs no session; a code nobody was sent fails for everyone alike.
  'POST /api/verify-email': [
    {
      target: 'unknown code',
      body: { email: 'farah.haddad@example.com', code: 'not-a-code-anyone-was-sent' },
      allow: 'public',
      allowed: [400],
    },
  ],
  // A photo is its owner's alone (docs/decisions/024-profile-photo.md): nobody else, not even Ben, who
  // manages Alice and Farah, may change it. The body is a real PNG, sent as one.
  'PUT /api/profile/{id}/photo': [
    { target: 'alice', params: { id: demoIds.user('alice') }, ...photo, allow: ['alice'] },
    { target: 'farah', params: { id: demoIds.user('farah') }, ...photo, allow: ['farah'] },
    { target: 'missing', params: { id: missing }, ...photo, allow: nobody },
  ],
  'DELETE /api/profile/{id}/photo': [
    { target: 'alice', params: { id: demoIds.user('alice') }, allow: ['alice'] },
    { target: 'farah', params: { id: demoIds.user('farah') }, allow: ['farah'] },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  // Credential documents (docs/decisions/057-credential-documents.md): the practitioner's own, also while
  // Ben manages them; a document's file also for the managers of the organisations it is shared with (Alice
  // manages Harbour, which Farah's planted document is shared with); 404 for everyone else. Reads first, the
  // file's GET before the details' PUT (which unshares), the removal last.
  'GET /api/credential-documents': [{ target: '-', allow: practitionersAndManaging }],
  'GET /api/credential-documents/organisations/{organisationId}': [
    { target: 'harbour-group', params: { organisationId: org('harbour-group') }, allow: ['alice'] },
    {
      target: 'coastal-physio',
      params: { organisationId: org('coastal-physio') },
      allow: ['isla'],
    },
    { target: 'missing', params: { organisationId: missing }, allow: nobody },
  ],
  'GET /api/credential-documents/{id}': [
    { target: 'alice', params: { id: aliceDocument }, allow: ['alice', 'benForAlice'] },
    { target: 'farah', params: { id: farahDocument }, allow: ['farah', 'benForFarah'] },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'GET /api/credential-documents/{id}/file': [
    { target: 'alice', params: { id: aliceDocument }, allow: ['alice', 'benForAlice'] },
    { target: 'farah', params: { id: farahDocument }, allow: ['farah', 'benForFarah', 'alice'] },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'POST /api/credential-documents': [
    { target: '-', ...documentUpload, allow: practitionersAndManaging, allowed: [201] },
  ],
  'PUT /api/credential-documents/{id}/file': [
    {
      target: 'alice',
      params: { id: aliceDocument },
      ...documentFile,
      allow: ['alice', 'benForAlice'],
      allowed: [200],
    },
    { target: 'missing', params: { id: missing }, ...documentFile, allow: nobody },
  ],
  'PUT /api/credential-documents/{id}': [
    {
      target: 'alice',
      params: { id: aliceDocument },
      body: documentDetails({ organisationIds: [org('harbour-group')] }),
      allow: ['alice', 'benForAlice'],
      allowed: [200],
    },
    {
      target: 'farah',
      params: { id: farahDocument },
      body: documentDetails(),
      allow: ['farah', 'benForFarah'],
      allowed: [200],
    },
    { target: 'missing', params: { id: missing }, body: documentDetails(), allow: nobody },
  ],
  // The first caller allowed removes it; the next one allowed finds it gone.
  'DELETE /api/credential-documents/{id}': [
    {
      target: 'farah',
      params: { id: farahDocument },
      allow: ['farah', 'benForFarah'],
      allowed: [204, 404],
    },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  // Delegation writes come last: they move the seeded delegations on (Dana's invitation, Ben, George).
  'POST /api/delegations/invitations': [
    {
      target: '-',
      body: (caller: Caller) => ({
        authIdentifier: `29${String(Object.keys(identities).indexOf(caller) + 10).padStart(8, '0')}`,
        givenName: 'Matrix',
        familyName: 'Invitee',
        email: 'matrix.invitee@example.com',
        consent: true,
        consentVersion: 1,
      }),
      allow: ['alice', 'farah'],
      allowed: [201, 409],
    },
  ],
  'POST /api/delegations/connections': [
    {
      target: 'jack',
      body: { userId: demoIds.user('jack'), consent: true, consentVersion: 1 },
      // Jack is nobody's connection: a practitioner is told so (404 past the check), others are refused (403).
      allow: ['alice', 'farah'],
      allowed: [201, 404, 409],
      denied: [401, 403],
    },
  ],
  'POST /api/delegations/{id}/resend': [
    {
      target: 'alice->dana',
      params: { id: danaInvitation },
      body: {
        authIdentifier: identities.dana,
        givenName: 'Dana',
        familyName: 'Wu',
        email: 'dana.wu@example.com',
        delegateInvitationId: danaInvitation,
        consent: true,
        consentVersion: 1,
      },
      allow: ['alice'],
      allowed: [200, 409],
    },
  ],
  'POST /api/delegations/{id}/details-update-response': [
    {
      target: 'alice->dana',
      params: { id: danaInvitation },
      body: { acceptDetailsUpdate: false, delegateInvitationId: danaInvitation },
      allow: ['alice'],
      allowed: [200, 409],
    },
  ],
  'POST /api/delegations/{id}/cancel': [
    {
      target: 'alice->dana',
      params: { id: danaInvitation },
      allow: ['alice'],
      allowed: [200, 409],
    },
  ],
  'POST /api/delegations/{id}/reassign': [
    {
      target: 'alice->george',
      params: { id: demoIds.delegation('alice', 'george') },
      body: { consent: true, consentVersion: 1 },
      allow: ['alice'],
      allowed: [200, 409],
    },
  ],
  // --- tasks (docs/decisions/025-tasks.md): lists and counts are of the caller's own practitioner (empty
  // for the others); a task is open to who may edit its entity — Alice (OrganisationManager of the group,
  // and the role's practitioner) and, for the Surry Hills GP service and roles there, Ben (its manager) —
  // and is not found (404) for everyone else. The writes move Alice's seeded tasks on: the first allowed
  // caller completes or dismisses, the next is told it is no longer open (409).
  'GET /api/tasks-notifications/counts': [{ target: 'own', allow: 'signed-in' }],
  'GET /api/tasks': [
    { target: 'open', allow: 'signed-in' },
    { target: 'completed', query: { status: 'Complete', page: '1' }, allow: 'signed-in' },
  ],
  'GET /api/tasks/{id}': [
    { target: 'service task', params: { id: demoIds.task('open-1') }, allow: ['alice', 'ben'] },
    { target: 'location task', params: { id: demoIds.task('open-2') }, allow: ['alice'] },
    // Alice's role at Surry Hills GP: Ben by his service role, or managing Alice as her delegate.
    {
      target: 'role task',
      params: { id: demoIds.task('open-4') },
      allow: ['alice', 'ben', 'benForAlice'],
    },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'GET /api/tasks/{id}/online-form': [
    { target: 'organisation form', params: { id: demoIds.task('open-3') }, allow: ['alice'] },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  'POST /api/tasks/{id}/complete': [
    {
      target: 'service task',
      params: { id: demoIds.task('open-1') },
      body: { choice: 'suggested' },
      allow: ['alice', 'ben'],
      allowed: [200, 409],
    },
    {
      target: 'missing',
      params: { id: missing },
      body: { choice: 'suggested' },
      allow: nobody,
    },
  ],
  'POST /api/tasks/{id}/dismiss': [
    {
      target: 'role task',
      params: { id: demoIds.task('open-4') },
      allow: ['alice', 'ben', 'benForAlice'],
      allowed: [200, 409],
    },
    { target: 'missing', params: { id: missing }, allow: nobody },
  ],
  // --- notifications (docs/decisions/026-notifications.md): whoever sees the bell may list (their own
  // practitioner's, the managed one's, or an empty list) — by now everyone signed in, since the writes
  // above completed the first sign-ins' profiles and gave everyone a business registration's role. Only
  // Alice, and Ben while he manages her, may read or archive hers (Ben in his own account may not); both
  // answer 204 again on a notification already moved.
  'GET /api/notifications': [
    {
      target: '-',
      query: { archived: 'false', page: '1', pageSize: '10' },
      allow: 'signed-in',
    },
  ],
  'POST /api/notifications/{externalId}/read': [
    {
      target: 'alice unread',
      params: { externalId: 'NTF-00100246' },
      allow: ['alice', 'benForAlice'],
    },
    { target: 'missing', params: { externalId: 'NTF-MISSING' }, allow: nobody },
  ],
  'POST /api/notifications/{externalId}/archive': [
    {
      target: 'alice read',
      params: { externalId: 'NTF-00100250' },
      allow: ['alice', 'benForAlice'],
    },
    { target: 'missing', params: { externalId: 'NTF-MISSING' }, allow: nobody },
  ],

  // --- the audit trail (docs/decisions/061-audit-events.md): every session reads its own trail (or the
  // managed practitioner's); whose it is is never a parameter, so there is no one else's to ask for.
  'GET /api/audit-events': [
    { target: 'own trail', query: { entity: 'organisation', pageSize: '5' }, allow: 'signed-in' },
  ],
  'GET /api/audit-events/csv': [
    { target: 'own trail', query: { from: '2026-01-01' }, allow: 'signed-in' },
  ],
  'GET /api/audit-events/actors': [{ target: 'own trail', allow: 'signed-in' }],

  // --- a practitioner's own publishing settings, before Isla registers as a practitioner below: Alice and
  // Farah add PracticeLink, change it, then remove it; Ben, managing each of them after them, finds it
  // already added (409) and already removed (404), past the check.
  'POST /api/practitioner-publications': [
    {
      target: 'own/practice-link',
      body: {
        partnerServiceId: demoIds.partnerService('practice-link'),
        publish: true,
        sharePersonalContact: false,
        // Publishing accepts the partner's statement (docs/decisions/081-practitioner-publication-acceptance.md).
        acceptInformationUseStatementId: demoIds.informationUseStatement('practice-link', 1),
      },
      allow: practitionersAndManaging,
      allowed: [201, 409],
    },
  ],
  'PUT /api/practitioner-publications/{partnerServiceId}': [
    {
      target: 'own/practice-link',
      params: { partnerServiceId: demoIds.partnerService('practice-link') },
      body: { publish: false, sharePersonalContact: false },
      allow: practitionersAndManaging,
    },
    {
      target: 'missing',
      params: { partnerServiceId: missing },
      body: { publish: false, sharePersonalContact: false },
      allow: nobody,
    },
  ],
  'DELETE /api/practitioner-publications/{partnerServiceId}': [
    {
      target: 'own/practice-link',
      params: { partnerServiceId: demoIds.partnerService('practice-link') },
      allow: practitionersAndManaging,
      allowed: [204, 404],
      denied: [401, 403],
    },
    { target: 'missing', params: { partnerServiceId: missing }, allow: nobody },
  ],

  // --- a practitioner's bank account: Alice and Farah save theirs, Alice shares it with MediFund (a second
  // share is 409, past the check) and withdraws; everyone else, and a missing practitioner, gets 404.
  'PUT /api/bank-account/{practitionerId}': [
    {
      target: 'alice',
      params: { practitionerId: alicePractitioner },
      body: bankAccountBody,
      allow: ['alice'],
    },
    {
      target: 'farah',
      params: { practitionerId: farahPractitioner },
      body: bankAccountBody,
      allow: ['farah'],
    },
    {
      target: 'missing',
      params: { practitionerId: missing },
      body: bankAccountBody,
      allow: nobody,
    },
  ],
  'POST /api/bank-account/{practitionerId}/shares': [
    {
      target: 'alice/medifund',
      params: { practitionerId: alicePractitioner },
      body: {
        partnerServiceId: demoIds.partnerService('medifund'),
        consentVersion: 1,
        consent: true,
      },
      allow: ['alice'],
      allowed: [201, 409],
    },
  ],
  'DELETE /api/bank-account/{practitionerId}/shares/{partnerServiceId}': [
    {
      target: 'alice/medifund',
      params: {
        practitionerId: alicePractitioner,
        partnerServiceId: demoIds.partnerService('medifund'),
      },
      allow: ['alice'],
    },
  ],

  // --- register as a practitioner (docs/decisions/023-register-as-practitioner.md): the user themselves
  // only. Last of all: Isla is a practitioner after it, which would change who may call the delegation
  // writes above. Alice already has an HPI-I (409, past the authorisation check).
  'POST /api/profile/{id}/hpii-check': [
    {
      target: 'isla',
      params: { id: demoIds.user('isla') },
      body: { hpii: '8003611860913908' },
      allow: ['isla'],
      allowed: [200, 409],
    },
    {
      target: 'alice',
      params: { id: demoIds.user('alice') },
      body: { hpii: '8003615260181594' },
      allow: ['alice'],
      allowed: [409],
    },
    {
      target: 'missing',
      params: { id: missing },
      body: { hpii: '8003611860913908' },
      allow: nobody,
    },
  ],
  'POST /api/profile/{id}/practitioner-registration': [
    {
      target: 'isla',
      params: { id: demoIds.user('isla') },
      body: { hpii: '8003611860913908', participationAccepted: true, privacyAccepted: true },
      allow: ['isla'],
      allowed: [200, 409],
    },
    {
      target: 'missing',
      params: { id: missing },
      body: { hpii: '8003611860913908', participationAccepted: true, privacyAccepted: true },
      allow: nobody,
    },
  ],
  // --- publishing to partners' writes: the entity's edit right (OrganisationManager; Ben manages Surry Hills
  // GP). The operator reads but does not choose. No recipient is seeded, so removing one answers Alice 404
  // (past the authorisation check) and everyone else 403.
  'PUT /api/publications/{level}/{id}/partners/{partnerServiceId}': [
    {
      target: 'harbour-group/practice-link',
      params: {
        level: 'organisation',
        id: org('harbour-group'),
        partnerServiceId: demoIds.partnerService('practice-link'),
      },
      body: {
        publish: true,
        publishFuturePractitioners: false,
        acceptInformationUseStatementId: demoIds.informationUseStatement('practice-link', 1),
      },
      allow: ['alice'],
    },
    {
      target: 'surry-hills-gp/medifund',
      params: {
        level: 'healthcare-service',
        id: gp,
        partnerServiceId: demoIds.partnerService('medifund'),
      },
      body: { publish: false, publishFuturePractitioners: false },
      allow: ['alice', 'ben'],
    },
    {
      target: 'missing',
      params: {
        level: 'location',
        id: missing,
        partnerServiceId: demoIds.partnerService('medifund'),
      },
      body: { publish: false, publishFuturePractitioners: false },
      allow: nobody,
    },
  ],
  'DELETE /api/publications/{level}/{id}/partners/{partnerServiceId}': [
    {
      target: 'surry-hills-gp/medifund',
      params: {
        level: 'healthcare-service',
        id: gp,
        partnerServiceId: demoIds.partnerService('medifund'),
      },
      allow: ['alice', 'ben'],
    },
    {
      target: 'missing',
      params: {
        level: 'location',
        id: missing,
        partnerServiceId: demoIds.partnerService('medifund'),
      },
      allow: nobody,
    },
  ],
  'POST /api/publications/organisations/{id}/email-recipients': [
    {
      target: 'harbour-group',
      params: { id: org('harbour-group') },
      body: { email: 'matrix@harbour.example.com' },
      allow: ['alice'],
    },
    {
      target: 'missing',
      params: { id: missing },
      body: { email: 'matrix@harbour.example.com' },
      allow: nobody,
    },
  ],
  'DELETE /api/publications/organisations/{id}/email-recipients/{recipientId}': [
    {
      target: 'harbour-group',
      params: { id: org('harbour-group'), recipientId: missing },
      allow: ['alice'],
      allowed: [404],
    },
  ],
  // --- NHSD import's write: by now the earlier writes have made everyone an OrganisationManager of a business
  // of their own (not approved) and approved Riverbend, so only organisations named here matter.
  'POST /api/nhsd-import/import': [
    {
      target: 'harbour-home-visits',
      body: { importIds: [demoIds.nhsdService(6)], organisationId: org('harbour-home-visits') },
      allow: ['alice'],
    },
    {
      target: 'missing',
      body: { importIds: [demoIds.nhsdService(10)], organisationId: missing },
      allow: nobody,
    },
  ],
  // Last of all: Alice stopping Ben's delegation ends his managing of her, so every operation above meets
  // the session managing Alice while the delegation holds.
  'POST /api/delegations/{id}/stop': [
    {
      target: 'alice->ben',
      params: { id: demoIds.delegation('alice', 'ben') },
      body: { consent: true, consentVersion: 1 },
      allow: ['alice'],
      allowed: [200, 409],
    },
  ],
};

/** Whether `caller` is declared allowed by `who`. */
export function isAllowed(who: Who, caller: Caller): boolean {
  if (who === 'public') return true;
  if (caller === 'anonymous') return false;
  if (who === 'signed-in') return signedIn.includes(caller);
  return who.includes(caller);
}
