import { Readable } from 'node:stream';
import {
  publishedEntityTypes,
  type PublicationsOverview,
  type PublishedEntitiesPage,
  type PublishedEntity,
  type PublishedEntityType,
} from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { NotFoundError } from '#platform/errors.ts';
import { csvLine, csvStart } from '#platform/lib/csv.ts';
import { publicationsOverviewRepository, type EntityCursor, type EntityRow } from './repository.ts';

/** Rows the CSV reads per statement: each batch continues after the last row of the one before. */
export const CSV_BATCH = 500;

/** The CSV's header row. */
export const csvHeader = [
  'Type',
  'Name',
  'Organisation',
  'Healthcare service',
  'Entity id',
  'Organisation id',
];

/** One entity as the CSV's cells, in the header's order. */
export function csvCellsOf(item: PublishedEntity): string[] {
  return [
    publishedEntityTypes[item.type].label,
    item.name,
    item.organisation?.name ?? '',
    item.healthcareService?.name ?? '',
    item.id,
    item.organisation?.id ?? '',
  ];
}

function itemOf(row: EntityRow): PublishedEntity {
  return {
    type: row.type as PublishedEntityType,
    id: row.id,
    name: row.name,
    organisationType:
      row.organisation_type === 'ParticipatingOrganisation' ||
      row.organisation_type === 'HiOrganisation'
        ? row.organisation_type
        : null,
    organisation:
      row.organisation_id && row.organisation_name
        ? { id: row.organisation_id, name: row.organisation_name }
        : null,
    healthcareService:
      row.service_id && row.service_name ? { id: row.service_id, name: row.service_name } : null,
  };
}

/**
 * The operator's publications overview (docs/decisions/066-publications-overview.md): read-only, and the
 * route's guard (System admin) is the whole authorisation — an operator may read what every partner receives.
 */
export function publicationsOverviewService(db: Database) {
  const repo = publicationsOverviewRepository(db);

  async function partnerOf(id: string) {
    const partner = await repo.partner(id);
    if (!partner) throw new NotFoundError('The partner service does not exist.');
    return partner;
  }

  return {
    async overview(): Promise<PublicationsOverview> {
      const rows = await repo.summaries();
      return {
        partners: rows.map((r) => ({
          id: r.id,
          name: r.name,
          role: r.role,
          counts: {
            organisations: r.organisations,
            locations: r.locations,
            healthcareServices: r.healthcare_services,
            practitionerRoles: r.practitioner_roles,
            practitioners: r.practitioners,
          },
          lastChange: r.changed_at
            ? {
                at: r.changed_at,
                by: r.changed_by_id
                  ? { id: r.changed_by_id, name: `${r.changed_by_given} ${r.changed_by_family}` }
                  : null,
              }
            : null,
        })),
      };
    },

    /** One page of the drill-down. */
    async page(
      partnerServiceId: string,
      query: { type?: PublishedEntityType | undefined; page: number; pageSize: number },
    ): Promise<PublishedEntitiesPage> {
      const partner = await partnerOf(partnerServiceId);
      const { total, rows } = await repo.page(
        partner.id,
        query.type,
        (query.page - 1) * query.pageSize,
        query.pageSize,
      );
      return {
        partner,
        items: rows.map(itemOf),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * Every entity the partner receives (of one kind, or all) as CSV, in the drill-down's order, read in
     * batches of CSV_BATCH each continuing after the last (keyset), so neither the database's answer nor
     * the file is ever held whole. The partner is checked before the reply starts, so a wrong id is a 404.
     */
    async csv(
      partnerServiceId: string,
      type: PublishedEntityType | undefined,
    ): Promise<{ name: string; stream: Readable }> {
      const partner = await partnerOf(partnerServiceId);
      async function* lines() {
        yield csvStart(csvHeader);
        let cursor: EntityCursor | null = null;
        for (;;) {
          const rows = await repo.after(partner.id, type, cursor, CSV_BATCH);
          if (rows.length) yield rows.map((row) => csvLine(csvCellsOf(itemOf(row)))).join('');
          if (rows.length < CSV_BATCH) return;
          const last = rows.at(-1)!;
          cursor = { rank: last.rank, sortKey: last.sort_key, id: last.id };
        }
      }
      return { name: partner.name, stream: Readable.from(lines(), { objectMode: false }) };
    },
  };
}
