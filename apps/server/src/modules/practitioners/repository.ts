import { asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { IsActiveFilter, OfferingLocationType } from '@pca/contracts';
import type { Database, Transaction } from '#db/client.ts';
import { descendantsCte } from '#db/organisation-tree.ts';
import {
  healthcareServices,
  locations,
  organisations,
  practitionerRoles,
  practitioners,
  terminologyConcepts,
  users,
  valueSetConcepts,
  valueSets,
  type OpeningHours,
} from '#db/schema/index.ts';

/** Which roles a query may see: roles of services in these organisations, or of these services. */
export interface RoleVisibility {
  organisationIds: string[];
  serviceIds: string[];
}

/** The filters of the Practitioners page that apply to roles and names. */
export interface RoleFilters {
  isActive: IsActiveFilter;
  name?: string | undefined;
  today: string;
}

/** One practitioner of a page, before its offerings are attached. */
export interface PractitionerPageRow {
  id: string;
  givenName: string;
  familyName: string;
  hpii: string | null;
  photoData: string | null;
}

/** One role row with the service and location details the list and detail views show. */
export interface RoleRow {
  id: string;
  practitionerId: string;
  healthcareServiceId: string;
  healthcareServiceName: string;
  organisationId: string;
  primaryType: string;
  specialty: string | null;
  /** BCP 47 codes of the languages offered in the role (docs/decisions/078-languages-and-billing.md). */
  languages: string[];
  preferredName: string | null;
  numberOfDays: number | null;
  startDate: string;
  endDate: string | null;
  /** When the practitioner is available in the role, as stored periods ([] when none). */
  availableTime: OpeningHours[];
  addressLines: string[] | null;
  locality: string | null;
  state: string | null;
  postcode: string | null;
  locationTypes: string[] | null;
}

/** Both drivers answer raw SQL with `{ rows }`. */
type Rows<T> = { rows: T[] };

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** SQL condition: the role's service is visible (pr = practitioner_roles, hs = healthcare_services). */
function visibleCondition(v: RoleVisibility): SQL {
  const parts: SQL[] = [];
  if (v.organisationIds.length)
    parts.push(sql`hs.organisation_id in (${idList(v.organisationIds)})`);
  if (v.serviceIds.length) parts.push(sql`hs.id in (${idList(v.serviceIds)})`);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

function activeCondition(filter: IsActiveFilter, today: string): SQL {
  const active = sql`(pr.start_date <= ${today}::date and (pr.end_date is null or pr.end_date >= ${today}::date))`;
  if (filter === 'true') return active;
  if (filter === 'false') return sql`not ${active}`;
  return sql`true`;
}

/** Escapes LIKE wildcards so a typed % or _ matches itself. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function nameCondition(name: string | undefined): SQL {
  if (!name) return sql`true`;
  return sql`(p.given_name || ' ' || p.family_name) ilike ${likePattern(name)}`;
}

/** The location type of docs/product/features.md: no code = physical, MOBL = mobile, VI = virtual. */
export function locationKindOf(types: string[] | null): OfferingLocationType | null {
  if (types === null) return null;
  if (types.includes('VI')) return 'Virtual';
  if (types.includes('MOBL')) return 'Mobile';
  return 'Physical';
}

/** One line of address: street lines, locality, state and postcode. */
export function addressOf(row: Pick<RoleRow, 'addressLines' | 'locality' | 'state' | 'postcode'>) {
  const place = [row.locality, row.state, row.postcode].filter(Boolean).join(' ');
  const text = [...(row.addressLines ?? []), place].filter(Boolean).join(', ');
  return text === '' ? null : text;
}

const roleColumns = sql`
  pr.id, pr.practitioner_id as "practitionerId", pr.healthcare_service_id as "healthcareServiceId",
  hs.name as "healthcareServiceName", hs.organisation_id as "organisationId",
  pr.primary_type as "primaryType", pr.specialty, pr.languages, pr.preferred_name as "preferredName",
  pr.number_of_days as "numberOfDays", pr.start_date::text as "startDate", pr.end_date::text as "endDate",
  pr.available_time as "availableTime",
  l.address_lines as "addressLines", l.locality, l.state, l.postcode, l.type as "locationTypes"`;

/** Data access of the Practitioners page and practitioner roles. */
export function practitionersRepository(db: Database) {
  return {
    /** Ids of an organisation and every organisation beneath it. */
    async subtreeOf(organisationId: string): Promise<Set<string>> {
      const result = (await db.execute(sql`
        with recursive ${descendantsCte('tree', sql`select id from ${organisations} where id = ${organisationId}`)}
        select id from tree`)) as unknown as Rows<{ id: string }>;
      return new Set(result.rows.map((r) => r.id));
    },

    /**
     * One page of practitioners holding at least one visible role that passes the activity filter, whose
     * 'given family' contains the name; ordered by family then given name; with the total count and each
     * practitioner's visible roles passing the filter (newest start first). One round trip: at 10,000 roles
     * the per-statement cost of the embedded database is a large share of the request.
     */
    async practitionerPage(
      visibility: RoleVisibility,
      filters: RoleFilters,
      page: { limit: number; offset: number },
    ): Promise<{ rows: PractitionerPageRow[]; roles: RoleRow[]; total: number }> {
      const listed = sql`${nameCondition(filters.name)}
             -- A scalar sub-select (not EXISTS) so each candidate probes its roles by index: with a
             -- name filter that is a few dozen probes instead of a hash over every role.
             and (
               select true from ${practitionerRoles} pr
                 join ${healthcareServices} hs on hs.id = pr.healthcare_service_id
                where pr.practitioner_id = p.id
                  and ${visibleCondition(visibility)}
                  and ${activeCondition(filters.isActive, filters.today)}
                limit 1)`;
      const result = (await db.execute(sql`
        with page as (
          select p.id, p.given_name, p.family_name, p.hpii, p.user_id, count(*) over () as total
            from ${practitioners} p
           where ${listed}
           order by p.family_name, p.given_name, p.id
           limit ${page.limit} offset ${page.offset}
        )
        select page.id as "pId", page.given_name as "givenName", page.family_name as "familyName",
               page.hpii, page.total, r.*,
               -- The photo is the user's (docs/decisions/024-profile-photo.md): a practitioner without a
               -- portal account has none.
               (select u.photo_data from ${users} u where u.id = page.user_id) as "photoData"
          from page
          -- Lateral: only the page's practitioners' roles are read, by index.
          cross join lateral (
            select ${roleColumns}
              from ${practitionerRoles} pr
              join ${healthcareServices} hs on hs.id = pr.healthcare_service_id
              left join ${locations} l on l.id = hs.location_id
             where pr.practitioner_id = page.id
               and ${visibleCondition(visibility)}
               and ${activeCondition(filters.isActive, filters.today)}) r
         order by page.family_name, page.given_name, page.id, r."startDate" desc,
                  r."healthcareServiceName", r.id`)) as unknown as Rows<
        RoleRow & {
          pId: string;
          givenName: string;
          familyName: string;
          hpii: string | null;
          photoData: string | null;
          total: string | number;
        }
      >;
      const rows: PractitionerPageRow[] = [];
      const roles: RoleRow[] = [];
      for (const {
        pId,
        givenName,
        familyName,
        hpii,
        photoData,
        total: _total,
        ...role
      } of result.rows) {
        if (rows.at(-1)?.id !== pId) rows.push({ id: pId, givenName, familyName, hpii, photoData });
        roles.push(role);
      }
      // Past the last page there is no row to carry the total: only then is it counted on its own.
      let total = result.rows[0] ? Number(result.rows[0].total) : 0;
      if (!result.rows[0] && page.offset > 0) {
        const counted = (await db.execute(sql`
          select count(*) as total from ${practitioners} p where ${listed}`)) as unknown as Rows<{
          total: string | number;
        }>;
        total = Number(counted.rows[0]?.total ?? 0);
      }
      return { rows, roles, total };
    },

    /** Whether any practitioner holds a visible role at all (the empty-message choice of docs/product/shell.md#practitioners). */
    async anyVisibleRole(visibility: RoleVisibility): Promise<boolean> {
      const result = (await db.execute(sql`
        select exists (
          select 1 from ${practitionerRoles} pr
            join ${healthcareServices} hs on hs.id = pr.healthcare_service_id
           where ${visibleCondition(visibility)}) as found`)) as unknown as Rows<{
        found: boolean;
      }>;
      return Boolean(result.rows[0]?.found);
    },

    /** One role with its service and location, or null. */
    async roleById(roleId: string): Promise<RoleRow | null> {
      const result = (await db.execute(sql`
        select ${roleColumns}
          from ${practitionerRoles} pr
          join ${healthcareServices} hs on hs.id = pr.healthcare_service_id
          left join ${locations} l on l.id = hs.location_id
         where pr.id = ${roleId}::uuid`)) as unknown as Rows<RoleRow>;
      return result.rows[0] ?? null;
    },

    /** Healthcare services in these organisations or with these ids, with their organisation's name. */
    async servicesVisible(visibility: RoleVisibility) {
      const conditions: SQL[] = [];
      if (visibility.organisationIds.length)
        conditions.push(inArray(healthcareServices.organisationId, visibility.organisationIds));
      if (visibility.serviceIds.length)
        conditions.push(inArray(healthcareServices.id, visibility.serviceIds));
      if (conditions.length === 0) return [];
      return db
        .select({
          id: healthcareServices.id,
          name: healthcareServices.name,
          organisationId: healthcareServices.organisationId,
          organisationName: organisations.name,
          startDate: healthcareServices.startDate,
          endDate: healthcareServices.endDate,
        })
        .from(healthcareServices)
        .innerJoin(organisations, eq(organisations.id, healthcareServices.organisationId))
        .where(or(...conditions))
        .orderBy(asc(organisations.name), asc(healthcareServices.name));
    },

    /** One healthcare service with its organisation, or null. */
    async serviceById(serviceId: string) {
      const [row] = await db
        .select({
          id: healthcareServices.id,
          name: healthcareServices.name,
          organisationId: healthcareServices.organisationId,
          organisationName: organisations.name,
        })
        .from(healthcareServices)
        .innerJoin(organisations, eq(organisations.id, healthcareServices.organisationId))
        .where(eq(healthcareServices.id, serviceId));
      return row ?? null;
    },

    /**
     * The role types a role may have: the practitioner role type value set, in display order, then the
     * terminology's practitioner roles it does not already name (docs/decisions/071-terminology-and-codes.md),
     * so a role picked from the list is coded for partners wherever the terminology knows it.
     */
    async roleTypes(): Promise<string[]> {
      const [listed, coded] = await Promise.all([
        db
          .select({ code: valueSetConcepts.code })
          .from(valueSetConcepts)
          .innerJoin(valueSets, eq(valueSets.id, valueSetConcepts.valueSetId))
          .where(eq(valueSets.code, 'practitioner-role-type'))
          .orderBy(asc(valueSetConcepts.sortOrder)),
        db
          .select({ display: terminologyConcepts.display })
          .from(terminologyConcepts)
          .where(eq(terminologyConcepts.valueSet, 'practitioner-role'))
          .orderBy(asc(terminologyConcepts.display)),
      ]);
      const types = listed.map((r) => r.code);
      const known = new Set(types.map((t) => t.toLowerCase()));
      return [...types, ...coded.map((r) => r.display).filter((d) => !known.has(d.toLowerCase()))];
    },

    /** Known practitioners (holding a visible role) whose 'given family' contains the name. */
    async searchByName(visibility: RoleVisibility, name: string, limit = 20) {
      const result = (await db.execute(sql`
        select p.id, p.given_name as "givenName", p.family_name as "familyName", p.hpii as "hpiiIdentifier"
          from ${practitioners} p
         where ${nameCondition(name)}
           and exists (
             select 1 from ${practitionerRoles} pr
               join ${healthcareServices} hs on hs.id = pr.healthcare_service_id
              where pr.practitioner_id = p.id and ${visibleCondition(visibility)})
         order by p.family_name, p.given_name, p.id
         limit ${limit}`)) as unknown as Rows<{
        id: string;
        givenName: string;
        familyName: string;
        hpiiIdentifier: string | null;
      }>;
      return result.rows;
    },

    /** A practitioner by id, or null. */
    async practitionerById(id: string) {
      const [row] = await db.select().from(practitioners).where(eq(practitioners.id, id));
      return row ?? null;
    },

    /** A practitioner by HPI-I, or null. */
    async practitionerByHpii(hpii: string) {
      const [row] = await db.select().from(practitioners).where(eq(practitioners.hpii, hpii));
      return row ?? null;
    },

    /** Whether the practitioner holds a visible role (is "known" to the caller). */
    async holdsVisibleRole(practitionerId: string, visibility: RoleVisibility): Promise<boolean> {
      const result = (await db.execute(sql`
        select exists (
          select 1 from ${practitionerRoles} pr
            join ${healthcareServices} hs on hs.id = pr.healthcare_service_id
           where pr.practitioner_id = ${practitionerId}::uuid and ${visibleCondition(visibility)}) as found`)) as unknown as Rows<{
        found: boolean;
      }>;
      return Boolean(result.rows[0]?.found);
    },
  };
}

/** Adds a practitioner found in the HI Service (inside the caller's transaction). */
export async function insertPractitioner(
  tx: Transaction,
  values: { hpii: string; givenName: string; familyName: string },
) {
  const [created] = await tx
    .insert(practitioners)
    .values(values)
    .returning({ id: practitioners.id });
  return created!.id;
}

/** Adds a role (inside the caller's transaction). */
export async function insertRole(tx: Transaction, values: typeof practitionerRoles.$inferInsert) {
  const [row] = await tx
    .insert(practitionerRoles)
    .values(values)
    .returning({ id: practitionerRoles.id });
  return row!.id;
}

/** Saves a role's editable fields (inside the caller's transaction). */
export async function updateRole(
  tx: Transaction,
  roleId: string,
  values: Partial<typeof practitionerRoles.$inferInsert>,
) {
  await tx
    .update(practitionerRoles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(practitionerRoles.id, roleId));
}
