import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { descendantsCte } from '#db/organisation-tree.ts';

/** Counts of what an organisation's tree already has, for the setup helper. */
export interface SiteCounts {
  locations: number;
  healthcareServices: number;
  practitionerRoles: number;
  publicationPreferences: number;
}

/** Data access of the welcome dashboard. */
export function welcomeRepository(db: Database) {
  return {
    /** What the organisation and every organisation beneath it already have (one recursive query). */
    async siteCounts(organisationId: string, today: string): Promise<SiteCounts> {
      // Both drivers answer raw SQL with `{ rows }`.
      const result = (await db.execute(sql`
        with recursive ${descendantsCte('tree', sql`select ${organisationId}::uuid`)}
        select
          (select count(*) from locations l
             where l.organisation_id in (select id from tree) and l.is_active)::int as locations,
          (select count(*) from healthcare_services s
             where s.organisation_id in (select id from tree))::int as healthcare_services,
          (select count(*) from practitioner_roles r
             join healthcare_services s on s.id = r.healthcare_service_id
             where s.organisation_id in (select id from tree)
               and r.start_date <= ${today}::date
               and (r.end_date is null or r.end_date >= ${today}::date))::int as practitioner_roles,
          (select count(*) from partner_publications p
             where p.organisation_id in (select id from tree)
               and p.location_id is null and p.healthcare_service_id is null)::int
             as publication_preferences
      `)) as unknown as {
        rows: Array<{
          locations: number;
          healthcare_services: number;
          practitioner_roles: number;
          publication_preferences: number;
        }>;
      };
      const row = result.rows[0]!;
      return {
        locations: Number(row.locations),
        healthcareServices: Number(row.healthcare_services),
        practitionerRoles: Number(row.practitioner_roles),
        publicationPreferences: Number(row.publication_preferences),
      };
    },
  };
}
