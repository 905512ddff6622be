import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { endpoints } from '#db/schema/index.ts';

export type EndpointRow = typeof endpoints.$inferSelect;
export type EndpointValues = Pick<
  EndpointRow,
  'name' | 'connectionType' | 'payloadType' | 'address' | 'status'
> &
  Partial<Pick<EndpointRow, 'payloadMimeTypes'>>;

/** Endpoints of an organisation (its own), of a healthcare service or of a location. */
export function endpointsRepository(db: Database | Transaction) {
  return {
    ofOrganisation: (organisationId: string) =>
      db
        .select()
        .from(endpoints)
        .where(
          and(
            eq(endpoints.organisationId, organisationId),
            isNull(endpoints.healthcareServiceId),
            isNull(endpoints.locationId),
          ),
        )
        .orderBy(asc(endpoints.name), asc(endpoints.id)),
    ofService: (serviceId: string) =>
      db
        .select()
        .from(endpoints)
        .where(eq(endpoints.healthcareServiceId, serviceId))
        .orderBy(asc(endpoints.name), asc(endpoints.id)),
    ofLocation: (locationId: string) =>
      db
        .select()
        .from(endpoints)
        .where(eq(endpoints.locationId, locationId))
        .orderBy(asc(endpoints.name), asc(endpoints.id)),
    async byId(id: string) {
      const [row] = await db.select().from(endpoints).where(eq(endpoints.id, id));
      return row;
    },
    async insert(values: typeof endpoints.$inferInsert) {
      const [row] = await db.insert(endpoints).values(values).returning();
      return row!;
    },
    async update(id: string, values: EndpointValues) {
      const [row] = await db
        .update(endpoints)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(endpoints.id, id))
        .returning();
      return row;
    },
    remove: (id: string) => db.delete(endpoints).where(eq(endpoints.id, id)),
  };
}
