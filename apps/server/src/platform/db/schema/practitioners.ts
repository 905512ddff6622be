import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { users } from './users.ts';

/** Practitioner records; a practitioner may exist without a portal user (e.g. listed by an organisation). */
export const practitioners = pgTable(
  'practitioners',
  {
    id: id(),
    userId: uuid('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    hpii: text('hpii').unique(),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    preferredName: text('preferred_name'),
    personalEmail: text('personal_email'),
    personalPhone: text('personal_phone'),
    photoData: text('photo_data'),
    // The practitioner's own recorded sex or gender (FHIR administrative-gender code), null when not given
    // (docs/decisions/080-hours-all-day-and-rsg.md).
    recordedSexOrGender: text('recorded_sex_or_gender'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('practitioners_family_given_idx').on(t.familyName, t.givenName)],
);

/** The practitioner a row belongs to: required, and the row goes when the practitioner record does. */
export const ownerPractitionerId = () =>
  uuid('practitioner_id')
    .notNull()
    .references(() => practitioners.id, { onDelete: 'cascade' });

/** Professional (AHPRA) registrations of a practitioner. */
export const practitionerRegistrations = pgTable(
  'practitioner_registrations',
  {
    id: id(),
    practitionerId: ownerPractitionerId(),
    professionNumber: text('profession_number').notNull(),
    profession: text('profession').notNull(),
  },
  (t) => [
    unique('practitioner_registrations_number_unique').on(t.practitionerId, t.professionNumber),
  ],
);
