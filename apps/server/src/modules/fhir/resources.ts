import { fhirIdentifierSystems } from '@pca/contracts/fhir-paths.ts';
import { billingOptions, LANGUAGE_SYSTEM, languageName } from '@pca/contracts/value-lists.ts';
import { locationAmenities } from '@pca/contracts/locations.ts';
import type { OpeningHours } from '#db/schema/index.ts';

// FHIR R4 resources shaped after AU Base (docs/decisions/031-fhir-partner-api.md): Healthcare Identifiers with
// their systems and identifier types, AU addresses, telecom without what the provider suppressed. Pure
// functions of database rows; the tests validate every resource against the base R4 definitions.

/** The HL7 v3 RoleCode system of the location type codes MOBL (mobile unit) and VI (virtual). */
export const ROLE_CODE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-RoleCode';
/**
 * Identifier types: HL7's v2 table 0203 where AU Base's identifier profile fixes it (au-hpii: NPI; HCPD's local
 * and endpoint identifiers: XX, RI), and AU Base's Australian extension of it for the codes only that
 * extension has (au-hpio: NOI, au-australianbusinessnumber: ABN) — docs/decisions/071-terminology-and-codes.md.
 */
const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203';
const AU_IDENTIFIER_TYPE_SYSTEM = 'http://terminology.hl7.org.au/CodeSystem/v2-0203';
/** SNOMED CT (CT-AU codes are SNOMED CT codes). */
export const SNOMED = 'http://snomed.info/sct';

/** HCPD's local identifier (hc-local-identifier): the resource's id in this directory, type XX. */
export const HC_LOCAL_IDENTIFIER_SYSTEM =
  'http://digitalhealth.gov.au/fhir/hcpd/id/hc-local-identifier';
const localIdentifier = (id: string): Json => ({
  type: { coding: [{ system: V2_0203, code: 'XX', display: 'Organization identifier' }] },
  system: HC_LOCAL_IDENTIFIER_SYSTEM,
  value: id,
});

/** A coded concept from the terminology table (docs/decisions/071-terminology-and-codes.md). */
export interface Coding {
  code: string;
  display: string;
}
/** A CodeableConcept of the text people entered, with its SNOMED CT coding when the text is matched to one. */
export const codeableOf = (text: string, coding: Coding | null | undefined): Json =>
  coding
    ? { coding: [{ system: SNOMED, code: coding.code, display: coding.display }], text }
    : { text };

/**
 * The profiles a resource declares (docs/decisions/072-endpoint-and-provenance.md): AU Base's always (every
 * resource meets it), HCPD's when this instance has every element HCPD's profile requires.
 */
const AU_BASE = 'http://hl7.org.au/fhir/StructureDefinition/';
const HCPD = 'http://digitalhealth.gov.au/fhir/hcpd/StructureDefinition/';
export const profiles = {
  Organization: { auBase: `${AU_BASE}au-organization`, hcpd: `${HCPD}hc-organization` },
  Location: { auBase: `${AU_BASE}au-location`, hcpd: `${HCPD}hc-location` },
  HealthcareService: {
    auBase: `${AU_BASE}au-healthcareservice`,
    hcpd: `${HCPD}hc-healthcareservice`,
  },
  Practitioner: { auBase: `${AU_BASE}au-practitioner`, hcpd: `${HCPD}hc-practitioner` },
  PractitionerRole: {
    auBase: `${AU_BASE}au-practitionerrole`,
    hcpd: `${HCPD}hc-practitionerrole`,
  },
  Endpoint: { auBase: `${AU_BASE}au-endpoint`, hcpd: `${HCPD}hc-endpoint` },
  Provenance: { auBase: null, hcpd: `${HCPD}hc-provenance` },
} as const;
const profileList = (type: keyof typeof profiles, meetsHcpd: boolean) =>
  present<string>([profiles[type].auBase, meetsHcpd && profiles[type].hcpd]);
/** R4's organisation types: every organisation in the portal is `prov` (a healthcare provider). */
export const ORGANIZATION_TYPE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/organization-type';
/** R4's location physical types: a physical practice is `bu` (a building), as HCPD's examples have it. */
export const PHYSICAL_TYPE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/location-physical-type';
/** R4's days of the week (HealthcareService.availableTime.daysOfWeek). */
export const DAYS_OF_WEEK_SYSTEM = 'http://hl7.org/fhir/days-of-week';
export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** AU Base's AHPRA registration number (a practitioner's qualification identifier). */
export const AHPRA_SYSTEM = 'http://hl7.org.au/id/ahpra-registration-number';

export type Json = Record<string, unknown>;

interface ContactColumns {
  phone: string | null;
  afterHoursPhone?: string | null;
  email: string | null;
  fax: string | null;
  website: string | null;
}

const present = <T>(values: Array<T | null | undefined | false>): T[] =>
  values.filter((v): v is T => v !== null && v !== undefined && v !== false);

/** Drops empty arrays and undefined members, so no resource carries an empty element (R4 forbids them). */
function compact(resource: Json): Json {
  return Object.fromEntries(
    Object.entries(resource).filter(
      ([, v]) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0),
    ),
  );
}

/** Telecom of a contact block; a suppressed phone or email is left out altogether. */
export function telecomOf(
  c: ContactColumns,
  suppress: { suppressPhone: boolean; suppressEmail: boolean } = {
    suppressPhone: false,
    suppressEmail: false,
  },
): Json[] {
  return present<Json>([
    !suppress.suppressPhone && !!c.phone && { system: 'phone', value: c.phone, use: 'work' },
    !suppress.suppressPhone &&
      !!c.afterHoursPhone && {
        system: 'phone',
        value: c.afterHoursPhone,
        use: 'work',
        // No R4 code says "after hours"; the rank orders it after the main number.
        rank: 2,
      },
    !suppress.suppressEmail && !!c.email && { system: 'email', value: c.email, use: 'work' },
    !!c.fax && { system: 'fax', value: c.fax, use: 'work' },
    !!c.website && { system: 'url', value: c.website, use: 'work' },
  ]);
}

// Raw statements answer a timestamp as a Date (node-postgres) or as text (PGlite).
const meta = (lastUpdated: Date | string, profile: string[]) => ({
  lastUpdated: new Date(lastUpdated).toISOString(),
  profile,
});

export interface OrganisationRow {
  id: string;
  parentId: string | null;
  name: string;
  alias: string | null;
  abn: string | null;
  hpio: string | null;
  phone: string | null;
  email: string | null;
  fax: string | null;
  website: string | null;
  status: string;
  lastUpdated: Date | string;
  /** The organisation's active endpoints (platform/db/schema/endpoints.ts). */
  endpointIds?: string[] | null;
  /** The business address (docs/decisions/084-organisation-address.md); none in rows that predate it. */
  addressLine?: string | null;
  locality?: string | null;
  postcode?: string | null;
  state?: string | null;
}

/**
 * An organisation's business address as HCPD's hc-organization slices it (docs/decisions/084-organisation-address.md):
 * its one `physical` address, shaped as a location's, with the text a person would write on an envelope.
 */
function organisationAddressOf(o: OrganisationRow): Json | undefined {
  if (!o.addressLine || !o.locality) return undefined;
  return compact({
    use: 'work',
    type: 'physical',
    text: `${o.addressLine}, ${present([o.locality, o.state, o.postcode]).join(' ')}`,
    line: [o.addressLine],
    city: o.locality,
    state: o.state ?? undefined,
    postalCode: o.postcode ?? undefined,
    country: 'AU',
  });
}

/** References to resources of one type (none: left out). */
const refs = (type: string, ids: string[] | null | undefined) =>
  ids?.length ? ids.map((id) => ({ reference: `${type}/${id}` })) : undefined;

/**
 * HCPD's hc-hpio requires the HPI-O's classification in the HI Service (hc-org-classification, required binding):
 * an organisation at the top of its hierarchy is a `seed`, one under a parent a `network` organisation
 * (docs/decisions/083-practitioner-role-identifiers.md).
 */
export const HC_ORG_CLASSIFICATION_URL =
  'http://digitalhealth.gov.au/fhir/hcpd/StructureDefinition/hc-org-classification';
const hpioClassification = (parentId: string | null | undefined): Json => ({
  url: HC_ORG_CLASSIFICATION_URL,
  valueCodeableConcept: {
    coding: [
      {
        system: 'http://digitalhealth.gov.au/fhir/hcpd/CodeSystem/hc-org-classification-cs',
        ...(parentId ? { code: 'network', display: 'Network' } : { code: 'seed', display: 'Seed' }),
      },
    ],
  },
});

export function organizationResource(o: OrganisationRow): Json {
  const address = organisationAddressOf(o);
  // HCPD's hc-organization requires a name, the ABN (1..1), an HPI-O or HSP-O (inv-01; the portal keeps HPI-Os
  // only) and the physical address (1..1), which is optional in the portal: claimed only with all of them
  // (docs/decisions/084-organisation-address.md).
  const meetsHcpd = !!o.name && !!o.abn && !!o.hpio && !!address;
  return compact({
    resourceType: 'Organization',
    id: o.id,
    meta: meta(o.lastUpdated, profileList('Organization', meetsHcpd)),
    identifier: present<Json>([
      !!o.hpio && {
        extension: [hpioClassification(o.parentId)],
        type: {
          coding: [
            {
              system: AU_IDENTIFIER_TYPE_SYSTEM,
              code: 'NOI',
              display: 'National Organisation Identifier',
            },
          ],
          text: 'HPI-O',
        },
        system: fhirIdentifierSystems.hpio,
        value: o.hpio,
      },
      !!o.abn && {
        type: {
          coding: [
            {
              system: AU_IDENTIFIER_TYPE_SYSTEM,
              code: 'ABN',
              display: 'Australian Business Number',
            },
          ],
          text: 'ABN',
        },
        system: fhirIdentifierSystems.abn,
        value: o.abn,
      },
    ]),
    active: o.status === 'Active',
    type: [
      {
        coding: [
          { system: ORGANIZATION_TYPE_SYSTEM, code: 'prov', display: 'Healthcare Provider' },
        ],
      },
    ],
    name: o.name,
    alias: o.alias ? [o.alias] : undefined,
    telecom: telecomOf(o),
    address: address ? [address] : undefined,
    partOf: o.parentId ? { reference: `Organization/${o.parentId}` } : undefined,
    endpoint: refs('Endpoint', o.endpointIds),
  });
}

export interface LocationRow extends ContactColumns {
  id: string;
  organisationId: string;
  name: string;
  type: string[];
  addressLines: string[];
  locality: string | null;
  postcode: string | null;
  state: string | null;
  isActive: boolean;
  suppressPhone: boolean;
  suppressEmail: boolean;
  lastUpdated: Date | string;
  amenities: string[];
  postalAddressLine: string | null;
  postalLocality: string | null;
  postalPostcode: string | null;
  postalState: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The location's own endpoints (docs/decisions/085-location-endpoints.md). */
  endpointIds?: string[] | null;
}

/**
 * HCPD's hc-location extensions (docs/decisions/079-location-amenities-postal-position.md): each amenity as the
 * `amenity` extension the profile slices (its URL, as the extension defines it), and a postal address if
 * different as `hc-alternate-postal-address` (an Address of type postal, as the extension fixes).
 */
export const AMENITY_EXTENSION = 'http://digitalhealth.gov.au/fhir/cc/StructureDefinition/amenity';
export const ALTERNATE_POSTAL_ADDRESS_EXTENSION =
  'http://digitalhealth.gov.au/fhir/hcpd/StructureDefinition/hc-alternate-postal-address';

function locationExtensions(l: LocationRow): Json[] {
  const amenities = l.amenities.flatMap((code) => {
    const a = locationAmenities.find((c) => c.code === code);
    return a
      ? [
          {
            url: AMENITY_EXTENSION,
            valueCodeableConcept: {
              coding: [{ system: a.system, code: a.code, display: a.display }],
            },
          },
        ]
      : [];
  });
  const postal = l.postalAddressLine
    ? [
        {
          url: ALTERNATE_POSTAL_ADDRESS_EXTENSION,
          valueAddress: compact({
            use: 'work',
            type: 'postal',
            text: [
              l.postalAddressLine,
              [l.postalLocality, l.postalState, l.postalPostcode].filter(Boolean).join(' '),
            ]
              .filter(Boolean)
              .join(', '),
            line: [l.postalAddressLine],
            city: l.postalLocality ?? undefined,
            state: l.postalState ?? undefined,
            postalCode: l.postalPostcode ?? undefined,
            country: 'AU',
          }),
        },
      ]
    : [];
  return [...postal, ...amenities];
}

/** An AU address of a physical place (none for a mobile or virtual one). */
function addressOf(l: {
  addressLines: string[];
  locality: string | null;
  postcode: string | null;
  state: string | null;
}): Json | undefined {
  if (!l.addressLines.length && !l.locality) return undefined;
  return compact({
    use: 'work',
    type: 'physical',
    line: l.addressLines,
    city: l.locality ?? undefined,
    state: l.state ?? undefined,
    postalCode: l.postcode ?? undefined,
    country: 'AU',
  });
}

export function locationResource(l: LocationRow): Json {
  const address = addressOf(l);
  // hc-location: a type (mobile, virtual) or a physical type; a practice with an address is a building, as
  // HCPD's examples have it (and `locationphysicaltype` searches it, repository.ts).
  const physicalType =
    !l.type.length && address
      ? { coding: [{ system: PHYSICAL_TYPE_SYSTEM, code: 'bu', display: 'Building' }] }
      : undefined;
  return compact({
    resourceType: 'Location',
    id: l.id,
    meta: meta(l.lastUpdated, profileList('Location', l.type.length > 0 || !!physicalType)),
    extension: locationExtensions(l),
    identifier: [localIdentifier(l.id)],
    status: l.isActive ? 'active' : 'inactive',
    name: l.name,
    mode: 'instance',
    type: l.type.map((code) => ({
      coding: [
        {
          system: ROLE_CODE_SYSTEM,
          code,
          display: code === 'MOBL' ? 'Mobile Unit' : code === 'VI' ? 'virtual' : code,
        },
      ],
    })),
    telecom: telecomOf(l, l),
    address,
    physicalType,
    position:
      l.latitude !== null && l.longitude !== null
        ? { longitude: l.longitude, latitude: l.latitude }
        : undefined,
    managingOrganization: { reference: `Organization/${l.organisationId}` },
    endpoint: refs('Endpoint', l.endpointIds),
  });
}

/**
 * HCPD's practitioner-role-communication extension, by the canonical URL its StructureDefinition declares (the
 * `cc` one; docs/decisions/078-languages-and-billing.md says why not the URL in the `languages` expression).
 */
export const ROLE_COMMUNICATION_EXTENSION =
  'http://digitalhealth.gov.au/fhir/cc/StructureDefinition/practitioner-role-communication';
/** A language (BCP 47 code) as a CodeableConcept of common-languages-australia-2. */
const languageConcept = (code: string): Json => ({
  coding: [{ system: LANGUAGE_SYSTEM, code, display: languageName(code) }],
});
/** A billing code as HCPD's hc-service-provision-code-vs composes it (each code with its own system). */
const billingConcept = (code: string): Json => {
  const option = billingOptions.find((b) => b.code === code);
  return option
    ? { coding: [{ system: option.system, code, display: option.display }] }
    : { text: code };
};

export interface ServiceRow extends ContactColumns {
  id: string;
  organisationId: string;
  locationId: string | null;
  name: string;
  serviceType: string;
  description: string | null;
  startDate: string | null;
  endDate: string | null;
  openingHours: OpeningHours[];
  nhsdResourceIdentifier: string | null;
  suppressPhone: boolean;
  suppressEmail: boolean;
  lastUpdated: Date | string;
  /** The service type's SNOMED CT coding, when its text is matched in the terminology table. */
  serviceTypeCoding?: Coding | null;
  /** The service's specialty as words, null when none (docs/decisions/077-specialties.md). */
  specialty?: string | null;
  /** The specialty's SNOMED CT coding, when its text is matched in the terminology table. */
  specialtyCoding?: Coding | null;
  /** The service's active endpoints. */
  endpointIds?: string[] | null;
  /** Languages offered besides English (BCP 47 codes) and billing codes (docs/decisions/078-languages-and-billing.md). */
  languages?: string[];
  billing?: string[];
}

const fhirDays: Record<string, string> = {
  mon: 'mon',
  tue: 'tue',
  wed: 'wed',
  thu: 'thu',
  fri: 'fri',
  sat: 'sat',
  sun: 'sun',
};
/** "08:00" → "08:00:00" (FHIR time). */
const fhirTime = (t: string) => (t.length === 5 ? `${t}:00` : t);

/**
 * A day open 24 hours is stored as its one period 00:00–23:59 (platform/entities/opening-hours.ts); it is
 * served as availableTime.allDay with no times (docs/decisions/080-hours-all-day-and-rsg.md).
 */
export const ALL_DAY_OPENS = '00:00';
export const ALL_DAY_CLOSES = '23:59';
const isAllDay = (hours: OpeningHours[], day: string) => {
  const periods = hours.filter((h) => h.day === day);
  return (
    periods.length === 1 &&
    periods[0]!.opens === ALL_DAY_OPENS &&
    periods[0]!.closes === ALL_DAY_CLOSES
  );
};

/** HealthcareService / PractitionerRole availableTime of stored hours (public holidays have no FHIR day). */
export function availableTimeOf(hours: OpeningHours[]): Json[] {
  return hours
    .filter((h) => fhirDays[h.day])
    .map((h) =>
      isAllDay(hours, h.day)
        ? { daysOfWeek: [fhirDays[h.day]], allDay: true }
        : {
            daysOfWeek: [fhirDays[h.day]],
            availableStartTime: fhirTime(h.opens),
            availableEndTime: fhirTime(h.closes),
          },
    );
}

/** Whether a dated thing is current on `today` (yyyy-mm-dd). */
export const isCurrent = (start: string | null, end: string | null, today: string) =>
  (!start || start <= today) && (!end || end >= today);

export function healthcareServiceResource(s: ServiceRow, today: string): Json {
  // hc-healthcareservice: a coded type (required binding) and exactly one location.
  const meetsHcpd = !!s.serviceTypeCoding && !!s.locationId;
  return compact({
    resourceType: 'HealthcareService',
    id: s.id,
    meta: meta(s.lastUpdated, profileList('HealthcareService', meetsHcpd)),
    identifier: present<Json>([
      localIdentifier(s.id),
      !!s.nhsdResourceIdentifier && {
        system: fhirIdentifierSystems.nhsdService,
        value: s.nhsdResourceIdentifier,
      },
    ]),
    active: isCurrent(s.startDate, s.endDate, today),
    providedBy: { reference: `Organization/${s.organisationId}` },
    type: [codeableOf(s.serviceType, s.serviceTypeCoding)],
    specialty: s.specialty ? [codeableOf(s.specialty, s.specialtyCoding)] : undefined,
    location: s.locationId ? [{ reference: `Location/${s.locationId}` }] : undefined,
    name: s.name,
    comment: s.description ?? undefined,
    telecom: telecomOf(s, s),
    serviceProvisionCode: s.billing?.map(billingConcept),
    availableTime: availableTimeOf(s.openingHours),
    communication: s.languages?.map(languageConcept),
    endpoint: refs('Endpoint', s.endpointIds),
  });
}

export interface PractitionerRow {
  id: string;
  hpii: string | null;
  givenName: string;
  familyName: string;
  preferredName: string | null;
  /** Personal contact details: present only when shared with this partner after its request. */
  personalEmail: string | null;
  personalPhone: string | null;
  /** AHPRA registrations (profession and registration number), published on the national register. */
  registrations: Array<{ profession: string; number: string }>;
  /** The practitioner's own recorded sex or gender (administrative-gender code), null when not given. */
  recordedSexOrGender?: string | null;
  lastUpdated: Date | string;
}

/** The extension HCPD's `rsg` searches, as AU Base profiles it on Practitioner. */
export const RECORDED_SEX_OR_GENDER_URL =
  'http://hl7.org/fhir/StructureDefinition/individual-recordedSexOrGender';
export const ADMINISTRATIVE_GENDER_SYSTEM = 'http://hl7.org/fhir/administrative-gender';
const genderDisplay: Record<string, string> = { female: 'Female', male: 'Male', other: 'Other' };

/**
 * The practitioner's recorded sex or gender as AU Base's practitioner example carries it: the value an
 * administrative-gender coding (what HCPD's `rsg` searches), the type AU Base's rsg-type `sex-gender`. The
 * practitioner gave it themselves on their profile, so no source document, source system or jurisdiction.
 */
function recordedSexOrGenderOf(code: string): Json {
  return {
    url: RECORDED_SEX_OR_GENDER_URL,
    extension: [
      {
        url: 'value',
        valueCodeableConcept: {
          coding: [
            { system: ADMINISTRATIVE_GENDER_SYSTEM, code, display: genderDisplay[code] ?? code },
          ],
        },
      },
      {
        url: 'type',
        valueCodeableConcept: {
          coding: [
            {
              system: 'http://terminology.hl7.org.au/CodeSystem/rsg-type',
              code: 'sex-gender',
              display: 'Sex/Gender',
            },
          ],
        },
      },
    ],
  };
}

/** AU Base's au-ahpraregistrationnumber: type AHPRA of the Australian v2-0203, its fixed system. */
const ahpraIdentifier = (value: string): Json => ({
  type: {
    coding: [
      {
        system: AU_IDENTIFIER_TYPE_SYSTEM,
        code: 'AHPRA',
        display: 'Australian Health Practitioner Regulation Agency Registration Number',
      },
    ],
    text: 'AHPRA registration number',
  },
  system: AHPRA_SYSTEM,
  value,
});

export function practitionerResource(p: PractitionerRow): Json {
  // hc-practitioner requires the HPI-I, recorded sex or gender and a professional registration
  // (docs/decisions/080-hours-all-day-and-rsg.md): declared when this practitioner has all three.
  const meetsHcpd = !!p.hpii && !!p.recordedSexOrGender && p.registrations.length > 0;
  return compact({
    resourceType: 'Practitioner',
    id: p.id,
    meta: meta(p.lastUpdated, profileList('Practitioner', meetsHcpd)),
    extension: p.recordedSexOrGender ? [recordedSexOrGenderOf(p.recordedSexOrGender)] : undefined,
    identifier: p.hpii
      ? [
          {
            type: {
              coding: [
                {
                  system: V2_0203,
                  code: 'NPI',
                  display: 'National Provider Identifier',
                },
              ],
              text: 'HPI-I',
            },
            system: fhirIdentifierSystems.hpii,
            value: p.hpii,
          },
        ]
      : undefined,
    active: true,
    name: present<Json>([
      { use: 'official', family: p.familyName, given: [p.givenName] },
      // hc-practitioner's alternate-name slice (use usual) requires a family name: the practitioner's own.
      !!p.preferredName && { use: 'usual', text: p.preferredName, family: p.familyName },
    ]),
    telecom: present<Json>([
      !!p.personalPhone && { system: 'phone', value: p.personalPhone, use: 'mobile' },
      !!p.personalEmail && { system: 'email', value: p.personalEmail, use: 'home' },
    ]),
    // As AU Base represents an AHPRA registration (HCPD's regprof and identifier-r5 search these).
    qualification: p.registrations.map((reg) => ({
      identifier: [ahpraIdentifier(reg.number)],
      code: {
        coding: [
          {
            system: 'http://terminology.hl7.org.au/CodeSystem/v2-0360',
            code: 'AHPRA',
            display: 'Ahpra Registration',
          },
        ],
        text: reg.profession,
      },
      issuer: { display: 'Australian Health Practitioner Regulation Agency' },
    })),
  });
}

export interface RoleRow {
  id: string;
  practitionerId: string;
  healthcareServiceId: string;
  organisationId: string;
  locationId: string | null;
  primaryType: string;
  startDate: string;
  endDate: string | null;
  lastUpdated: Date | string;
  /** The role type's SNOMED CT coding, when its text is matched in the terminology table. */
  primaryTypeCoding?: Coding | null;
  /** The role's specialty as words, null when none (docs/decisions/077-specialties.md). */
  specialty?: string | null;
  /** The specialty's SNOMED CT coding, when its text is matched in the terminology table. */
  specialtyCoding?: Coding | null;
  /** The role's service's active endpoints (a role is reached at its service's). */
  endpointIds?: string[] | null;
  /** Languages the practitioner offers in the role besides English (BCP 47 codes). */
  languages?: string[];
  /** When the practitioner is available in the role ([] or absent: no hours of its own). */
  availableTime?: OpeningHours[] | null;
  /**
   * The practitioner's Ahpra registration number that applies to this role: their only one (null when they
   * have none or several — docs/decisions/083-practitioner-role-identifiers.md).
   */
  ahpraRegistration?: string | null;
}

export function practitionerRoleResource(r: RoleRow, today: string): Json {
  // hc-practitionerrole (docs/decisions/083-practitioner-role-identifiers.md): the role's local identifier, its
  // Ahpra registration (inv-01; the one on the practitioner's qualification, inv-02), code, organization,
  // practitioner, healthcareService (always here) and exactly one location (its service's, when it has one).
  const meetsHcpd = !!r.ahpraRegistration && !!r.locationId;
  return compact({
    resourceType: 'PractitionerRole',
    id: r.id,
    meta: meta(r.lastUpdated, profileList('PractitionerRole', meetsHcpd)),
    // One extension a language, as hc-practitionerrole slices it (0..*, each one valueCodeableConcept).
    extension: r.languages?.map((code) => ({
      url: ROLE_COMMUNICATION_EXTENSION,
      valueCodeableConcept: languageConcept(code),
    })),
    identifier: present<Json>([
      localIdentifier(r.id),
      !!r.ahpraRegistration && ahpraIdentifier(r.ahpraRegistration),
    ]),
    active: isCurrent(r.startDate, r.endDate, today),
    period: compact({ start: r.startDate, end: r.endDate ?? undefined }),
    practitioner: { reference: `Practitioner/${r.practitionerId}` },
    organization: { reference: `Organization/${r.organisationId}` },
    code: [codeableOf(r.primaryType, r.primaryTypeCoding)],
    specialty: r.specialty ? [codeableOf(r.specialty, r.specialtyCoding)] : undefined,
    location: r.locationId ? [{ reference: `Location/${r.locationId}` }] : undefined,
    healthcareService: [{ reference: `HealthcareService/${r.healthcareServiceId}` }],
    availableTime: availableTimeOf(r.availableTime ?? []),
    endpoint: refs('Endpoint', r.endpointIds),
  });
}

/** An OperationOutcome with one issue (every error of the partner API, and the answer of its operation). */
export function operationOutcome(
  code:
    | 'not-found'
    | 'invalid'
    | 'processing'
    | 'conflict'
    | 'login'
    | 'forbidden'
    | 'not-supported'
    | 'exception'
    | 'throttled'
    | 'too-long'
    | 'transient'
    | 'informational'
    | 'incomplete',
  diagnostics: string,
  severity: 'error' | 'fatal' | 'warning' | 'information' = 'error',
): Json {
  return { resourceType: 'OperationOutcome', issue: [{ severity, code, diagnostics }] };
}

/**
 * The OperationOutcome of an HTTP error status: the partner API's error handler and the router's errors under
 * `/fhir` (app/framework-problems.ts) answer the same way.
 */
export function outcomeOfStatus(status: number, diagnostics: string): Json {
  if (status >= 500) return operationOutcome('exception', diagnostics, 'fatal');
  if (status === 404) return operationOutcome('not-found', diagnostics);
  if (status === 429) return operationOutcome('throttled', diagnostics);
  if (status === 413 || status === 414) return operationOutcome('too-long', diagnostics);
  return operationOutcome('invalid', diagnostics);
}
