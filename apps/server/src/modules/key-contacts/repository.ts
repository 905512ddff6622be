import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { keyContacts, organisations } from '#db/schema/index.ts';

/** A key contact row with its organisation's name. */
export type KeyContactRow = typeof keyContacts.$inferSelect & { organisationName: string };

/** What a key contact's write sets. */
export type KeyContactValues = Pick<
  typeof keyContacts.$inferInsert,
  'name' | 'role' | 'email' | 'phone'
>;

const columns = {
  id: keyContacts.id,
  organisationId: keyContacts.organisationId,
  name: keyContacts.name,
  role: keyContacts.role,
  email: keyContacts.email,
  phone: keyContacts.phone,
  isPrimary: keyContacts.isPrimary,
  createdAt: keyContacts.createdAt,
  updatedAt: keyContacts.updatedAt,
  organisationName: organisations.name,
};

/** Key contacts' reads and writes (docs/decisions/060-key-contacts.md). */
export function keyContactsRepository(db: Database | Transaction) {
  return {
    /** An organisation's contacts: the primary first, then by name. */
    byOrganisation: (organisationId: string): Promise<KeyContactRow[]> =>
      db
        .select(columns)
        .from(keyContacts)
        .innerJoin(organisations, eq(organisations.id, keyContacts.organisationId))
        .where(eq(keyContacts.organisationId, organisationId))
        .orderBy(desc(keyContacts.isPrimary), asc(keyContacts.name), asc(keyContacts.id)),

    /** One contact, if it exists. */
    async byId(id: string): Promise<KeyContactRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(keyContacts)
        .innerJoin(organisations, eq(organisations.id, keyContacts.organisationId))
        .where(eq(keyContacts.id, id));
      return row;
    },

    /**
     * Locks the organisation's row for the rest of the transaction: every write to its key contacts
     * takes this lock first, so two of them (two first contacts, say) run one after the other.
     */
    async lockOrganisation(organisationId: string) {
      await db
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.id, organisationId))
        .for('update');
    },

    /** The organisation's primary contact's id, if it has one. */
    async primaryOf(organisationId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: keyContacts.id })
        .from(keyContacts)
        .where(
          and(eq(keyContacts.organisationId, organisationId), eq(keyContacts.isPrimary, true)),
        );
      return row?.id;
    },

    /** Whether the organisation has a contact besides `exceptId`. */
    async hasOthers(organisationId: string, exceptId: string): Promise<boolean> {
      const rows = await db
        .select({ id: keyContacts.id })
        .from(keyContacts)
        .where(and(eq(keyContacts.organisationId, organisationId), ne(keyContacts.id, exceptId)))
        .limit(1);
      return rows.length > 0;
    },

    async insert(values: KeyContactValues & { organisationId: string; isPrimary: boolean }) {
      const [row] = await db.insert(keyContacts).values(values).returning({ id: keyContacts.id });
      return row!.id;
    },

    async update(id: string, values: Partial<KeyContactValues> & { isPrimary?: boolean }) {
      await db
        .update(keyContacts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(keyContacts.id, id));
    },

    async remove(id: string) {
      await db.delete(keyContacts).where(eq(keyContacts.id, id));
    },
  };
}
