import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, inList } from './columns.ts';
import { healthcareServices } from './healthcare-services.ts';
import { locations } from './locations.ts';
import { organisations } from './organisations.ts';
import { endpointStatuses } from '@pca/contracts/endpoints.ts';

/**
 * A partner-facing endpoint of an organisation, of one of its healthcare services or of one of its locations
 * (docs/decisions/072-endpoint-and-provenance.md, 085-location-endpoints.md): served as a FHIR Endpoint to
 * partners who see its owner.
 */
export const endpoints = pgTable(
  'endpoints',
  {
    id: id(),
    /** The organisation it belongs to (for a service's endpoint, the service's organisation). */
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Set for a service's endpoint; null for the organisation's own. */
    healthcareServiceId: uuid('healthcare_service_id').references(() => healthcareServices.id, {
      onDelete: 'cascade',
    }),
    /** Set for a location's endpoint (never with a service): null for the organisation's own. */
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    connectionType: text('connection_type').notNull(),
    payloadType: text('payload_type').notNull(),
    /** MIME types it accepts (contracts' endpointPayloadMimeTypes; docs/decisions/079-location-amenities-postal-position.md). */
    payloadMimeTypes: text('payload_mime_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    address: text('address').notNull(),
    status: text('status', { enum: endpointStatuses }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('endpoints_organisation_idx').on(t.organisationId),
    index('endpoints_service_idx').on(t.healthcareServiceId),
    index('endpoints_location_idx').on(t.locationId),
    // One owner: the organisation (neither set), a service or a location, never both.
    check(
      'endpoints_one_owner_check',
      sql`${t.healthcareServiceId} is null or ${t.locationId} is null`,
    ),
    check('endpoints_status_check', sql.raw(`status in (${inList(endpointStatuses)})`)),
  ],
);
