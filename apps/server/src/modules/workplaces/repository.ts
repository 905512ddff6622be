import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import { ancestorsCte } from '#db/organisation-tree.ts';
import {
  healthcareServices,
  locations,
  organisations,
  practitionerRoles,
} from '#db/schema/index.ts';

const parents = alias(organisations, 'parent_organisations');

/** What both reads select: the role, its healthcare service, the service's organisation, its parent and location. */
const roleWithService = {
  role: {
    id: practitionerRoles.id,
    primaryType: practitionerRoles.primaryType,
    preferredName: practitionerRoles.preferredName,
    numberOfDays: practitionerRoles.numberOfDays,
    startDate: practitionerRoles.startDate,
    endDate: practitionerRoles.endDate,
  },
  service: healthcareServices,
  organisation: {
    id: organisations.id,
    name: organisations.name,
    type: organisations.type,
    status: organisations.status,
    businessName: organisations.businessName,
  },
  parent: {
    id: parents.id,
    name: parents.name,
    status: parents.status,
    businessName: parents.businessName,
  },
  location: {
    id: locations.id,
    name: locations.name,
    type: locations.type,
    addressLines: locations.addressLines,
    locality: locations.locality,
    state: locations.state,
    postcode: locations.postcode,
  },
};

/** One role of the practitioner with where it is. */
export type RoleRow = Awaited<ReturnType<ReturnType<typeof workplacesRepository>['roles']>>[number];

/** One publication row that may apply to a service, with its partner service. */
export interface PublicationRow {
  partnerServiceId: string;
  partnerName: string;
  partnerRole: 'directory' | 'payer' | 'referral';
  featureFlag: string | null;
  publish: boolean;
  organisationId: string;
  locationId: string | null;
  healthcareServiceId: string | null;
}

/** The service's organisation and every one above it: id, parent and name. */
export interface ChainRow {
  id: string;
  parentId: string | null;
  name: string;
}

/** Data access of My workplaces: reads only, each one statement (docs/decisions/059-my-workplaces.md). */
export function workplacesRepository(db: Database) {
  function selectRoles() {
    return db
      .select(roleWithService)
      .from(practitionerRoles)
      .innerJoin(
        healthcareServices,
        eq(healthcareServices.id, practitionerRoles.healthcareServiceId),
      )
      .innerJoin(organisations, eq(organisations.id, healthcareServices.organisationId))
      .leftJoin(parents, eq(parents.id, organisations.parentId))
      .leftJoin(locations, eq(locations.id, healthcareServices.locationId));
  }

  return {
    /** Every role of the practitioner with its service, organisation, parent and location: one statement. */
    async roles(practitionerId: string) {
      return selectRoles()
        .where(eq(practitionerRoles.practitionerId, practitionerId))
        .orderBy(
          asc(healthcareServices.name),
          asc(healthcareServices.id),
          asc(practitionerRoles.startDate),
          asc(practitionerRoles.id),
        );
    },

    /** The practitioner's roles at one service (none: they never held one there, or it does not exist). */
    async rolesAt(practitionerId: string, healthcareServiceId: string) {
      return selectRoles()
        .where(
          and(
            eq(practitionerRoles.practitionerId, practitionerId),
            eq(practitionerRoles.healthcareServiceId, healthcareServiceId),
          ),
        )
        .orderBy(asc(practitionerRoles.startDate), asc(practitionerRoles.id));
    },

    /**
     * What may apply to a service's publication, in one statement: the organisation chain above it and the
     * rows of its own level, its location's and those organisations' (docs/decisions/030-publishing-to-partners.md).
     */
    async publicationLevels(service: {
      id: string;
      organisationId: string;
      locationId: string | null;
    }): Promise<{ chain: ChainRow[]; rows: PublicationRow[] }> {
      // Both drivers answer raw SQL with `{ rows }`; json_agg keeps it to one row and one round trip.
      const result = (await db.execute(sql`
        with recursive ${ancestorsCte('up', sql`select ${service.organisationId}::uuid`)}
        select
          (select coalesce(json_agg(json_build_object(
              'id', o.id, 'parentId', o.parent_id, 'name', o.name)), '[]'::json)
             from up join organisations o on o.id = up.id) as chain,
          (select coalesce(json_agg(json_build_object(
              'partnerServiceId', p.partner_service_id,
              'partnerName', ps.name,
              'partnerRole', ps.role,
              'featureFlag', ps.feature_flag,
              'publish', p.publish,
              'organisationId', p.organisation_id,
              'locationId', p.location_id,
              'healthcareServiceId', p.healthcare_service_id) order by ps.name, ps.id), '[]'::json)
             from partner_publications p
             join partner_services ps on ps.id = p.partner_service_id
             where p.healthcare_service_id = ${service.id}::uuid
                or (${service.locationId}::uuid is not null
                    and p.location_id = ${service.locationId}::uuid)
                or (p.organisation_id in (select id from up)
                    and p.location_id is null and p.healthcare_service_id is null)) as rows
      `)) as unknown as { rows: Array<{ chain: unknown; rows: unknown }> };
      const [row] = result.rows;
      // PGlite hands json back parsed; node-postgres too, but a text answer is parsed here to be sure.
      const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
      return {
        chain: parse<ChainRow[]>(row?.chain ?? []),
        rows: parse<PublicationRow[]>(row?.rows ?? []),
      };
    },
  };
}
