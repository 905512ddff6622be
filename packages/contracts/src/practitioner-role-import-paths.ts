// Paths, limits, wording and the pure classification of the practitioner role import live apart from the
// schemas so the page can import them without loading zod (like nhsd-import-paths.ts).
import type {
  ImportCisRole,
  ImportExistingRole,
  ImportMapping,
  ImportSource,
} from './practitioner-role-import.ts';

/**
 * API paths of the practitioner role import (docs/product/practitioner-role-import.md,
 * docs/decisions/070-practitioner-role-import.md). Every path answers 404 unless the caller is an
 * OrganisationManager of the connection's organisation (runs: and started the run).
 */
export const practitionerRoleImportApiPaths = {
  /** POST: start reading the clinical system's roles of connection :id; answers the progress after page 1. */
  start: '/api/practitioner-role-import/connections/:id/runs',
  /** POST: read the run's next page; answers the progress. */
  next: '/api/practitioner-role-import/runs/:id/next',
  /** GET: the preview of a run read to the end. DELETE: cancel the run (forget what was read). */
  run: '/api/practitioner-role-import/runs/:id',
  /** POST the mapping and the chosen rows: imports them in one transaction; answers the summary. */
  import: '/api/practitioner-role-import/runs/:id/import',
} as const;

/** A practitioner role import path with its :id filled in. */
export const practitionerRoleImportApiPath = (
  path: keyof typeof practitionerRoleImportApiPaths,
  id: string,
) => practitionerRoleImportApiPaths[path].replace(':id', encodeURIComponent(id));

/** Limits of the import (docs/decisions/070-practitioner-role-import.md). */
export const practitionerRoleImportLimits = {
  /** Roles asked for a page (`_count`); the clinical system may answer fewer. */
  pageSize: 100,
  /** Pages one run reads at most: 10,000 roles. */
  maxPages: 100,
  /** Most rows one import takes. */
  maxImport: 10_000,
  /** A run not imported or cancelled is forgotten after this long. */
  runLifetimeMs: 24 * 60 * 60 * 1000,
} as const;

/** The four kinds of row of the preview. */
export const importRowStatuses = ['new', 'changed', 'unchanged', 'unmatched'] as const;
export type ImportRowStatus = (typeof importRowStatuses)[number];

/** Why a clinical system's role cannot be imported (shown on its row). */
export const unmatchedReasons = {
  noHpii: 'The clinical system has no HPI-I for this practitioner',
  invalidHpii: 'The HPI-I in the clinical system is not a valid HPI-I',
  notInPortal: 'No practitioner in Provider Connect has this HPI-I',
  noPractitioner: 'The role names no practitioner the clinical system sent',
  unknownRoleType: (type: string) => `'${type}' is not a role type Provider Connect knows`,
  noRoleType: 'The role has no role type',
  notMapped: 'Its service or location is not matched to one of your healthcare services',
  invalidResource: (detail: string) => `The clinical system sent an invalid resource: ${detail}`,
} as const;

/** The page's words. */
export const practitionerRoleImportMessages = {
  title: 'Import practitioner roles',
  intro: (cis: string) =>
    `Read the practitioner roles in ${cis} and choose which to add to or update in Provider Connect. Nothing changes until you import.`,
  start: 'Read roles from the clinical system',
  reading: (pages: number, roles: number) =>
    `Read ${pages} ${pages === 1 ? 'page' : 'pages'}, ${roles} ${roles === 1 ? 'role' : 'roles'} so far`,
  cancelled: 'Reading was cancelled. Nothing was imported.',
  readError: 'We could not read the roles from the clinical system.',
  importing: (n: number) => `Importing ${n} ${n === 1 ? 'role' : 'roles'}`,
  importError: 'The roles were not imported.',
  nothingChosen: 'Choose at least one role to import',
  successTitle: 'Practitioner roles imported',
  success: (created: number, updated: number) =>
    `${created} ${created === 1 ? 'role' : 'roles'} added and ${updated} updated.`,
  noRoles: 'The clinical system has no practitioner roles.',
  notMapped: 'Not matched: choose a healthcare service',
  runGone: 'This preview has expired or was already imported. Read the roles again.',
} as const;

/** Problem types (`/problems/<slug>`) of the import besides the house's (decision 008). */
export const practitionerRoleImportProblemTypes = {
  cisUnavailable: '/problems/cis-unavailable',
  runNotReady: '/problems/import-run-not-ready',
} as const;

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
