import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PublicationLevel } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { ancestorsCte } from '#db/organisation-tree.ts';
import { partnersWithLatestStatement } from '#platform/partner-statements-repository.ts';
import {
  informationUseStatements,
  locations,
  organisations,
  partnerPublications,
  publicationEmailRecipients,
  users,
} from '#db/schema/index.ts';

/** The database or a transaction. */
type Executor = Pick<
  Database,
  'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | 'execute'
>;

export type PublicationRow = typeof partnerPublications.$inferSelect;

/** Where a level's row sits: the organisation it belongs to, and its location or service (else neither). */
export interface LevelKey {
  organisationId: string;
  locationId: string | null;
  healthcareServiceId: string | null;
}

/** The columns a publication row is read with: its accepted version and who accepted it. */
const rowWithAcceptance = {
  row: partnerPublications,
  acceptedVersion: informationUseStatements.version,
  acceptedByGivenName: users.givenName,
  acceptedByFamilyName: users.familyName,
};

/** Why a publication fails the consent check. */
export type ConsentFindingReason = 'statement-not-current' | 'nobody-accepted';

/**
 * A publication without a person's acceptance of its partner's current statement: a partner publication at a
 * level of an organisation's tree, or a practitioner's own (`practitioner`,
 * docs/decisions/081-practitioner-publication-acceptance.md; no organisation then).
 */
export interface ConsentFinding {
  publicationId: string;
  level: PublicationLevel | 'practitioner';
  partnerCode: string;
  partnerName: string;
  organisationId: string | null;
  organisationName: string | null;
  locationId: string | null;
  healthcareServiceId: string | null;
  practitionerId: string | null;
  /** The name of the organisation, location, healthcare service or practitioner whose choice it is. */
  entityName: string;
  /** The version the row names (null: none). */
  acceptedVersion: number | null;
  /** The partner's latest version (null: the partner has no statement). */
  currentVersion: number | null;
  reason: ConsentFindingReason;
}

/** Publishing to partners (docs/decisions/030-publishing-to-partners.md): reads and writes of its tables. */
export const publicationsRepository = {
  partnersWithLatestStatement,

  /**
   * The consent check over the whole database (docs/decisions/056-publications-need-current-acceptance.md):
   * every publication — a row that publishes, at any level; what a lower level inherits is that row — that
   * does not name its partner's latest information use statement, or names it without the person who
   * accepted it and when. A practitioner's own choice that publishes is held to the same rule
   * (docs/decisions/081-practitioner-publication-acceptance.md). One statement; none is the answer a sound
   * database gives.
   */
  async withoutCurrentAcceptance(db: Executor): Promise<ConsentFinding[]> {
    const result = (await db.execute(sql`
      with latest as (
        select distinct on (partner_service_id) partner_service_id, id, version
        from information_use_statements
        order by partner_service_id, version desc
      )
      select p.id, 0 as kind, ps.code, ps.name as partner_name, p.organisation_id,
        o.name as organisation_name, p.location_id, p.healthcare_service_id, null::uuid as practitioner_id,
        coalesce(hs.name, loc.name, o.name) as entity_name, s.version as accepted_version,
        l.version as current_version, p.accepted_by_user_id, p.accepted_at
      from partner_publications p
      join partner_services ps on ps.id = p.partner_service_id
      join organisations o on o.id = p.organisation_id
      left join locations loc on loc.id = p.location_id
      left join healthcare_services hs on hs.id = p.healthcare_service_id
      left join information_use_statements s on s.id = p.information_use_statement_id
      left join latest l on l.partner_service_id = p.partner_service_id
      where p.publish and (
        l.id is null or p.information_use_statement_id is distinct from l.id
        or p.accepted_by_user_id is null or p.accepted_at is null)
      union all
      select pp.id, 1, ps.code, ps.name, null, null, null, null, pp.practitioner_id,
        pr.given_name || ' ' || pr.family_name, s.version, l.version, pp.accepted_by_user_id,
        pp.accepted_at
      from practitioner_publications pp
      join partner_services ps on ps.id = pp.partner_service_id
      join practitioners pr on pr.id = pp.practitioner_id
      left join information_use_statements s on s.id = pp.information_use_statement_id
      left join latest l on l.partner_service_id = pp.partner_service_id
      where pp.publish and (
        l.id is null or pp.information_use_statement_id is distinct from l.id
        or pp.accepted_by_user_id is null or pp.accepted_at is null)
      order by kind, organisation_name, entity_name, partner_name, id`)) as unknown as {
      rows: Array<{
        id: string;
        code: string;
        partner_name: string;
        organisation_id: string | null;
        organisation_name: string | null;
        location_id: string | null;
        healthcare_service_id: string | null;
        practitioner_id: string | null;
        entity_name: string;
        accepted_version: number | null;
        current_version: number | null;
        accepted_by_user_id: string | null;
        accepted_at: unknown;
      }>;
    };
    return result.rows.map((r) => {
      const current =
        r.current_version !== null && Number(r.accepted_version) === Number(r.current_version);
      return {
        publicationId: r.id,
        level: r.practitioner_id
          ? 'practitioner'
          : r.healthcare_service_id
            ? 'healthcare-service'
            : r.location_id
              ? 'location'
              : 'organisation',
        partnerCode: r.code,
        partnerName: r.partner_name,
        organisationId: r.organisation_id,
        organisationName: r.organisation_name,
        locationId: r.location_id,
        healthcareServiceId: r.healthcare_service_id,
        practitionerId: r.practitioner_id,
        entityName: r.entity_name,
        acceptedVersion: r.accepted_version === null ? null : Number(r.accepted_version),
        currentVersion: r.current_version === null ? null : Number(r.current_version),
        reason: current ? 'nobody-accepted' : 'statement-not-current',
      };
    });
  },

  /** How many rows publish (at every level, and practitioners' own), for the consent check's summary. */
  async publishingCount(db: Executor): Promise<number> {
    const result = (await db.execute(sql`select
      (select count(*) from partner_publications where publish)
      + (select count(*) from practitioner_publications where publish) as n`)) as unknown as {
      rows: Array<{ n: number | string }>;
    };
    return Number(result.rows[0]?.n ?? 0);
  },

  /** The organisation and every organisation above it, nearest first, with their names. */
  async organisationChain(db: Executor, organisationId: string) {
    const result = (await db.execute(
      sql`with recursive ${ancestorsCte('up', sql`select ${organisationId}::uuid`)}
        select up.id, up.parent_id, o.name from up join organisations o on o.id = up.id`,
    )) as unknown as { rows: Array<{ id: string; parent_id: string | null; name: string }> };
    const byId = new Map(result.rows.map((r) => [r.id, r]));
    const chain: Array<{ id: string; name: string }> = [];
    let at = byId.get(organisationId);
    // The seen check guards against a cycle the data should never hold.
    while (at && !chain.some((c) => c.id === at!.id)) {
      chain.push({ id: at.id, name: at.name });
      at = at.parent_id ? byId.get(at.parent_id) : undefined;
    }
    return chain;
  },

  /**
   * The rows of the levels that apply to an entity: its healthcare service's, its location's, and the
   * organisation-level rows of the given organisations.
   */
  async rowsFor(
    db: Executor,
    levels: { healthcareServiceId?: string; locationId?: string; organisationIds: string[] },
  ) {
    const orgLevel = and(
      inArray(partnerPublications.organisationId, levels.organisationIds),
      isNull(partnerPublications.locationId),
      isNull(partnerPublications.healthcareServiceId),
    );
    return db
      .select(rowWithAcceptance)
      .from(partnerPublications)
      .leftJoin(
        informationUseStatements,
        eq(informationUseStatements.id, partnerPublications.informationUseStatementId),
      )
      .leftJoin(users, eq(users.id, partnerPublications.acceptedByUserId))
      .where(
        or(
          orgLevel,
          levels.locationId ? eq(partnerPublications.locationId, levels.locationId) : undefined,
          levels.healthcareServiceId
            ? eq(partnerPublications.healthcareServiceId, levels.healthcareServiceId)
            : undefined,
        ),
      );
  },

  /** A level's own row for a partner, locked for the rest of the transaction. */
  async ownRowForUpdate(tx: Executor, key: LevelKey, partnerServiceId: string) {
    const [row] = await tx
      .select()
      .from(partnerPublications)
      .where(
        and(
          eq(partnerPublications.partnerServiceId, partnerServiceId),
          eq(partnerPublications.organisationId, key.organisationId),
          key.locationId
            ? eq(partnerPublications.locationId, key.locationId)
            : isNull(partnerPublications.locationId),
          key.healthcareServiceId
            ? eq(partnerPublications.healthcareServiceId, key.healthcareServiceId)
            : isNull(partnerPublications.healthcareServiceId),
        ),
      )
      .for('update');
    return row;
  },

  async insertRow(tx: Executor, values: typeof partnerPublications.$inferInsert) {
    const [row] = await tx.insert(partnerPublications).values(values).returning();
    return row!;
  },

  async updateRow(
    tx: Executor,
    id: string,
    values: Partial<typeof partnerPublications.$inferInsert>,
  ) {
    await tx
      .update(partnerPublications)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(partnerPublications.id, id));
  },

  async deleteRow(tx: Executor, id: string) {
    await tx.delete(partnerPublications).where(eq(partnerPublications.id, id));
  },

  /** The addresses mailed about the organisations' publication (deduplicated). */
  async recipientEmails(db: Executor, organisationIds: string[]) {
    const rows = await db
      .selectDistinct({ email: publicationEmailRecipients.email })
      .from(publicationEmailRecipients)
      .where(inArray(publicationEmailRecipients.organisationId, organisationIds))
      .orderBy(asc(publicationEmailRecipients.email));
    return rows.map((r) => r.email);
  },

  async recipients(db: Executor, organisationId: string) {
    return db
      .select()
      .from(publicationEmailRecipients)
      .where(eq(publicationEmailRecipients.organisationId, organisationId))
      .orderBy(asc(publicationEmailRecipients.email));
  },

  async insertRecipient(
    tx: Executor,
    values: { organisationId: string; email: string; createdByUserId: string },
  ) {
    const [row] = await tx
      .insert(publicationEmailRecipients)
      .values(values)
      .onConflictDoNothing()
      .returning();
    return row;
  },

  async deleteRecipient(tx: Executor, organisationId: string, recipientId: string) {
    const [row] = await tx
      .delete(publicationEmailRecipients)
      .where(
        and(
          eq(publicationEmailRecipients.id, recipientId),
          eq(publicationEmailRecipients.organisationId, organisationId),
        ),
      )
      .returning();
    return row;
  },

  async organisationName(db: Executor, organisationId: string) {
    const [row] = await db
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, organisationId));
    return row?.name;
  },

  /** A location's id and name. */
  async location(db: Executor, locationId: string) {
    const [row] = await db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(eq(locations.id, locationId));
    return row;
  },
};
