import { asc, desc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { clientSystems, partnerServices } from '#db/schema/index.ts';

const listed = {
  id: clientSystems.id,
  name: clientSystems.name,
  partnerServiceId: clientSystems.partnerServiceId,
  partnerServiceName: partnerServices.name,
  partnerCode: partnerServices.code,
  clientId: clientSystems.clientId,
  secretHint: clientSystems.secretHint,
  secretIssuedAt: clientSystems.secretIssuedAt,
  revokedAt: clientSystems.revokedAt,
  createdAt: clientSystems.createdAt,
};

/** Data access of client systems. Only `byClientId` reads the secret's hash, for the token endpoint. */
export function clientSystemsRepository(db: Database | Transaction) {
  return {
    /** Every client system with its partner's name, newest first. */
    list: () =>
      db
        .select(listed)
        .from(clientSystems)
        .innerJoin(partnerServices, eq(partnerServices.id, clientSystems.partnerServiceId))
        .orderBy(desc(clientSystems.createdAt), asc(clientSystems.name)),

    /** The partner services, by name. */
    partnerServices: () =>
      db
        .select({ id: partnerServices.id, code: partnerServices.code, name: partnerServices.name })
        .from(partnerServices)
        .orderBy(asc(partnerServices.name)),

    async partnerService(id: string) {
      const [p] = await db.select().from(partnerServices).where(eq(partnerServices.id, id));
      return p;
    },

    /** A partner service's id by its code. */
    async partnerServiceIdByCode(code: string) {
      const [p] = await db
        .select({ id: partnerServices.id })
        .from(partnerServices)
        .where(eq(partnerServices.code, code));
      return p?.id;
    },

    /** One client system as listed (primary key), locked when read in a transaction that changes it. */
    async byId(id: string, lock = false) {
      const query = db
        .select(listed)
        .from(clientSystems)
        .innerJoin(partnerServices, eq(partnerServices.id, clientSystems.partnerServiceId))
        .where(eq(clientSystems.id, id));
      const [row] = await (lock ? query.for('update', { of: clientSystems }) : query);
      return row;
    },

    /** A client system by its client id (unique index), with its secret's hash. */
    async byClientId(clientId: string) {
      const [row] = await db
        .select({ ...listed, secretHash: clientSystems.secretHash })
        .from(clientSystems)
        .innerJoin(partnerServices, eq(partnerServices.id, clientSystems.partnerServiceId))
        .where(eq(clientSystems.clientId, clientId));
      return row;
    },

    async insert(values: typeof clientSystems.$inferInsert) {
      const [row] = await db
        .insert(clientSystems)
        .values(values)
        .returning({ id: clientSystems.id });
      return row!.id;
    },

    /** Inserts a client system, or gives the one with its client id the new secret's values (`set`). */
    async upsertByClientId(
      values: typeof clientSystems.$inferInsert,
      set: Partial<typeof clientSystems.$inferInsert>,
    ) {
      await db
        .insert(clientSystems)
        .values(values)
        .onConflictDoUpdate({ target: clientSystems.clientId, set });
    },

    async update(
      id: string,
      set: Partial<
        Pick<
          typeof clientSystems.$inferInsert,
          'secretHash' | 'secretHint' | 'secretIssuedAt' | 'revokedAt'
        >
      >,
    ) {
      await db.update(clientSystems).set(set).where(eq(clientSystems.id, id));
    },
  };
}

export type ClientSystemRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof clientSystemsRepository>['byId']>>
>;
