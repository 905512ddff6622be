import type { Transaction } from '../client.ts';
import {
  delegations,
  endpoints,
  healthcareServices,
  hiServiceRegistry,
  informationUseStatements,
  locations,
  organisations,
  partnerPublications,
  partnerServices,
  practitionerRegistrations,
  practitionerRoles,
  practitioners,
  roleMemberships,
  users,
} from '../schema/index.ts';
import type { OpeningHours } from '../schema/index.ts';
import { demoIds } from './ids.ts';
import { daysFromBase, type World, type WorldOrganisation } from './world.ts';

/**
 * The demo world's reminders (docs/decisions/027-reminders.md): every organisation, location and service
 * had its details verified when the world was seeded, except Harbour Home Visits' mobile location, last
 * verified 121 days before; and Alice's telehealth role ends 29 days after the seeding. So the reminder
 * job's first run gives Alice one confirm-details task and one role-ending notification. Counted from the
 * seeding, not from the fixed base date: the job compares with today, and a world seeded next year must
 * still show one of each (and not every entity gone stale, nor the role long ended).
 */
export const STALE_LOCATION = 'harbour-mobile';
export const ENDING_ROLE = { practitioner: 'alice', healthcareService: 'harbour-telehealth-gp' };
/** The calendar date (yyyy-mm-dd) in Sydney, as the reminder job reads dates. */
const sydneyDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(at);
/**
 * 09:00 in Sydney on the day of seeding: a reseed the same day writes identical rows (the world is
 * deterministic within a day), and the reminder dates still follow the calendar.
 */
export const seedingDayOf = (at: Date) => new Date(`${sydneyDate(at)}T09:00:00+11:00`);
const detailsVerifiedAt = (seedingDay: Date, key: string) =>
  new Date(seedingDay.getTime() - (key === STALE_LOCATION ? 121 : 0) * 86_400_000);
const roleEndDate = (
  seedingDay: Date,
  r: { practitioner: string; healthcareService: string; end?: string },
) =>
  r.end ??
  (r.practitioner === ENDING_ROLE.practitioner &&
  r.healthcareService === ENDING_ROLE.healthcareService
    ? sydneyDate(new Date(seedingDay.getTime() + 29 * 86_400_000))
    : null);

type ContactDetails = {
  phone?: string;
  afterHoursPhone?: string;
  email?: string;
  fax?: string;
  website?: string;
};

// Contact details the world file leaves out but the task and profile screens need as "current values".
const LOCATION_DETAILS: Record<string, ContactDetails> = {
  'surry-hills-clinic': {
    phone: '0291234500',
    email: 'reception@harbourmedical.example.com.au',
    fax: '0291234501',
  },
  'harbour-virtual': { phone: '1300427262', email: 'telehealth@harbourmedical.example.com.au' },
  'harbour-mobile': { phone: '0291234502', afterHoursPhone: '0291234503' },
};

// HCPD's location extras (docs/decisions/079-location-amenities-postal-position.md): amenities, a postal address
// and a map position (near the Surry Hills locality's centre, corrected to Crown Street), so partners see them.
const LOCATION_HCPD: Record<string, Partial<typeof locations.$inferInsert>> = {
  'surry-hills-clinic': {
    amenities: [
      'wheelchairAccess',
      'accessibleFriendlyToilet',
      'hearingInductionLoop',
      'parkingPaid',
    ],
    postalAddressLine: 'PO Box 512',
    postalLocality: 'Surry Hills',
    postalPostcode: '2010',
    postalState: 'NSW',
    latitude: -33.8836,
    longitude: 151.2118,
  },
};

// A location's endpoint (docs/decisions/085-location-endpoints.md): the clinic's FHIR server, so partners and the
// conformance test see Location.endpoint, `_include=Location:endpoint` and `_revinclude=Location:endpoint`.
const LOCATION_ENDPOINTS: Array<
  { key: string; location: string } & Omit<typeof endpoints.$inferInsert, 'organisationId'>
> = [
  {
    key: 'surry-hills-clinic-fhir',
    location: 'surry-hills-clinic',
    name: 'Surry Hills Clinic FHIR server',
    connectionType: 'hl7-fhir-rest',
    payloadType: 'http://ns.hl7.org.au/hl7v2/profiles/HL7AU-OO-REF-SIMPLIFIED-201706',
    payloadMimeTypes: ['application/fhir+json', 'application/fhir+xml'],
    address: 'https://fhir.harbourmedical.example.com.au/surry-hills',
    status: 'active',
  },
];

const SERVICE_DETAILS: Record<string, ContactDetails & { description: string; start: string }> = {
  'surry-hills-gp': {
    description:
      'Bulk-billed general practice for all ages: chronic disease care, immunisation and women’s health.',
    start: '2024-03-04',
    phone: '0291234510',
    afterHoursPhone: '0291234519',
    email: 'gp.surryhills@harbourmedical.example.com.au',
    website: 'https://harbourmedical.example.com.au/surry-hills',
  },
  'surry-hills-skin': {
    description: 'Skin cancer checks, mole mapping and minor excisions.',
    start: '2023-07-01',
    phone: '0291234520',
    email: 'skin@harbourmedical.example.com.au',
    website: 'https://harbourmedical.example.com.au/skin',
  },
  'harbour-telehealth-gp': {
    description: 'Video and phone consultations with Harbour GPs, 24 hours a day, seven days.',
    start: '2025-01-15',
    phone: '1300427262',
    email: 'telehealth@harbourmedical.example.com.au',
    website: 'https://harbourmedical.example.com.au/telehealth',
  },
};

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;
const CLINIC_HOURS: OpeningHours[] = [
  ...WEEKDAYS.map((day) => ({ day, opens: '08:00', closes: '18:00' })),
  { day: 'sat', opens: '09:00', closes: '13:00' },
];
// The telehealth line is open 24 hours every day, public holidays too: a day open 24 hours is stored as its one period
// 00:00–23:59 and served as availableTime.allDay (docs/decisions/080-hours-all-day-and-rsg.md).
const TELEHEALTH_HOURS: OpeningHours[] = (
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun', 'publicHoliday'] as const
).map((day) => ({
  day,
  opens: '00:00',
  closes: '23:59',
}));

/**
 * When practitioners are available in a role, by `practitioner/service` (docs/decisions/080-hours-all-day-and-rsg.md):
 * Alice's GP sessions at Surry Hills; her telehealth role has no hours of its own.
 */
const ROLE_HOURS: Record<string, OpeningHours[]> = {
  'alice/surry-hills-gp': (['mon', 'tue', 'thu', 'fri'] as const).map((day) => ({
    day,
    opens: '08:30',
    closes: '12:30',
  })),
};

/** Practitioners' own recorded sex or gender (administrative-gender codes); the others gave none. */
const RECORDED_SEX_OR_GENDER: Record<string, string> = { alice: 'female' };

/** A seeded business address (docs/decisions/084-organisation-address.md). */
type SeedAddress = { addressLine: string; locality: string; postcode: string; state: string };
const ORGANISATION_DETAILS: Record<
  string,
  { alias?: string; fax?: string; website?: string; abn?: string; address?: SeedAddress }
> = {
  'harbour-group': {
    alias: 'Harbour Medical',
    fax: '0291234599',
    website: 'https://harbourmedical.example.com.au',
    address: {
      addressLine: 'Level 2, 88 George Street',
      locality: 'Sydney',
      postcode: '2000',
      state: 'NSW',
    },
  },
  // The clinic's HPI-O is registered under the group's ABN, and with its address it meets HCPD's
  // hc-organization, so partners see one organisation claiming it.
  'harbour-surry-hills': {
    fax: '0291234501',
    website: 'https://harbourmedical.example.com.au/surry-hills',
    abn: '73947541005',
    address: {
      addressLine: '120 Crown Street',
      locality: 'Surry Hills',
      postcode: '2010',
      state: 'NSW',
    },
  },
  riverbend: { website: 'https://riverbend.example.com.au' },
  'coastal-physio': { website: 'https://coastalphysio.example.com.au' },
};

/** A small SVG logo with the partner's initials, as base64, so tasks can show a partner logo offline. */
function partnerLogo(name: string, colour: string) {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="48" viewBox="0 0 96 48">` +
    `<rect width="96" height="48" rx="8" fill="${colour}"/>` +
    `<text x="48" y="31" font-family="Arial, sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return {
    mimeType: 'image/svg+xml',
    data: Buffer.from(svg).toString('base64'),
    description: `${name} logo`,
  };
}

const PARTNER_COLOURS: Record<string, string> = {
  nhsd: '#00558c',
  'nhsd-providers': '#0a6f8f',
  'health-connect': '#6a2c91',
  medifund: '#1d7a3a',
  'practice-link': '#b3461b',
};

/** Partner keys whose information use statement has a second, newer version. */
const REVISED_IUS = new Set(['nhsd']);

function flattenOrganisations(
  list: WorldOrganisation[],
  parent: string | null = null,
): { org: WorldOrganisation; parent: string | null }[] {
  return list.flatMap((org) => [
    { org, parent },
    ...flattenOrganisations(org.children ?? [], org.key),
  ]);
}

/**
 * Inserts the named part of the world: people, organisations, services, roles, delegations, partners.
 * `seedingDay` (from `seedingDayOf`) is the day the reminder dates count from.
 */
export async function seedWorld(tx: Transaction, world: World, seedingDay: Date): Promise<void> {
  const identities = new Map(world.identities.map((i) => [i.key, i]));

  const portalUsers = world.identities.filter((i) => i.portalUser);
  await tx.insert(users).values(
    portalUsers.map((i, n) => ({
      id: demoIds.user(i.key),
      raNumber: i.raNumber,
      givenName: i.givenName,
      familyName: i.familyName,
      email: i.email ?? null,
      emailConfirmed: i.emailConfirmed ?? false,
      phone: i.phone ?? null,
      isActive: i.active ?? true,
      isProfileComplete: true,
      participationApprovalStatus: i.participationApprovalStatus ?? null,
      createdAt: daysFromBase(-400 + n * 17),
      updatedAt: daysFromBase(-30 + n),
    })),
  );

  const practitionerIdentities = world.identities.filter((i) => i.practitioner);
  await tx.insert(practitioners).values(
    practitionerIdentities.map((i) => ({
      id: demoIds.practitioner(i.key),
      userId: i.portalUser ? demoIds.user(i.key) : null,
      hpii: i.practitioner!.hpii,
      givenName: i.givenName,
      familyName: i.familyName,
      preferredName: i.practitioner!.preferredName ?? null,
      personalEmail: i.practitioner!.personalEmail ?? null,
      personalPhone: i.practitioner!.personalPhone ?? null,
      recordedSexOrGender: RECORDED_SEX_OR_GENDER[i.key] ?? null,
      createdAt: daysFromBase(-390),
      updatedAt: daysFromBase(-45),
    })),
  );
  await tx.insert(practitionerRegistrations).values(
    practitionerIdentities.flatMap((i) =>
      i.practitioner!.registrations.map((r) => ({
        id: demoIds.practitioner(`${i.key}/registration/${r.professionNumber}`),
        practitionerId: demoIds.practitioner(i.key),
        professionNumber: r.professionNumber,
        profession: r.profession,
      })),
    ),
  );

  // Parents come before children in the flattened list, so one insert satisfies the self reference.
  const orgs = flattenOrganisations(world.organisations);
  await tx.insert(organisations).values(
    orgs.map(({ org, parent }) => {
      const root = parent ? world.organisations.find((o) => o.key === parent) : undefined;
      return {
        id: demoIds.organisation(org.key),
        parentId: parent ? demoIds.organisation(parent) : null,
        type: org.type,
        name: org.name,
        alias: ORGANISATION_DETAILS[org.key]?.alias ?? null,
        businessName: org.businessName ?? null,
        abn: org.abn ?? ORGANISATION_DETAILS[org.key]?.abn ?? null,
        hpio: org.hpio ?? null,
        fax: ORGANISATION_DETAILS[org.key]?.fax ?? null,
        website: ORGANISATION_DETAILS[org.key]?.website ?? null,
        ...(ORGANISATION_DETAILS[org.key]?.address ?? {}),
        isPublisher: org.isPublisher ?? false,
        publisherApprovalStatus: org.publisherApprovalStatus ?? null,
        status: org.status ?? 'Active',
        // HI organisations inherit their parent's registration date.
        createdAt: new Date(`${org.created ?? root?.created ?? '2024-01-01'}T09:00:00+11:00`),
        detailsVerifiedAt: detailsVerifiedAt(seedingDay, org.key),
      };
    }),
  );

  const orgLocations = orgs.flatMap(({ org }) => (org.locations ?? []).map((l) => ({ org, l })));
  if (orgLocations.length > 0) {
    await tx.insert(locations).values(
      orgLocations.map(({ org, l }) => ({
        id: demoIds.location(l.key),
        organisationId: demoIds.organisation(org.key),
        name: l.name,
        type: l.type,
        addressLines: l.address ? [l.address] : [],
        locality: l.locality ?? null,
        postcode: l.postcode ?? null,
        state: l.state ?? null,
        ...LOCATION_DETAILS[l.key],
        ...LOCATION_HCPD[l.key],
        createdAt: daysFromBase(-380),
        detailsVerifiedAt: detailsVerifiedAt(seedingDay, l.key),
      })),
    );
  }
  const locationEndpoints = LOCATION_ENDPOINTS.flatMap(({ key, location, ...e }) => {
    const at = orgLocations.find(({ l }) => l.key === location);
    return at
      ? [
          {
            ...e,
            id: demoIds.endpoint(key),
            organisationId: demoIds.organisation(at.org.key),
            locationId: demoIds.location(location),
            // Fixed times, as every seeded row has: a reseed gives the same rows (database.test.ts).
            createdAt: daysFromBase(-60),
            updatedAt: daysFromBase(-60),
          },
        ]
      : [];
  });
  if (locationEndpoints.length > 0) await tx.insert(endpoints).values(locationEndpoints);

  const services = orgs.flatMap(({ org }) =>
    (org.healthcareServices ?? []).map((s) => ({ org, s })),
  );
  if (services.length > 0) {
    await tx.insert(healthcareServices).values(
      services.map(({ org, s }) => {
        const { start, ...details } = SERVICE_DETAILS[s.key] ?? { start: null };
        const virtual = orgLocations.find(({ l }) => l.key === s.location)?.l.type.includes('VI');
        return {
          id: demoIds.healthcareService(s.key),
          organisationId: demoIds.organisation(org.key),
          locationId: demoIds.location(s.location),
          name: s.name,
          serviceType: s.serviceType,
          specialty: s.specialty ?? null,
          languages: s.languages ?? [],
          billing: s.billing ?? [],
          startDate: start,
          openingHours: virtual ? TELEHEALTH_HOURS : CLINIC_HOURS,
          ...details,
          // Harbour's Surry Hills GP came from the NHSD, so the wizard reports its entry as already in use.
          nhsdResourceIdentifier: s.key === 'surry-hills-gp' ? demoIds.nhsdService(0) : null,
          createdAt: daysFromBase(-370),
          detailsVerifiedAt: detailsVerifiedAt(seedingDay, s.key),
        };
      }),
    );
  }

  await tx.insert(practitionerRoles).values(
    world.practitionerRoles.map((r, n) => ({
      id: demoIds.practitionerRole(r.practitioner, r.healthcareService),
      practitionerId: demoIds.practitioner(r.practitioner),
      healthcareServiceId: demoIds.healthcareService(r.healthcareService),
      primaryType: r.primaryType,
      specialty: r.specialty ?? null,
      languages: r.languages ?? [],
      preferredName: identities.get(r.practitioner)?.practitioner?.preferredName ?? null,
      numberOfDays: [4, 2, 3][n % 3]!,
      startDate: r.start,
      endDate: roleEndDate(seedingDay, r),
      availableTime: ROLE_HOURS[`${r.practitioner}/${r.healthcareService}`] ?? [],
      createdAt: new Date(`${r.start}T09:00:00+11:00`),
      updatedAt: new Date(`${r.start}T09:00:00+11:00`),
    })),
  );

  const memberships = portalUsers.flatMap((i) =>
    (i.roles ?? []).map((r, n) => ({
      id: demoIds.user(`${i.key}/role/${n}`),
      userId: demoIds.user(i.key),
      roleType: r.role,
      organisationId: 'organisation' in r ? demoIds.organisation(r.organisation) : null,
      healthcareServiceId:
        'healthcareService' in r ? demoIds.healthcareService(r.healthcareService) : null,
      createdAt: daysFromBase(-360),
    })),
  );
  await tx.insert(roleMemberships).values(memberships);

  await tx.insert(delegations).values(
    world.delegations.map((d, n) => {
      const delegate = identities.get(d.delegate);
      if (!delegate) throw new Error(`Unknown delegate ${d.delegate} in world.json`);
      return {
        id: demoIds.delegation(d.practitioner, d.delegate),
        practitionerId: demoIds.practitioner(d.practitioner),
        // An invitation is not linked to a user until it is accepted.
        delegateUserId:
          delegate.portalUser && d.status !== 'Invited' ? demoIds.user(d.delegate) : null,
        raNumber: delegate.raNumber,
        givenName: delegate.givenName,
        familyName: delegate.familyName,
        email: d.email ?? delegate.email ?? '',
        status: d.status as (typeof delegations.$inferInsert)['status'],
        createdAt: daysFromBase(-200 + n * 30),
        lastUpdated: daysFromBase(-120 + n * 25),
      };
    }),
  );

  await tx
    .insert(hiServiceRegistry)
    .values(
      world.hiServiceRegistry.map((h) => ({ id: demoIds.practitioner(`hi/${h.hpii}`), ...h })),
    );

  await tx.insert(partnerServices).values(
    world.partnerServices.map((p, n) => ({
      id: demoIds.partnerService(p.key),
      code: p.key,
      name: p.name,
      role: p.role,
      featureFlag: p.featureFlag ?? null,
      logo: partnerLogo(p.name, PARTNER_COLOURS[p.key] ?? '#333333'),
      createdAt: daysFromBase(-900 + n),
      // Fixed like every seeded time: a reseed gives identical rows.
      updatedAt: daysFromBase(-900 + n),
    })),
  );
  await tx.insert(informationUseStatements).values(
    world.partnerServices.flatMap((p) =>
      (REVISED_IUS.has(p.key) ? [1, 2] : [1]).map((version) => ({
        id: demoIds.informationUseStatement(p.key, version),
        partnerServiceId: demoIds.partnerService(p.key),
        version,
        title: `${p.name} information use statement (version ${version})`,
        content:
          `${p.name} uses the service, location and practitioner details you publish to it only to ` +
          (p.role === 'payer'
            ? 'validate claims and show members where they can be treated. '
            : p.role === 'referral'
              ? 'let referrers find and send referrals to your services. '
              : 'list your services in a directory for consumers and providers. ') +
          'Details are not sold or used for marketing. You can stop publishing at any time.' +
          (version > 1
            ? ' This version adds consumer-facing display of practitioner languages.'
            : ''),
        publishedAt: daysFromBase(version === 1 ? -800 : -60),
      })),
    ),
  );

  // Harbour publishes to the NHSD, its providers-only twin and MediFund. Every publication names the
  // partner's current statement and the person who accepted it (Alice, Harbour's organisation manager): the
  // NHSD's version 2 was accepted ten days after it was published, on Harbour's tab and on Surry Hills GP's.
  // The world holds no publication without a current acceptance
  // (docs/decisions/056-publications-need-current-acceptance.md; the consent check finds none).
  const harbour = demoIds.organisation('harbour-group');
  const alice = demoIds.user('alice');
  const accepted = (partner: string, createdDay: number) => {
    const version = REVISED_IUS.has(partner) ? 2 : 1;
    const acceptedDay = version === 2 ? -50 : createdDay;
    return {
      partnerServiceId: demoIds.partnerService(partner),
      informationUseStatementId: demoIds.informationUseStatement(partner, version),
      publish: true,
      acceptedByUserId: alice,
      acceptedAt: daysFromBase(acceptedDay),
      updatedByUserId: alice,
      createdAt: daysFromBase(createdDay),
      updatedAt: daysFromBase(acceptedDay),
    };
  };
  await tx.insert(partnerPublications).values([
    {
      id: demoIds.organisation('harbour-group/preference/nhsd'),
      organisationId: harbour,
      ...accepted('nhsd', -300),
      publishFuturePractitioners: true,
    },
    {
      id: demoIds.organisation('harbour-group/preference/nhsd-providers'),
      organisationId: harbour,
      ...accepted('nhsd-providers', -300),
      publishFuturePractitioners: true,
    },
    {
      id: demoIds.organisation('harbour-group/preference/medifund'),
      organisationId: harbour,
      ...accepted('medifund', -250),
      publishFuturePractitioners: false,
    },
  ]);
  await tx.insert(partnerPublications).values(
    (['nhsd', 'nhsd-providers'] as const).map((partner) => ({
      id: demoIds.healthcareService(`surry-hills-gp/subscription/${partner}`),
      organisationId: demoIds.organisation('harbour-surry-hills'),
      healthcareServiceId: demoIds.healthcareService('surry-hills-gp'),
      ...accepted(partner, -300),
      publishFuturePractitioners: true,
    })),
  );
}
