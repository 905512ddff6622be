import type { Transaction } from '../client.ts';
import { terminologyConcepts, terminologyMappings } from '../schema/index.ts';
import { demoId } from './ids.ts';

// The terminology's concepts and where each code was taken from (docs/decisions/071-terminology-and-codes.md).
// The value sets the guides bind (NCTS service-type-1, practitioner-role-1, clinical-specialty-1) are SNOMED
// CT-AU reference sets published by the NCTS under its licence, not in the guides' sources; these are the
// concepts the guides' own sources and examples carry, plus the SNOMED CT concepts of the texts the portal
// already holds, each named with its source so an operator can reconcile them with the NCTS release.

const HCPD = 'HCPD IG (AuDigitalHealth/HealthConnect) input/fsh/Examples';
const AU_PD = 'AU PD IG (hl7au/au-fhir-pd) input/examples';
const AU_BASE = 'AU Base IG (hl7au/au-fhir-base) input/examples';
const SCT =
  'SNOMED CT concept of a text the portal holds (decision 071); reconcile with the NCTS expansion';

type Seeded = [code: string, display: string, source: string];

export const TERMINOLOGY: Record<
  'service-type' | 'practitioner-role' | 'clinical-specialty',
  Seeded[]
> = {
  'service-type': [
    ['788007007', 'General practice service', SCT],
    ['722140001', 'Physiotherapy service', SCT],
    ['310123008', 'Psychology service', SCT],
    ['722176000', 'Dentistry service', SCT],
    ['310000008', 'Accident and Emergency service', `${AU_PD}/healthcareservice-example0.xml`],
    [
      '1584801000168109',
      'Geriatric evaluation and management service',
      `${HCPD}/03.1 hc-healthcareservice-ex-1.fsh`,
    ],
  ],
  'practitioner-role': [
    ['62247001', 'General practitioner', AU_BASE],
    ['17561000', 'Cardiologist', `${AU_PD}/practitionerrole-example0.xml`],
    ['61207006', 'Medical pathologist', `${HCPD}/06.1 hc-practitionerrole-ex-1.fsh`],
    ['85733003', 'General pathologist', AU_BASE],
    ['66862007', 'Radiologist', AU_BASE],
    ['18803008', 'Dermatologist', SCT],
    ['224535009', 'Registered nurse', SCT],
    ['36682004', 'Physiotherapist', SCT],
    ['59944000', 'Psychologist', SCT],
    ['159033005', 'Dietitian', SCT],
    ['46255001', 'Pharmacist', SCT],
  ],
  'clinical-specialty': [
    ['394814009', 'General practice', AU_BASE],
    ['394579002', 'Cardiology', AU_BASE],
    ['394915009', 'General pathology', AU_BASE],
    ['394582007', 'Dermatology', SCT],
    ['722138006', 'Physiotherapy', SCT],
  ],
};

/**
 * The reviewed synonyms: texts the portal's screens and the NHSD import have used for a concept under
 * another name (text as terminologyKey compares it → code).
 */
export const SYNONYMS: Array<[valueSet: keyof typeof TERMINOLOGY, text: string, code: string]> = [
  ['service-type', 'general practice', '788007007'],
  ['service-type', 'gp', '788007007'],
  ['service-type', 'physiotherapy', '722140001'],
  ['service-type', 'psychology', '310123008'],
  ['service-type', 'dental', '722176000'],
  ['service-type', 'dentistry', '722176000'],
  ['practitioner-role', 'gp', '62247001'],
  ['practitioner-role', 'physical therapist', '36682004'],
  ['practitioner-role', 'dietician', '159033005'],
];

export const conceptId = (valueSet: string, code: string) =>
  demoId('terminology-concept', `${valueSet}/${code}`);

/** Inserts the concepts, a mapping from each display, and the synonyms (again harmlessly). */
export async function seedTerminology(tx: Transaction): Promise<void> {
  const sets = Object.entries(TERMINOLOGY);
  await tx
    .insert(terminologyConcepts)
    .values(
      sets.flatMap(([valueSet, concepts]) =>
        concepts.map(([code, display, source]) => ({
          id: conceptId(valueSet, code),
          valueSet,
          system: 'http://snomed.info/sct',
          code,
          display,
          source,
        })),
      ),
    )
    .onConflictDoNothing();
  const key = (t: string) => t.trim().replace(/\s+/g, ' ').toLowerCase();
  await tx
    .insert(terminologyMappings)
    .values([
      ...sets.flatMap(([valueSet, concepts]) =>
        concepts.map(([code, display]) => ({
          id: demoId('terminology-mapping', `${valueSet}/${key(display)}`),
          valueSet,
          textKey: key(display),
          conceptId: conceptId(valueSet, code),
          source: 'display' as const,
          createdAt: new Date('2026-11-27T00:00:00Z'),
        })),
      ),
      ...SYNONYMS.map(([valueSet, text, code]) => ({
        id: demoId('terminology-mapping', `${valueSet}/${key(text)}`),
        valueSet,
        textKey: key(text),
        conceptId: conceptId(valueSet, code),
        source: 'synonym' as const,
        createdAt: new Date('2026-11-27T00:00:00Z'),
      })),
    ])
    .onConflictDoNothing();
}
