import { asc, eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import type { AuditEntry } from '#lib/audit.ts';
import { detailsVerifiedNow, updateAudited } from '#modules/entities/audited-write.ts';
import { organisations } from '#db/schema/index.ts';

/** The organisations directly beneath one, by name. */
export const childrenOf = (db: Database, organisationId: string) =>
  db
    .select()
    .from(organisations)
    .where(eq(organisations.parentId, organisationId))
    .orderBy(asc(organisations.name));

/** An organisation's id and name, if it exists. */
export async function organisationName(db: Database, id: string) {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, id));
  return row;
}

type Audit = Omit<AuditEntry, 'entityId' | 'changedFields'>;

/** Saves an organisation's changed details and audits them; every save stamps details_verified_at. */
export const saveOrganisation = (
  db: Database,
  id: string,
  before: Record<string, unknown>,
  next: PgUpdateSetSource<typeof organisations> & Record<string, unknown>,
  audit: Audit,
) => updateAudited(db, organisations, id, before, next, audit, detailsVerifiedNow);
