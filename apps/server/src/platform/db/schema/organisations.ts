import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id, inList } from './columns.ts';
import { organisationStatuses, organisationTypes, publisherApprovalStatuses } from './enums.ts';

/** Organisations as a tree: participating organisations at the top, HI organisations beneath. */
export const organisations = pgTable(
  'organisations',
  {
    id: id(),
    parentId: uuid('parent_id').references((): AnyPgColumn => organisations.id, {
      onDelete: 'restrict',
    }),
    type: text('type', { enum: organisationTypes }).notNull(),
    name: text('name').notNull(),
    alias: text('alias'),
    businessName: text('business_name'),
    abn: text('abn'),
    hpio: text('hpio').unique(),
    fax: text('fax'),
    website: text('website'),
    // The business address HCPD's hc-organization requires (its physical slice), optional here
    // (docs/decisions/084-organisation-address.md): one street line and a locality from the localities data.
    addressLine: text('address_line'),
    locality: text('locality'),
    postcode: text('postcode'),
    state: text('state'),
    // Business contact details captured by the registration wizard.
    phone: text('phone'),
    email: text('email'),
    // When the registering user accepted the participation agreement (null until they do).
    agreementAcceptedAt: at('agreement_accepted_at'),
    isPublisher: boolean('is_publisher').notNull().default(false),
    publisherApprovalStatus: text('publisher_approval_status', { enum: publisherApprovalStatuses }),
    status: text('status', { enum: organisationStatuses }).notNull().default('Active'),
    // When someone last saved or confirmed the details: 120 days later the reminder job asks them to
    // confirm they are still current (docs/decisions/027-reminders.md).
    detailsVerifiedAt: at('details_verified_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('organisations_parent_id_idx').on(t.parentId),
    // One participating organisation per ABN: two registrations of one ABN at once cannot both pass the
    // wizard's check (an HI organisation may carry its group's ABN, docs/decisions/084-organisation-address.md).
    uniqueIndex('organisations_participating_abn_unique')
      .on(t.abn)
      .where(sql`${t.type} = 'ParticipatingOrganisation' AND ${t.abn} IS NOT NULL`),
    check('organisations_type_check', sql.raw(`type IN (${inList(organisationTypes)})`)),
    check('organisations_status_check', sql.raw(`status IN (${inList(organisationStatuses)})`)),
    check(
      'organisations_publisher_approval_status_check',
      sql.raw(
        `publisher_approval_status IS NULL OR publisher_approval_status IN (${inList(publisherApprovalStatuses)})`,
      ),
    ),
  ],
);
