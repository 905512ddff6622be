import { boolean, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A random uuid primary key (seeded rows pass their own stable ids). */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** A timestamptz column stored and returned as a JS Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** created_at, set by the database when not given. */
export const createdAt = () => at('created_at').notNull().defaultNow();

/** The contact-details block shared by locations and healthcare services (docs/product/features.md#feature-entities). */
export const contactDetails = () => ({
  phone: text('phone'),
  afterHoursPhone: text('after_hours_phone'),
  email: text('email'),
  fax: text('fax'),
  website: text('website'),
});

/** Flags that hide a contact channel from publication. */
export const suppressFlags = () => ({
  suppressEmail: boolean('suppress_email').notNull().default(false),
  suppressPhone: boolean('suppress_phone').notNull().default(false),
});

/** SQL literal list for a CHECK constraint over a closed set of text values. */
export const inList = (values: readonly string[]) =>
  values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
