import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, inList } from './columns.ts';
import { roleTypes } from './enums.ts';
import { healthcareServices } from './healthcare-services.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/** A user's role, scoped to an organisation, a healthcare service, or nothing (PcaOperator). */
export const roleMemberships = pgTable(
  'role_memberships',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleType: text('role_type', { enum: roleTypes }).notNull(),
    organisationId: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'cascade',
    }),
    healthcareServiceId: uuid('healthcare_service_id').references(() => healthcareServices.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('role_memberships_user_id_idx').on(t.userId),
    index('role_memberships_organisation_id_idx').on(t.organisationId),
    check('role_memberships_role_type_check', sql.raw(`role_type IN (${inList(roleTypes)})`)),
    // A role has at most one scope; only the operator role is unscoped.
    check(
      'role_memberships_scope_check',
      sql.raw(
        `(role_type = 'PcaOperator' AND organisation_id IS NULL AND healthcare_service_id IS NULL) OR ` +
          `(role_type <> 'PcaOperator' AND num_nonnulls(organisation_id, healthcare_service_id) = 1)`,
      ),
    ),
  ],
);
