import { count, like, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { users } from '#db/schema/index.ts';

/** RA numbers of the benchmark's users start with this digit (the demo world's start with 2). */
export const USERS_BENCH_RA_PREFIX = '3';

const given = [
  'Olivia',
  'Noah',
  'Charlotte',
  'Oliver',
  'Amelia',
  'Jack',
  'Isla',
  'William',
  'Mia',
  'Leo',
  'Ava',
  'Henry',
  'Grace',
  'Lucas',
  'Chloe',
  'Thomas',
  'Zoe',
  'James',
  'Ella',
  'Ethan',
  'Ruby',
  'Mason',
  'Sophie',
  'Liam',
  'Harper',
  'Hudson',
  'Matilda',
  'Archie',
  'Evie',
  'Harrison',
  'Priya',
  'Arjun',
  'Mei',
  'Wei',
  'Aisha',
  'Omar',
  'Fatima',
  'Yusuf',
  'Linh',
  'Minh',
  'Hana',
  'Kenji',
  'Sione',
  'Ana',
  'Mateo',
  'Sofia',
  'Nikos',
  'Eleni',
  'Tariq',
  'Leila',
];
/** Syllables of the family names: 40 × 40 × 40 = 64,000 of them, so one matches about 16 people. */
const syllables = [
  'ka',
  'lo',
  'mi',
  'ra',
  'ten',
  'bur',
  'son',
  'wick',
  'dal',
  'fen',
  'gar',
  'hol',
  'jin',
  'kor',
  'lan',
  'mor',
  'nel',
  'par',
  'quin',
  'ros',
  'sel',
  'tor',
  'ul',
  'van',
  'wes',
  'yar',
  'zel',
  'bri',
  'cam',
  'dor',
  'el',
  'fra',
  'gil',
  'ham',
  'ing',
  'jos',
  'kel',
  'ley',
  'mac',
  'nor',
];

const literal = (words: string[]) => `array[${words.map((w) => `'${w}'`).join(', ')}]`;

/**
 * Adds `total` users (1,000,000 for `npm run bench:users`, docs/benchmarks/users.md) in one INSERT … SELECT
 * per 100,000 rows: RA numbers 3000000001…, 50 given names, 64,000 family names of three syllables, and an
 * email of the two at one of five domains; one in fifty inactive, one in three never signed in.
 */
export async function seedUsers(db: Database, total = 1_000_000): Promise<number> {
  const [present] = await db
    .select({ n: count() })
    .from(users)
    .where(like(users.raNumber, `${USERS_BENCH_RA_PREFIX}%`));
  const have = present?.n ?? 0;
  if (have >= total) return 0;
  const batch = 100_000;
  for (let start = have + 1; start <= total; start += batch) {
    const end = Math.min(total, start + batch - 1);
    await db.execute(sql`
      insert into users (ra_number, given_name, family_name, email, is_active, last_login_at, created_at)
      select
        ${USERS_BENCH_RA_PREFIX} || lpad(g.n::text, 9, '0'),
        n.given,
        n.family,
        lower(n.given || '.' || n.family || g.n % 97) || '@' ||
          (array['clinic.example.com.au', 'health.example.com.au', 'example.com', 'medical.example.org.au', 'gp.example.net.au'])[g.n % 5 + 1],
        g.n % 50 <> 0,
        case when g.n % 3 <> 0 then timestamptz '2026-11-01T00:00:00Z' - (g.n % 40000) * interval '17 minutes' end,
        timestamptz '2024-01-01T00:00:00Z' + g.n * interval '60 seconds'
      from generate_series(${start}::int, ${end}::int) as g(n)
      cross join lateral (
        select (${sql.raw(literal(given))})[g.n % 50 + 1] as given,
               initcap((${sql.raw(literal(syllables))})[(g.n * 7) % 40 + 1] ||
                       (${sql.raw(literal(syllables))})[(g.n / 40 * 11) % 40 + 1] ||
                       (${sql.raw(literal(syllables))})[(g.n / 1600 * 13) % 40 + 1]) as family
      ) n`);
  }
  return total - have;
}
