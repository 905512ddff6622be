// The pure classification of the practitioner role import (docs/decisions/070-practitioner-role-import.md):
// apart from the schemas (types only from them, so no zod at run time) and from the paths they use.
import type {
  ImportCisRole,
  ImportExistingRole,
  ImportMapping,
  ImportSource,
} from './practitioner-role-import.ts';
import { unmatchedReasons, type ImportRowStatus } from './practitioner-role-import-paths.ts';

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
