import { Readable } from 'node:stream';
import type { AuditEventsPage, AuditPerson } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { auditEventsRepository, type Cursor, type Trail, type TrailFilter } from './repository.ts';
import { csvCellsOf, csvHeader, itemOf } from '#platform/audit-present.ts';
import { csvLine, csvStart } from '#platform/lib/csv.ts';

/** Rows the CSV reads per statement: each batch continues after the last row of the one before. */
export const CSV_BATCH = 500;

/** The cursor of the row a page ends with. */
const cursorOf = (row: { at: string; id: string }) => `${row.at}_${row.id}`;

function parseCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  const at = cursor.slice(0, cursor.indexOf('_'));
  return { at, id: cursor.slice(at.length + 1) };
}

/**
 * The audit trail (docs/decisions/061-audit-events.md): whose it is comes from the session alone —
 * the caller's own (what they did, what was done about or for their practitioner, what happened to the
 * organisations they manage), or while managing, the managed practitioner's.
 */
export function auditEventsService(db: Database) {
  const repo = auditEventsRepository(db);

  async function trailOf(
    auth: AuthContext,
  ): Promise<{ trail: Trail; kind: 'own' | 'managed'; name: string }> {
    const managed = auth.currentUser.managingPractitioner;
    if (managed) {
      const practitioner = await repo.practitioner(managed.id);
      return {
        trail: {
          userId: practitioner?.user_id ?? null,
          practitionerId: managed.id,
          organisationIds: [],
        },
        kind: 'managed',
        name: `${managed.givenName} ${managed.familyName}`,
      };
    }
    const organisationIds = [...auth.scope.organisationRoles]
      .filter(([, roles]) => roles.has('OrganisationManager'))
      .map(([id]) => id)
      .sort();
    return {
      trail: {
        userId: auth.user.id,
        practitionerId: auth.currentUser.practitionerId,
        organisationIds,
      },
      kind: 'own',
      name: `${auth.user.givenName} ${auth.user.familyName}`,
    };
  }

  return {
    /** One page of the trail, newest first, after `cursor`. */
    async page(
      auth: AuthContext,
      query: TrailFilter & { cursor?: string | undefined; pageSize: number },
    ): Promise<AuditEventsPage> {
      const { trail, kind, name } = await trailOf(auth);
      // One row past the page says whether another follows.
      const rows = await repo.page(trail, query, parseCursor(query.cursor), query.pageSize + 1);
      const shown = rows.slice(0, query.pageSize);
      return {
        items: shown.map(itemOf),
        nextCursor: rows.length > query.pageSize ? cursorOf(shown.at(-1)!) : null,
        trailOf: { kind, name },
      };
    },

    /**
     * Every row of the filtered trail as CSV, read in batches of CSV_BATCH rows each continuing after
     * the last (keyset), so that neither the database's answer nor the file is ever held whole.
     */
    async csv(auth: AuthContext, filter: TrailFilter): Promise<Readable> {
      const { trail } = await trailOf(auth);
      async function* lines() {
        yield csvStart(csvHeader);
        let cursor: Cursor | null = null;
        for (;;) {
          const rows = await repo.page(trail, filter, cursor, CSV_BATCH);
          if (rows.length) yield rows.map((row) => csvLine(csvCellsOf(itemOf(row)))).join('');
          if (rows.length < CSV_BATCH) return;
          const last = rows.at(-1)!;
          cursor = { at: last.at, id: last.id };
        }
      }
      return Readable.from(lines(), { objectMode: false });
    },

    /** Who the actor filter offers. */
    async actors(auth: AuthContext): Promise<AuditPerson[]> {
      const { trail } = await trailOf(auth);
      const rows = await repo.actors(trail);
      return rows.map((r) => ({ id: r.id, name: `${r.given_name} ${r.family_name}` }));
    },
  };
}
