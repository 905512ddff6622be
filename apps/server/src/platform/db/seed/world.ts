import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository's data folder (demo world and localities). */
export const DATA_DIR = path.resolve(import.meta.dirname, '../../../../../../data');

/** Seeded history is dated from this fixed instant, never from the clock, so every run is identical. */
export const BASE_DATE = new Date('2026-11-21T09:00:00+11:00');

/** BASE_DATE moved by whole days (negative = earlier), plus optional minutes. */
export function daysFromBase(days: number, minutes = 0): Date {
  return new Date(BASE_DATE.getTime() + days * 86_400_000 + minutes * 60_000);
}

/** An ISO date (yyyy-mm-dd) a number of days from BASE_DATE. */
export function isoDateFromBase(days: number): string {
  return daysFromBase(days).toISOString().slice(0, 10);
}

type Role =
  | { role: 'PcaOperator' }
  | { role: 'OrganisationManager' | 'Viewer'; organisation: string }
  | { role: 'HealthcareServiceManager'; healthcareService: string };

/** A person of the demo world (a provider-login identity). */
export interface WorldIdentity {
  key: string;
  raNumber: string;
  givenName: string;
  familyName: string;
  portalUser: boolean;
  email?: string;
  emailConfirmed?: boolean;
  phone?: string;
  active?: boolean;
  participationApprovalStatus?: 'Accepted' | 'Declined' | null;
  approvedPractitionerDelegate?: boolean;
  practitioner?: {
    hpii: string;
    preferredName?: string;
    registrations: { professionNumber: string; profession: string }[];
    personalEmail?: string;
    personalPhone?: string;
  };
  roles?: Role[];
}

/** A location of the demo world. */
export interface WorldLocation {
  key: string;
  name: string;
  type: ('MOBL' | 'VI')[];
  address?: string;
  locality?: string;
  postcode?: string;
  state?: string;
}

/** A healthcare service of the demo world. */
export interface WorldHealthcareService {
  key: string;
  name: string;
  serviceType: string;
  /** Its specialty, a clinical-specialty concept's display (docs/decisions/077-specialties.md). */
  specialty?: string;
  location: string;
  /** Languages besides English and billing codes (docs/decisions/078-languages-and-billing.md). */
  languages?: string[];
  billing?: string[];
}

/** An organisation of the demo world, with its children. */
export interface WorldOrganisation {
  key: string;
  type: 'ParticipatingOrganisation' | 'HiOrganisation';
  name: string;
  businessName?: string;
  abn?: string;
  hpio?: string;
  isPublisher?: boolean;
  publisherApprovalStatus?: 'Approved' | 'PendingApproval' | 'PendingSubmission';
  status?: 'Active' | 'Cancelled' | 'Terminated';
  created?: string;
  children?: WorldOrganisation[];
  locations?: WorldLocation[];
  healthcareServices?: WorldHealthcareService[];
}

/** The demo world file (data/world.json). */
export interface World {
  identities: WorldIdentity[];
  delegations: { practitioner: string; delegate: string; status: string; email?: string }[];
  hiServiceRegistry: {
    hpii: string;
    familyName: string;
    givenName: string;
    status: 'SUCCESS' | 'NO_MATCH' | 'NOT_ACTIVE' | 'NOT_LINKED';
  }[];
  organisations: WorldOrganisation[];
  practitionerRoles: {
    practitioner: string;
    healthcareService: string;
    primaryType: string;
    specialty?: string;
    languages?: string[];
    start: string;
    end?: string;
  }[];
  partnerServices: {
    key: string;
    name: string;
    role: 'directory' | 'payer' | 'referral';
    featureFlag?: string;
  }[];
  bulk: {
    practitionersPerHarbourGroup: number;
    nhsdServices: number;
    tasksForAlice: { open: number; completed: number; dismissed: number; urgent: number };
    notificationsForAlice: { unread: number; read: number; archived: number };
  };
}

/** Reads the demo world (the file is the single source of the world's people and organisations). */
export function loadWorld(file = path.join(DATA_DIR, 'world.json')): World {
  return JSON.parse(readFileSync(file, 'utf8')) as World;
}

/** One row of data/au-localities.csv. */
export interface LocalityRow {
  locality: string;
  postcode: string;
  state: string;
  latitude: number;
  longitude: number;
}

/** Reads data/au-localities.csv (plain comma-separated, header first, no quoted fields). */
export function loadLocalities(file = path.join(DATA_DIR, 'au-localities.csv')): LocalityRow[] {
  const lines = readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  return lines.slice(1).map((line) => {
    const [locality = '', postcode = '', state = '', latitude = '0', longitude = '0'] =
      line.split(',');
    return { locality, postcode, state, latitude: Number(latitude), longitude: Number(longitude) };
  });
}
