import { sql, type SQL } from 'drizzle-orm';
import { terminologyKeyOf } from '#db/schema/index.ts';
import { SNOMED } from './resources.ts';

// The SQL of what HCPD adds to the partner API (docs/decisions/071-terminology-and-codes.md,
// 072-endpoint-and-provenance.md): codes of the texts people entered, endpoints, and Provenance from the
// audit trail. Over the search statements' aliases (o, l, s, r, pr; e for endpoints, a for audit events).

/** The SNOMED CT coding of `column`'s text in `valueSet`, or null: one lookup by the mappings' unique key. */
export const codingColumn = (valueSet: string, column: SQL) => sql`(select
    json_build_object('code', tc.code, 'display', tc.display)
  from terminology_mappings tm join terminology_concepts tc on tc.id = tm.concept_id
  where tm.value_set = ${valueSet} and tm.text_key = ${terminologyKeyOf(column)})`;

/**
 * The coding side of a token search over a coded text (repository.ts, `conceptToken`): `system|code` with
 * SNOMED CT, `|code` or a bare `code` finds every record whose text is matched to the code; another system
 * finds nothing. (A bare value also finds the text itself, any case: `conceptToken` adds that.)
 */
export const snomedCoding =
  (valueSet: string, column: SQL) =>
  (system: string | null, code: string): SQL =>
    system && system !== SNOMED
      ? sql`false`
      : sql`${terminologyKeyOf(column)} in (select tm.text_key from terminology_mappings tm
      join terminology_concepts tc on tc.id = tm.concept_id
      where tm.value_set = ${valueSet} and tc.code = ${code})`;

/** The ids of the endpoints `where` names (over alias e), in a stable order; null when none. */
export const endpointIdsColumn = (where: SQL) =>
  sql`(select array_agg(e.id::text order by e.name, e.id) from endpoints e where ${where})`;

export const endpointColumns = sql`e.id, e.organisation_id as "organisationId",
  e.healthcare_service_id as "healthcareServiceId", e.name, e.connection_type as "connectionType",
  e.payload_type as "payloadType",
  e.payload_mime_types as "payloadMimeTypes", e.address, e.status, e.updated_at as "lastUpdated"`;

/** An endpoint is seen where its owner is: the organisation's own, its service's or its location's (085). */
export const endpointVisible = sql`(case when e.healthcare_service_id is not null
  then e.healthcare_service_id in (select id from vis_svc)
  when e.location_id is not null then e.location_id in (select id from vis_loc)
  else e.organisation_id in (select id from vis_org) end)`;

/** The actions of the audit trail that change what a partner reads (not reads, not personal details). */
const CHANGES = '\\.(created|updated|imported|deleted)$';
const PROVENANCE_TYPES = sql`('Organisation', 'Location', 'HealthcareService', 'Practitioner', 'PractitionerRole', 'Endpoint')`;

export const provenanceColumns = sql`a.id, a.at as "recorded", a.action, a.entity_type as "entityType",
  a.entity_id as "entityId", a.organisation_id as "organisationId", a.at as "lastUpdated"`;

/** Each target's latest change: who last changed what (one Provenance a target). */
export const provenanceFrom = sql`from (select a.* from audit_events a
  where a.entity_type in ${PROVENANCE_TYPES} and a.action ~ ${CHANGES}
    and not exists (select 1 from audit_events b
      where b.entity_type = a.entity_type and b.entity_id = a.entity_id and b.action ~ ${CHANGES}
        and (b.at, b.id) > (a.at, a.id))) a`;

/** The target's id as a uuid, null when the trail's text is not one (a CASE decides before the cast). */
const target = sql`(case when a.entity_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  then a.entity_id::uuid end)`;

/** A Provenance is seen where its target is. `roleSeen(r)` decides a role row `r` (repository.ts). */
export const provenanceVisible = (roleSeen: (r: SQL) => SQL) => sql`(case a.entity_type
  when 'Organisation' then ${target} in (select id from vis_org)
  when 'Location' then ${target} in (select id from vis_loc)
  when 'HealthcareService' then ${target} in (select id from vis_svc)
  when 'Endpoint' then exists (select 1 from endpoints e where e.id = ${target} and ${endpointVisible})
  when 'PractitionerRole' then exists (select 1 from practitioner_roles vr
    where vr.id = ${target} and ${roleSeen(sql`vr`)})
  when 'Practitioner' then exists (select 1 from practitioner_roles vr
    where vr.practitioner_id = ${target} and ${roleSeen(sql`vr`)})
  else false end)`;

/** The audit trail's entity type of each FHIR type a Provenance can target. */
export const provenanceEntityTypes: Record<string, string> = {
  Organization: 'Organisation',
  Location: 'Location',
  HealthcareService: 'HealthcareService',
  Practitioner: 'Practitioner',
  PractitionerRole: 'PractitionerRole',
  Endpoint: 'Endpoint',
};
