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
  uuid,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id, inList } from './columns.ts';
import { partnerServiceRoles } from './enums.ts';
import { healthcareServices } from './healthcare-services.ts';
import { organisations } from './organisations.ts';

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
    createdAt: createdAt(),
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
  },
  (t) => [unique('information_use_statements_version_unique').on(t.partnerServiceId, t.version)],
);

/** An organisation's standing publication choice for a partner service (the IUS it accepted). */
export const publicationPreferences = pgTable(
  'publication_preferences',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    partnerServiceId: uuid('partner_service_id')
      .notNull()
      .references(() => partnerServices.id, { onDelete: 'cascade' }),
    informationUseStatementId: uuid('information_use_statement_id')
      .notNull()
      .references(() => informationUseStatements.id, { onDelete: 'restrict' }),
    publishService: boolean('publish_service').notNull().default(true),
    publishFuturePractitioners: boolean('publish_future_practitioners').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('publication_preferences_org_partner_unique').on(t.organisationId, t.partnerServiceId),
  ],
);

/** A healthcare service published to a partner service under an accepted IUS (e.g. after an NHSD import). */
export const serviceSubscriptions = pgTable(
  'service_subscriptions',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    healthcareServiceId: uuid('healthcare_service_id')
      .notNull()
      .references(() => healthcareServices.id, { onDelete: 'cascade' }),
    partnerServiceId: uuid('partner_service_id')
      .notNull()
      .references(() => partnerServices.id, { onDelete: 'cascade' }),
    informationUseStatementId: uuid('information_use_statement_id')
      .notNull()
      .references(() => informationUseStatements.id, { onDelete: 'restrict' }),
    publishService: boolean('publish_service').notNull().default(true),
    publishFuturePractitioners: boolean('publish_future_practitioners').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    unique('service_subscriptions_service_partner_unique').on(
      t.healthcareServiceId,
      t.partnerServiceId,
    ),
    index('service_subscriptions_organisation_id_idx').on(t.organisationId),
  ],
);
