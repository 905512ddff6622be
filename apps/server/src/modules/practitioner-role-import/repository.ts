import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { ImportExistingRole } from '@pca/contracts';
import type { Database, Transaction } from '#db/client.ts';
import { descendantsCte } from '#db/organisation-tree.ts';
import {
  healthcareServices,
  organisations,
  practitionerRoleImportPages as pages,
  practitionerRoleImportRuns as runs,
  practitionerRoles,
  practitioners,
  valueSetConcepts,
  valueSets,
} from '#db/schema/index.ts';
import type { PortalService } from './assemble.ts';
import type { FhirResource } from './bundle.ts';

type Executor = Database | Transaction;
/** Both drivers answer raw SQL with `{ rows }`. */
type Rows<T> = { rows: T[] };

export type RunRow = typeof runs.$inferSelect;

/** A resource as stored with its page: itself, and what the R4 check found wrong (null: nothing). */
export interface CheckedResource {
  resource: FhirResource;
  problem: string | null;
}

/** A role as the import writes it. */
export interface RoleValues {
  practitionerId: string;
  healthcareServiceId: string;
  primaryType: string;
  startDate: string;
  endDate: string | null;
}

/**
 * Data access of the practitioner role import. Every read and write is one statement for the whole run,
 * never one per role (docs/decisions/070-practitioner-role-import.md: 500 roles in under 5 s).
 */
export const practitionerRoleImportRepository = {
  async insertRun(
    db: Executor,
    values: Pick<RunRow, 'connectionId' | 'connectionName' | 'organisationId' | 'userId'>,
  ): Promise<RunRow> {
    const [row] = await db.insert(runs).values(values).returning();
    return row!;
  },

  async runById(db: Executor, id: string): Promise<RunRow | null> {
    const [row] = await db.select().from(runs).where(eq(runs.id, id));
    return row ?? null;
  },

  /**
   * Stores page `pagesRead + 1` of a run and moves the run on, if no other request has stored that page
   * first (the page's key decides; the loser stores nothing). Answers the run as it now is, or null.
   */
  async savePage(
    db: Database,
    run: RunRow,
    page: { nextPath: string | null; total: number | null; roles: number },
    checked: CheckedResource[],
  ): Promise<RunRow | null> {
    return db.transaction(async (tx) => {
      const stored = await tx
        .insert(pages)
        .values({ runId: run.id, pageNumber: run.pagesRead + 1, resources: checked })
        .onConflictDoNothing()
        .returning({ runId: pages.runId });
      if (!stored.length) return null;
      const [row] = await tx
        .update(runs)
        .set({
          pagesRead: run.pagesRead + 1,
          rolesRead: run.rolesRead + page.roles,
          total: page.total ?? run.total,
          nextPath: page.nextPath,
          done: page.nextPath === null,
        })
        .where(eq(runs.id, run.id))
        .returning();
      return row ?? null;
    });
  },

  /** Every resource a run read, with what was wrong with it, in page order. */
  async resourcesOf(db: Executor, runId: string): Promise<CheckedResource[]> {
    const rows = await db
      .select({ resources: pages.resources })
      .from(pages)
      .where(eq(pages.runId, runId))
      .orderBy(asc(pages.pageNumber));
    return rows.flatMap((r) => r.resources as CheckedResource[]);
  },

  /** Deletes a run with its pages; true when there was one to delete. */
  async deleteRun(db: Executor, id: string): Promise<boolean> {
    const gone = await db.delete(runs).where(eq(runs.id, id)).returning({ id: runs.id });
    return gone.length > 0;
  },

  /** Forgets runs started before `before` (neither imported nor cancelled). */
  async deleteRunsBefore(db: Executor, before: Date) {
    await db.delete(runs).where(lt(runs.createdAt, before));
  },

  async organisationName(db: Executor, id: string): Promise<string | null> {
    const [row] = await db
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, id));
    return row?.name ?? null;
  },

  /** The healthcare services of an organisation and every organisation beneath it, with their locations. */
  async servicesOf(db: Executor, organisationId: string): Promise<PortalService[]> {
    const result = (await db.execute(sql`
      with recursive ${descendantsCte('tree', sql`select id from ${organisations} where id = ${organisationId}`)}
      select hs.id, hs.name, hs.nhsd_resource_identifier as "nhsdResourceIdentifier",
             l.id as "locationId", l.name as "locationName", l.address_lines as "addressLines",
             l.locality, l.state, l.postcode
        from healthcare_services hs
        join tree on tree.id = hs.organisation_id
        left join locations l on l.id = hs.location_id
       order by hs.name, hs.id`)) as unknown as Rows<PortalService>;
    return result.rows;
  },

  /** Portal practitioners by HPI-I. */
  async practitionerIdsByHpii(db: Executor, hpiis: string[]): Promise<Map<string, string>> {
    if (!hpiis.length) return new Map();
    const rows = await db
      .select({ id: practitioners.id, hpii: practitioners.hpii })
      .from(practitioners)
      .where(inArray(practitioners.hpii, hpiis));
    return new Map(rows.map((r) => [r.hpii!, r.id]));
  },

  /** The practitioner role types the portal knows (the role form's list). */
  async roleTypes(db: Executor): Promise<string[]> {
    const rows = await db
      .select({ code: valueSetConcepts.code })
      .from(valueSetConcepts)
      .innerJoin(valueSets, eq(valueSets.id, valueSetConcepts.valueSetId))
      .where(eq(valueSets.code, 'practitioner-role-type'))
      .orderBy(asc(valueSetConcepts.sortOrder));
    return rows.map((r) => r.code);
  },

  /**
   * Takes these services' rows for the import's transaction, in id order (two imports over overlapping
   * services wait for each other, never deadlock). The roles' own locks cannot order two imports: a role
   * new to both exists in neither's read, so both would insert it. Behind this lock the second import
   * reads the roles the first committed and finds them unchanged. `no key update` leaves the roles'
   * foreign-key checks elsewhere (an edit, a new role) free to run.
   */
  async lockServices(tx: Transaction, serviceIds: string[]) {
    if (!serviceIds.length) return;
    await tx
      .select({ id: healthcareServices.id })
      .from(healthcareServices)
      .where(inArray(healthcareServices.id, serviceIds))
      .orderBy(asc(healthcareServices.id))
      .for('no key update');
  },

  /**
   * The roles these practitioners hold at these services. Inside the import, `lock` takes their rows so
   * a concurrent edit waits and the classification made here holds until the import commits.
   */
  async existingRoles(
    db: Executor,
    practitionerIds: string[],
    serviceIds: string[],
    lock = false,
  ): Promise<ImportExistingRole[]> {
    if (!practitionerIds.length || !serviceIds.length) return [];
    const query = db
      .select({
        id: practitionerRoles.id,
        practitionerId: practitionerRoles.practitionerId,
        healthcareServiceId: practitionerRoles.healthcareServiceId,
        primaryType: practitionerRoles.primaryType,
        startDate: practitionerRoles.startDate,
        endDate: practitionerRoles.endDate,
      })
      .from(practitionerRoles)
      .where(
        and(
          inArray(practitionerRoles.practitionerId, practitionerIds),
          inArray(practitionerRoles.healthcareServiceId, serviceIds),
        ),
      );
    return lock ? query.for('update') : query;
  },

  /** New roles, one statement; answers their ids in the order given. */
  async insertRoles(tx: Transaction, values: RoleValues[]): Promise<string[]> {
    if (!values.length) return [];
    const rows = await tx
      .insert(practitionerRoles)
      .values(values)
      .returning({ id: practitionerRoles.id });
    return rows.map((r) => r.id);
  },

  /** Updates roles' type and dates, one statement. */
  async updateRoles(
    tx: Transaction,
    values: Array<{ id: string; primaryType: string; startDate: string; endDate: string | null }>,
  ) {
    if (!values.length) return;
    const rows = sql.join(
      values.map(
        (v) => sql`(${v.id}::uuid, ${v.primaryType}, ${v.startDate}::date, ${v.endDate}::date)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${practitionerRoles} as pr
         set primary_type = v.primary_type, start_date = v.start_date, end_date = v.end_date,
             updated_at = now()
        from (values ${rows}) as v(id, primary_type, start_date, end_date)
       where pr.id = v.id`);
  },
};
