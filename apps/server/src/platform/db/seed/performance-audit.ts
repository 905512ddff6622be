import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { auditEvents } from '#db/schema/index.ts';
import { demoIds } from './ids.ts';

/** The request id every benchmark audit row carries, so a second run finds them and adds none. */
export const AUDIT_BENCH_REQUEST_ID = 'bench-audit';

/**
 * Adds `total` audit events (1,000,000 for `npm run bench:audit`, docs/benchmarks/audit-events.md) over
 * the two years before 1 November 2026, one every 63 seconds, in one INSERT … SELECT per 100,000 rows.
 * Of every 100: 2 are Alice's own changes, 1 Ben's for Alice (acting for her), 5 happen to Harbour's four
 * organisations (which Alice manages) by their other staff, and 92 belong to 5,000 other people and 3,000
 * other organisations — so Alice's trail is about 8 % of the table, as a busy manager's would be. Entity
 * types cycle through seven, so the entity filter keeps about one row in seven.
 */
export async function seedAuditEvents(db: Database, total = 1_000_000): Promise<number> {
  const [present] = await db
    .select({ n: count() })
    .from(auditEvents)
    .where(eq(auditEvents.requestId, AUDIT_BENCH_REQUEST_ID));
  if ((present?.n ?? 0) >= total) return 0;
  const alice = demoIds.user('alice');
  const ben = demoIds.user('ben');
  const alicePractitioner = demoIds.practitioner('alice');
  const harbour = [
    'harbour-group',
    'harbour-surry-hills',
    'harbour-telehealth',
    'harbour-home-visits',
  ]
    .map((key) => `'${demoIds.organisation(key)}'::uuid`)
    .join(', ');
  const types = `array['Organisation', 'Location', 'HealthcareService', 'PractitionerRole', 'practitioner', 'user', 'session']`;
  const actions = `array['organisation.updated', 'location.updated', 'healthcare-service.updated', 'practitioner-role.updated', 'practitioner.update-personal-contact-details', 'user.update', 'session.created']`;
  const batch = 100_000;
  for (let start = (present?.n ?? 0) + 1; start <= total; start += batch) {
    const end = Math.min(total, start + batch - 1);
    await db.execute(sql`
      insert into audit_events (at, actor_user_id, acting_for_practitioner_id, action, entity_type,
        entity_id, changed_fields, organisation_id, subject_practitioner_id, request_id)
      select
        timestamptz '2026-11-01T00:00:00Z' - g.n * interval '63 seconds',
        case when g.n % 100 < 2 then ${alice}::uuid
             when g.n % 100 = 2 then ${ben}::uuid
             else md5('actor' || (g.n % 5000))::uuid end,
        case when g.n % 100 = 2 then ${alicePractitioner}::uuid end,
        (${sql.raw(actions)})[(g.n / 100) % 7 + 1],
        (${sql.raw(types)})[(g.n / 100) % 7 + 1],
        md5('entity' || (g.n % 20000))::uuid::text,
        jsonb_build_object('name', jsonb_build_object('from', 'Name ' || g.n, 'to', 'Name ' || (g.n + 1)),
          'phone', jsonb_build_object('from', null, 'to', '02 9' || lpad((g.n % 10000000)::text, 7, '0'))),
        case when g.n % 100 between 3 and 7 then (array[${sql.raw(harbour)}])[(g.n / 100) % 4 + 1]
             when g.n % 100 >= 8 then md5('org' || (g.n % 3000))::uuid end,
        case when g.n % 100 = 2 then ${alicePractitioner}::uuid
             when g.n % 100 >= 8 and g.n % 3 = 0 then md5('practitioner' || (g.n % 20000))::uuid end,
        ${AUDIT_BENCH_REQUEST_ID}
      from generate_series(${start}::int, ${end}::int) as g(n)`);
  }
  return total - (present?.n ?? 0);
}
