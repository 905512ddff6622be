// The practitioner role import (docs/product/practitioner-role-import.md,
// docs/decisions/070-practitioner-role-import.md): a run reads the clinical system's PractitionerRole
// resources page by page, the preview shows each as new / changed / unchanged / unmatched against the
// organisation's roles, and the manager imports the rows they choose.
import { z } from 'zod';
import { calendarDate } from './dates.ts';
import { Uuid } from './ids.ts';
import {
  importRowStatuses,
  practitionerRoleImportLimits,
} from './practitioner-role-import-paths.ts';

export * from './practitioner-role-import-paths.ts';

const isoDate = calendarDate();

/** Where a run is: pages and roles read, the Bundle's total when the clinical system gives one. */
export const ImportRunProgress = z.object({
  runId: Uuid,
  connectionName: z.string(),
  pagesRead: z.number().int().nonnegative(),
  rolesRead: z.number().int().nonnegative(),
  total: z.number().int().nonnegative().nullable(),
  done: z.boolean(),
});
export type ImportRunProgress = z.infer<typeof ImportRunProgress>;

/** One of the organisation's healthcare services a clinical system's service or location may map to. */
export const ImportTargetService = z.object({
  id: Uuid,
  name: z.string(),
  locationName: z.string().nullable(),
  address: z.string().nullable(),
});
export type ImportTargetService = z.infer<typeof ImportTargetService>;

/**
 * A clinical system's HealthcareService (key `service:<id>`) or, for roles naming only a location, its
 * Location (`location:<id>`), with the portal service suggested for it and how it was found.
 */
export const ImportSource = z.object({
  key: z.string(),
  kind: z.enum(['service', 'location']),
  name: z.string(),
  address: z.string().nullable(),
  suggestedServiceId: Uuid.nullable(),
  matchedBy: z.enum(['identifier', 'name-and-address', 'location']).nullable(),
});
export type ImportSource = z.infer<typeof ImportSource>;

/** One PractitionerRole of the clinical system, read and checked (before the mapping is applied). */
export const ImportCisRole = z.object({
  cisId: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  hpii: z.string().nullable(),
  /** The portal practitioner with this HPI-I; null: unmatched, `problem` says why. */
  practitionerId: Uuid.nullable(),
  /** Why the role cannot be imported whatever the mapping; null when it can be. */
  problem: z.string().nullable(),
  sourceKey: z.string().nullable(),
  sourceName: z.string().nullable(),
  primaryType: z.string().nullable(),
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
});
export type ImportCisRole = z.infer<typeof ImportCisRole>;

/** One of the organisation's roles of a practitioner the clinical system names. */
export const ImportExistingRole = z.object({
  id: Uuid,
  practitionerId: Uuid,
  healthcareServiceId: Uuid,
  primaryType: z.string(),
  startDate: isoDate,
  endDate: isoDate.nullable(),
});
export type ImportExistingRole = z.infer<typeof ImportExistingRole>;

/** What a run read, ready to classify with a mapping (`classifyRoles`). */
export const ImportPreview = z.object({
  runId: Uuid,
  connection: z.object({ id: Uuid, name: z.string() }),
  organisation: z.object({ id: Uuid, name: z.string() }),
  /** Today in Australia: the start date of a new role the clinical system gives none. */
  today: isoDate,
  services: z.array(ImportTargetService),
  sources: z.array(ImportSource),
  roles: z.array(ImportCisRole),
  existing: z.array(ImportExistingRole),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

/** A clinical system's service or location key → the portal healthcare service id ('' = not mapped). */
export const ImportMapping = z.record(z.string().max(300), z.union([Uuid, z.literal('')]));
export type ImportMapping = z.infer<typeof ImportMapping>;

/** The import: the mapping the manager settled on and the clinical system's role ids chosen. */
export const ImportRequest = z.object({
  mapping: ImportMapping.refine((m) => Object.keys(m).length <= 2_000, 'Too many mappings'),
  chosen: z
    .array(z.string().min(1).max(200))
    .min(1, 'Choose at least one role to import')
    .max(practitionerRoleImportLimits.maxImport),
});
export type ImportRequest = z.infer<typeof ImportRequest>;

export const ImportResult = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  /** Chosen rows that were unchanged or could not be imported by the time of the import. */
  skipped: z.number().int().nonnegative(),
  organisationId: Uuid,
});
export type ImportResult = z.infer<typeof ImportResult>;

export const ImportRowStatusSchema = z.enum(importRowStatuses);
