import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import { healthcareServices } from '#db/schema/index.ts';
import type { AuditEntry } from '#lib/audit.ts';
import {
  detailsVerifiedNow,
  insertAudited,
  updateAudited,
} from '#modules/entities/audited-write.ts';

type Audit = Omit<AuditEntry, 'entityId' | 'changedFields'>;

/** Saves a healthcare service's changed details and audits them; every save stamps details_verified_at. */
export const saveHealthcareService = (
  db: Database,
  id: string,
  before: Record<string, unknown>,
  next: PgUpdateSetSource<typeof healthcareServices> & Record<string, unknown>,
  audit: Audit,
) => updateAudited(db, healthcareServices, id, before, next, audit, detailsVerifiedNow);

/** Inserts a healthcare service and audits it in one transaction; returns its id. */
export const insertHealthcareService = (
  db: Database,
  values: PgInsertValue<typeof healthcareServices>,
  audit: Audit,
) => insertAudited(db, healthcareServices, values, audit);
