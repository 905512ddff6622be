// The practitioner role import (docs/product/practitioner-role-import.md,
// docs/decisions/070-practitioner-role-import.md): a run reads the clinical system's PractitionerRole
// resources page by page, the preview shows each as new / changed / unchanged / unmatched against the
// organisation's roles, and the manager imports the rows they choose.
import { z } from 'zod';
import { Uuid } from './ids.ts';
import {
  importRowStatuses,
  practitionerRoleImportLimits,
  unmatchedReasons,
  type ImportRowStatus,
} from './practitioner-role-import-paths.ts';

export * from './practitioner-role-import-paths.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

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

/** A field of a role the clinical system changes. */
export interface ImportChange {
  field: 'primaryType' | 'startDate' | 'endDate';
  from: string | null;
  to: string | null;
}

/** One row of the preview: a clinical system role classified against the organisation's roles. */
export interface ImportRow {
  role: ImportCisRole;
  status: ImportRowStatus;
  /** The portal service the role goes to (through the mapping). */
  healthcareServiceId: string | null;
  /** The portal role it updates or matches (changed, unchanged). */
  existingRoleId: string | null;
  /** What changes (changed). */
  changes: ImportChange[];
  /** Why it cannot be imported (unmatched). */
  reason: string | null;
  /** The values the role will have. */
  next: { primaryType: string; startDate: string; endDate: string | null } | null;
}

/** The mapping the preview starts with: every source's suggestion. */
export function suggestedMapping(sources: readonly ImportSource[]): ImportMapping {
  return Object.fromEntries(sources.map((s) => [s.key, s.suggestedServiceId ?? '']));
}

/**
 * Classifies every clinical system role against the organisation's roles under a mapping: unmatched when
 * the role cannot be imported (no practitioner by HPI-I, unknown role type, its source not mapped…);
 * otherwise it matches an existing role of the same practitioner at the same service — the one starting
 * the same day if any, else the earliest not matched already — and is unchanged or changed (with the
 * fields), or it is new. Pure: the page runs it as the manager maps, the server again inside the import.
 */
export function classifyRoles(
  roles: readonly ImportCisRole[],
  existing: readonly ImportExistingRole[],
  mapping: ImportMapping,
  today: string,
): ImportRow[] {
  const byPair = new Map<string, ImportExistingRole[]>();
  for (const e of [...existing].sort(
    (a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id),
  )) {
    const key = `${e.practitionerId}|${e.healthcareServiceId}`;
    const list = byPair.get(key) ?? [];
    list.push(e);
    byPair.set(key, list);
  }
  const claimed = new Set<string>();
  const unmatched = (role: ImportCisRole, reason: string): ImportRow => ({
    role,
    status: 'unmatched',
    healthcareServiceId: null,
    existingRoleId: null,
    changes: [],
    reason,
    next: null,
  });

  // Roles with a start date claim their same-day match first, so the order of the Bundle does not decide.
  const order = roles
    .map((role, index) => ({ role, index }))
    .sort((a, b) => Number(a.role.startDate === null) - Number(b.role.startDate === null));
  const rows: ImportRow[] = new Array<ImportRow>(roles.length);
  for (const { role, index } of order) {
    if (role.problem || !role.practitionerId || !role.primaryType) {
      rows[index] = unmatched(role, role.problem ?? unmatchedReasons.noRoleType);
      continue;
    }
    const serviceId = role.sourceKey ? mapping[role.sourceKey] || null : null;
    if (!serviceId) {
      rows[index] = unmatched(role, unmatchedReasons.notMapped);
      continue;
    }
    const candidates = (byPair.get(`${role.practitionerId}|${serviceId}`) ?? []).filter(
      (e) => !claimed.has(e.id),
    );
    const match = candidates.find((e) => e.startDate === role.startDate) ?? candidates[0] ?? null;
    const next = {
      primaryType: role.primaryType,
      startDate: role.startDate ?? match?.startDate ?? today,
      endDate: role.endDate,
    };
    if (!match) {
      rows[index] = {
        role,
        status: 'new',
        healthcareServiceId: serviceId,
        existingRoleId: null,
        changes: [],
        reason: null,
        next,
      };
      continue;
    }
    claimed.add(match.id);
    const changes: ImportChange[] = (['primaryType', 'startDate', 'endDate'] as const)
      .filter((field) => match[field] !== next[field])
      .map((field) => ({ field, from: match[field], to: next[field] }));
    rows[index] = {
      role,
      status: changes.length ? 'changed' : 'unchanged',
      healthcareServiceId: serviceId,
      existingRoleId: match.id,
      changes,
      reason: null,
      next,
    };
  }
  return rows;
}

/** The rows chosen when the preview opens: every new and changed row (docs/decisions/070-practitioner-role-import.md). */
export const defaultChosen = (rows: readonly ImportRow[]) =>
  rows.filter((r) => r.status === 'new' || r.status === 'changed').map((r) => r.role.cisId);

/** Counts of the rows by status. */
export function statusCounts(rows: readonly ImportRow[]): Record<ImportRowStatus, number> {
  const counts = { new: 0, changed: 0, unchanged: 0, unmatched: 0 };
  for (const r of rows) counts[r.status] += 1;
  return counts;
}
