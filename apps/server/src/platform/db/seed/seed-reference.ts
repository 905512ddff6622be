import { sql } from 'drizzle-orm';
import type { Transaction } from '../client.ts';
import { valueSetConcepts, valueSets } from '../schema/index.ts';
import { demoId } from './ids.ts';
import type { LocalityRow } from './world.ts';

/** Service types offered by seeded services and the NHSD dataset. */
export const SERVICE_TYPES = [
  'General practice',
  'Skin cancer clinic',
  'Physiotherapy',
  'Pharmacy',
  'Dental',
  'Psychology',
  'Podiatry',
  'Pathology collection',
  'Diagnostic imaging',
  'Dietetics',
  'Occupational therapy',
  'Speech pathology',
  'Optometry',
  'Mental health',
  'Chiropractic',
  'Audiology',
] as const;

/** Practitioner role types (primary types) with the profession and registration prefix behind them. */
export const ROLE_TYPES = [
  { primaryType: 'General practitioner', profession: 'Medical Practitioner', prefix: 'MED' },
  { primaryType: 'Dermatologist', profession: 'Medical Practitioner', prefix: 'MED' },
  { primaryType: 'Registered nurse', profession: 'Nurse', prefix: 'NMW' },
  { primaryType: 'Physiotherapist', profession: 'Physiotherapist', prefix: 'PHY' },
  { primaryType: 'Psychologist', profession: 'Psychologist', prefix: 'PSY' },
  { primaryType: 'Podiatrist', profession: 'Podiatrist', prefix: 'POD' },
  { primaryType: 'Dietitian', profession: 'Dietitian', prefix: 'DIE' },
  { primaryType: 'Pharmacist', profession: 'Pharmacist', prefix: 'PHA' },
] as const;

const VALUE_SETS: { code: string; name: string; concepts: [code: string, display: string][] }[] = [
  {
    code: 'service-type',
    name: 'Healthcare service types',
    concepts: SERVICE_TYPES.map((t) => [t, t]),
  },
  {
    code: 'practitioner-role-type',
    name: 'Practitioner role types',
    concepts: [...new Set(ROLE_TYPES.map((r) => r.primaryType))].map((t) => [t, t]),
  },
  {
    code: 'profession',
    name: 'Registered professions',
    concepts: [...new Set(ROLE_TYPES.map((r) => r.profession))].map((t) => [t, t]),
  },
  {
    code: 'australian-state',
    name: 'States and territories',
    concepts: [
      ['ACT', 'Australian Capital Territory'],
      ['NSW', 'New South Wales'],
      ['NT', 'Northern Territory'],
      ['QLD', 'Queensland'],
      ['SA', 'South Australia'],
      ['TAS', 'Tasmania'],
      ['VIC', 'Victoria'],
      ['WA', 'Western Australia'],
    ],
  },
  {
    code: 'location-type',
    name: 'Location types',
    concepts: [
      ['MOBL', 'Mobile'],
      ['VI', 'Virtual'],
    ],
  },
  {
    code: 'nhsd-business-type',
    name: 'NHSD business types',
    concepts: [
      ['si', 'Services at a site'],
      ['home', 'Home visits'],
      ['virtual', 'Virtual services'],
    ],
  },
  {
    code: 'task-property',
    name: 'Task properties',
    concepts: [
      ['AfterHoursPhone', 'After hours phone'],
      ['Email', 'Email'],
      ['Fax', 'Fax'],
      ['Phone', 'Phone'],
      ['Website', 'Website'],
      ['NumberOfDays', 'Number of days'],
      ['PreferredName', 'Preferred name'],
    ],
  },
];

/** Inserts the value sets and their concepts. */
export async function seedValueSets(tx: Transaction): Promise<void> {
  await tx
    .insert(valueSets)
    .values(
      VALUE_SETS.map((v) => ({ id: demoId('value-set', v.code), code: v.code, name: v.name })),
    );
  await tx.insert(valueSetConcepts).values(
    VALUE_SETS.flatMap((v) =>
      v.concepts.map(([code, display], n) => ({
        id: demoId('value-set-concept', `${v.code}/${code}`),
        valueSetId: demoId('value-set', v.code),
        code,
        display,
        sortOrder: n + 1,
      })),
    ),
  );
}

/** The stable id of a locality row. */
export const localityId = (row: Pick<LocalityRow, 'locality' | 'postcode' | 'state'>) =>
  demoId('locality', `${row.locality}|${row.postcode}|${row.state}`);

/** Loads all localities with one statement per 5,000 rows (arrays unnested server-side: few parameters, fast). */
export async function seedLocalities(tx: Transaction, rows: LocalityRow[]): Promise<void> {
  const batch = 5_000;
  for (let start = 0; start < rows.length; start += batch) {
    const part = rows.slice(start, start + batch);
    await tx.execute(sql`
      INSERT INTO localities (id, locality, postcode, state, latitude, longitude)
      SELECT * FROM unnest(
        ${sql.param(part.map(localityId))}::uuid[],
        ${sql.param(part.map((r) => r.locality))}::text[],
        ${sql.param(part.map((r) => r.postcode))}::text[],
        ${sql.param(part.map((r) => r.state))}::text[],
        ${sql.param(part.map((r) => r.latitude))}::float8[],
        ${sql.param(part.map((r) => r.longitude))}::float8[]
      )`);
  }
}
