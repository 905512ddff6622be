import { asc, eq, inArray } from 'drizzle-orm';
import type {
  HealthcareServiceSummary,
  BusinessLocationKind,
  EntityContactView,
  LocationSummary,
  PractitionerRoleSummary,
} from '@pca/contracts';
import { practitionerName } from '#db/selections.ts';
import type { Database } from '#db/client.ts';
import {
  healthcareServices,
  locations,
  practitionerRoles,
  practitioners,
} from '#db/schema/index.ts';

type LocationRow = typeof locations.$inferSelect;

/** Today as YYYY-MM-DD in Australian Eastern time, the portal's business day. */
export function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
}

/** True while today is within the optional start and end dates. */
export function isWithinDates(start: string | null, end: string | null, on = today()): boolean {
  return (!start || start <= on) && (!end || end >= on);
}

/** The form's location kind of a stored type list. */
export function locationKind(type: readonly string[]): BusinessLocationKind {
  if (type.includes('VI')) return 'VI';
  if (type.includes('MOBL')) return 'MOBL';
  return 'physical';
}

/** One-line address, e.g. "120 Crown Street, Surry Hills NSW 2010" ('' for virtual or mobile). */
export function addressText(
  l: Pick<LocationRow, 'addressLines' | 'locality' | 'state' | 'postcode'>,
) {
  const place = [l.locality, l.state, l.postcode].filter(Boolean).join(' ');
  return [...l.addressLines, place].filter(Boolean).join(', ');
}

/** Location rows as summaries. */
export function toLocationSummary(l: LocationRow): LocationSummary {
  return {
    id: l.id,
    name: l.name,
    kind: locationKind(l.type),
    address: addressText(l),
    isActive: l.isActive,
  };
}

/** Healthcare services of some organisations (or at some locations), by name. */
export async function loadServiceSummaries(
  db: Database,
  filter: { organisationIds: string[] } | { locationId: string },
): Promise<Array<HealthcareServiceSummary & { organisationId: string }>> {
  const where =
    'locationId' in filter
      ? eq(healthcareServices.locationId, filter.locationId)
      : filter.organisationIds.length
        ? inArray(healthcareServices.organisationId, filter.organisationIds)
        : undefined;
  if (!where) return [];
  const rows = await db
    .select({ service: healthcareServices, locationName: locations.name })
    .from(healthcareServices)
    .leftJoin(locations, eq(locations.id, healthcareServices.locationId))
    .where(where)
    .orderBy(asc(healthcareServices.name), asc(healthcareServices.id));
  const on = today();
  return rows.map(({ service, locationName }) => ({
    id: service.id,
    organisationId: service.organisationId,
    name: service.name,
    serviceType: service.serviceType,
    locationName,
    isActive: isWithinDates(service.startDate, service.endDate, on),
  }));
}

// The practitioners tab is a summary; the practitioners page pages and filters large organisations.
const PRACTITIONER_TAB_LIMIT = 500;

/** Practitioner roles at some healthcare services, by practitioner name. */
export async function loadPractitionerRoleSummaries(
  db: Database,
  serviceIds: string[],
): Promise<PractitionerRoleSummary[]> {
  if (!serviceIds.length) return [];
  const rows = await db
    .select({
      id: practitionerRoles.id,
      ...practitionerName,
      healthcareServiceId: healthcareServices.id,
      healthcareServiceName: healthcareServices.name,
      primaryType: practitionerRoles.primaryType,
      startDate: practitionerRoles.startDate,
      endDate: practitionerRoles.endDate,
    })
    .from(practitionerRoles)
    .innerJoin(practitioners, eq(practitioners.id, practitionerRoles.practitionerId))
    .innerJoin(healthcareServices, eq(healthcareServices.id, practitionerRoles.healthcareServiceId))
    .where(inArray(practitionerRoles.healthcareServiceId, serviceIds))
    // The role's id settles ties (one practitioner at several services, namesakes), so the same 500 are
    // shown each time when there are more.
    .orderBy(asc(practitioners.familyName), asc(practitioners.givenName), asc(practitionerRoles.id))
    .limit(PRACTITIONER_TAB_LIMIT);
  const on = today();
  return rows.map(({ givenName, familyName, ...r }) => ({
    ...r,
    practitionerName: `${givenName} ${familyName}`,
    isActive: isWithinDates(r.startDate, r.endDate, on),
  }));
}

/** Contact columns shared by locations and healthcare services. */
type StoredContact = {
  [K in 'phone' | 'afterHoursPhone' | 'email' | 'fax' | 'website']: string | null;
} & { suppressEmail: boolean; suppressPhone: boolean };

/** '' for a null text column, so forms always get strings. */
export const text = (value: string | null | undefined) => value ?? '';
/** null for '' so optional columns stay null rather than empty. */
export const nullable = (value: string) => (value.trim() === '' ? null : value.trim());

/** The contact columns of a location or healthcare service as shown: '' for a channel not given. */
export function contactView(row: StoredContact): EntityContactView {
  return {
    phone: text(row.phone),
    afterHoursPhone: text(row.afterHoursPhone),
    email: text(row.email),
    fax: text(row.fax),
    website: text(row.website),
    suppressEmail: row.suppressEmail,
    suppressPhone: row.suppressPhone,
  };
}

/** The contact columns to store from a location or healthcare service form: null for a channel not given. */
export function contactColumns(input: EntityContactView): StoredContact {
  return {
    phone: nullable(input.phone),
    afterHoursPhone: nullable(input.afterHoursPhone),
    email: nullable(input.email),
    fax: nullable(input.fax),
    website: nullable(input.website),
    suppressEmail: input.suppressEmail,
    suppressPhone: input.suppressPhone,
  };
}
