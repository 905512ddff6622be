import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id, inList } from './columns.ts';
import { partnerServiceRoles } from './enums.ts';
import { healthcareServices } from './healthcare-services.ts';
import { locations } from './locations.ts';
import { organisations } from './organisations.ts';
import { ownerPractitionerId } from './practitioners.ts';
import { users } from './users.ts';

/** A partner service's logo as shown on tasks (docs/product/features.md#feature-entities). */
export interface PartnerServiceLogo {
  mimeType: string;
  data: string;
  description: string;
}

/** Services that receive published data: directories, payers, referral networks. */
export const partnerServices = pgTable(
  'partner_services',
  {
    id: id(),
    // Stable code (the demo world's key) so configuration and seeds can name a partner.
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    role: text('role', { enum: partnerServiceRoles }).notNull(),
    // Runtime feature flag that must be on for the partner to be offered (e.g. healthConnectPublication).
    featureFlag: text('feature_flag'),
    logo: jsonb('logo').$type<PartnerServiceLogo>(),
    // Whether providers are offered this partner on their Partner services tabs and in the NHSD import
    // (docs/decisions/064-partner-services.md); a hidden partner keeps what is already published to it.
    shownToProviders: boolean('shown_to_providers').notNull().default(true),
    // Who at the partner the agency talks to (all optional: a seeded partner has none).
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  () => [check('partner_services_role_check', sql.raw(`role IN (${inList(partnerServiceRoles)})`))],
);

/** Versioned information use statements (IUS) a subscriber accepts; the highest version is the latest. */
export const informationUseStatements = pgTable(
  'information_use_statements',
  {
    id: id(),
    partnerServiceId: uuid('partner_service_id')
      .notNull()
      .references(() => partnerServices.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    publishedAt: at('published_at').notNull(),
    // The operator who published it (null for seeded statements): docs/decisions/064-partner-services.md.
    publishedByUserId: uuid('published_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [unique('information_use_statements_version_unique').on(t.partnerServiceId, t.version)],
);

/**
 * What is published to a partner service, at one level of an organisation's tree
 * (docs/decisions/030-publishing-to-partners.md): the organisation's standing choice (neither location nor
 * service: it covers everything the organisation holds unless a lower row says otherwise), a location's, or a
 * healthcare service's. Publishing needs the partner's information use statement accepted: the row records
 * the version accepted, by whom and when; a newer version of the statement asks for acceptance again.
 */
export const partnerPublications = pgTable(
  'partner_publications',
  {
    id: id(),
    partnerServiceId: uuid('partner_service_id')
      .notNull()
      .references(() => partnerServices.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    healthcareServiceId: uuid('healthcare_service_id').references(() => healthcareServices.id, {
      onDelete: 'cascade',
    }),
    publish: boolean('publish').notNull().default(true),
    publishFuturePractitioners: boolean('publish_future_practitioners').notNull().default(false),
    informationUseStatementId: uuid('information_use_statement_id').references(
      () => informationUseStatements.id,
      { onDelete: 'restrict' },
    ),
    acceptedByUserId: uuid('accepted_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    acceptedAt: at('accepted_at'),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'partner_publications_one_level',
      sql`${t.locationId} IS NULL OR ${t.healthcareServiceId} IS NULL`,
    ),
    check(
      'partner_publications_publish_needs_statement',
      sql`NOT ${t.publish} OR ${t.informationUseStatementId} IS NOT NULL`,
    ),
    unique('partner_publications_level_partner_unique')
      .on(t.partnerServiceId, t.organisationId, t.locationId, t.healthcareServiceId)
      .nullsNotDistinct(),
    index('partner_publications_organisation_id_idx').on(t.organisationId),
    index('partner_publications_location_id_idx').on(t.locationId),
    index('partner_publications_healthcare_service_id_idx').on(t.healthcareServiceId),
    // One row per location and per service for a partner, whichever organisation it names: a choice saved
    // while a transfer moves its location or service cannot leave a second row under the old owner.
    uniqueIndex('partner_publications_location_partner_unique')
      .on(t.partnerServiceId, t.locationId)
      .where(sql`${t.locationId} IS NOT NULL`),
    uniqueIndex('partner_publications_service_partner_unique')
      .on(t.partnerServiceId, t.healthcareServiceId)
      .where(sql`${t.healthcareServiceId} IS NOT NULL`),
  ],
);

/**
 * A practitioner's own choice of the partners that receive their practitioner details, and — only once that
 * partner has asked for them — their personal contact details (docs/decisions/030-publishing-to-partners.md).
 * Publishing names the partner's information use statement the person was shown, who accepted it and when, and
 * whether a delegate accepted it on the practitioner's behalf (docs/decisions/081-practitioner-publication-acceptance.md);
 * the partner API serves the row only while that statement is the partner's latest. `publish` is null while
 * the practitioner has made no choice (a partner's request for contact details made the row).
 */
export const practitionerPublications = pgTable(
  'practitioner_publications',
  {
    id: id(),
    practitionerId: ownerPractitionerId(),
    partnerServiceId: uuid('partner_service_id')
      .notNull()
      .references(() => partnerServices.id, { onDelete: 'cascade' }),
    publish: boolean('publish'),
    informationUseStatementId: uuid('information_use_statement_id').references(
      () => informationUseStatements.id,
      { onDelete: 'restrict' },
    ),
    acceptedByUserId: uuid('accepted_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    acceptedAt: at('accepted_at'),
    // True when a delegate managing the practitioner accepted on their behalf (accepted_by_user_id is the delegate).
    acceptedByDelegate: boolean('accepted_by_delegate').notNull().default(false),
    // When the partner asked for the practitioner's personal contact details; sharing waits for it.
    personalContactRequestedAt: at('personal_contact_requested_at'),
    sharePersonalContact: boolean('share_personal_contact').notNull().default(false),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('practitioner_publications_practitioner_partner_unique').on(
      t.practitionerId,
      t.partnerServiceId,
    ),
    check(
      'practitioner_publications_contact_needs_request',
      sql`NOT ${t.sharePersonalContact} OR ${t.personalContactRequestedAt} IS NOT NULL`,
    ),
    check(
      'practitioner_publications_statement_needs_acceptance',
      sql`${t.informationUseStatementId} IS NULL OR ${t.acceptedAt} IS NOT NULL`,
    ),
  ],
);

/** Who is mailed when an organisation's publication changes (publication-email-notification). */
export const publicationEmailRecipients = pgTable(
  'publication_email_recipients',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [unique('publication_email_recipients_org_email_unique').on(t.organisationId, t.email)],
);

/**
 * A partner's client system: OAuth 2.0 client credentials for the partner API. The secret is shown once and
 * only its hash is kept; a revoked client is refused (docs/decisions/030-publishing-to-partners.md).
 */
export const clientSystems = pgTable(
  'client_systems',
  {
    id: id(),
    partnerServiceId: uuid('partner_service_id')
      .notNull()
      .references(() => partnerServices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    clientId: text('client_id').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    // The secret's last four characters, so an operator can tell which secret a partner holds.
    secretHint: text('secret_hint').notNull(),
    secretIssuedAt: at('secret_issued_at').notNull().defaultNow(),
    revokedAt: at('revoked_at'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [index('client_systems_partner_service_id_idx').on(t.partnerServiceId)],
);

/**
 * An identifier system a partner uses (docs/decisions/064-partner-services.md): the partner API declares it on
 * its CapabilityStatement to that partner and emits, on the Organization, Location, HealthcareService and
 * Practitioner it publishes to that partner, an identifier in that system whose value is the portal's id.
 */
export const partnerIdentifierSystems = pgTable(
  'partner_identifier_systems',
  {
    id: id(),
    partnerServiceId: uuid('partner_service_id')
      .notNull()
      .references(() => partnerServices.id, { onDelete: 'cascade' }),
    system: text('system').notNull(),
    name: text('name').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('partner_identifier_systems_partner_system_unique').on(t.partnerServiceId, t.system),
  ],
);
