import { z } from 'zod';
import { singleLineText } from './text.ts';
import { Uuid } from './ids.ts';

/**
 * The portal's terminology (docs/decisions/071-terminology-and-codes.md): SNOMED CT-AU concepts of the value
 * sets HCPD and AU PD bind for a service's type, a practitioner role's code and specialty, and the texts
 * people entered matched to them. The screens pick from it; the partner API codes what it serves from it.
 */
export const terminologyApiPaths = {
  /** GET ?valueSet=: the concepts of one value set, for the screens' pickers (anyone signed in). */
  concepts: '/api/terminology/concepts',
  /** GET: the texts in use that match no concept, with how many records use each (PcaOperator). */
  unmatched: '/api/admin/terminology/unmatched',
  /** POST { valueSet, text, conceptId }: map a text to a concept (PcaOperator). */
  mappings: '/api/admin/terminology/mappings',
} as const;

/** The value sets the terminology holds, each with the canonical URL of the published value set. */
export const terminologyValueSets = {
  'service-type': {
    label: 'Service type',
    url: 'https://healthterminologies.gov.au/fhir/ValueSet/service-type-1',
  },
  'practitioner-role': {
    label: 'Practitioner role type',
    url: 'https://healthterminologies.gov.au/fhir/ValueSet/practitioner-role-1',
  },
  'clinical-specialty': {
    label: 'Specialty',
    url: 'https://healthterminologies.gov.au/fhir/ValueSet/clinical-specialty-1',
  },
} as const;
export const TerminologyValueSet = z.enum([
  'service-type',
  'practitioner-role',
  'clinical-specialty',
]);
export type TerminologyValueSet = z.infer<typeof TerminologyValueSet>;

/** The system every concept of the terminology belongs to. */
export const snomedSystem = 'http://snomed.info/sct';

export const TerminologyConcept = z.object({
  id: Uuid,
  valueSet: TerminologyValueSet,
  system: z.string(),
  code: z.string(),
  display: z.string(),
});
export type TerminologyConcept = z.infer<typeof TerminologyConcept>;
export const TerminologyConceptsQuery = z.object({ valueSet: TerminologyValueSet });
export const TerminologyConcepts = z.object({ concepts: z.array(TerminologyConcept) });
export type TerminologyConcepts = z.infer<typeof TerminologyConcepts>;

/** A text in use that matches no concept of its value set, and how many records use it. */
export const UnmatchedTerm = z.object({
  valueSet: TerminologyValueSet,
  text: z.string(),
  count: z.number().int().nonnegative(),
});
export type UnmatchedTerm = z.infer<typeof UnmatchedTerm>;
export const UnmatchedTerms = z.object({
  terms: z.array(UnmatchedTerm),
  /** Records whose text is matched, per value set: how far the migration went. */
  matched: z.record(z.string(), z.number().int().nonnegative()),
});
export type UnmatchedTerms = z.infer<typeof UnmatchedTerms>;

export const MapTerm = z.object({
  valueSet: TerminologyValueSet,
  text: singleLineText({ min: 1, max: 200, required: 'Enter the text to map' }),
  conceptId: Uuid,
});
export type MapTerm = z.infer<typeof MapTerm>;

/**
 * How a text is compared with the terminology: case and spacing do not matter ("General  Practice" is
 * "general practice"). The database compares with the same rule (platform/db/schema/terminology.ts).
 */
export const terminologyKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
