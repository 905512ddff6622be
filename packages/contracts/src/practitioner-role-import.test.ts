import { describe, expect, it } from 'vitest';
import {
  classifyRoles,
  defaultChosen,
  statusCounts,
  suggestedMapping,
} from './practitioner-role-import-rows.ts';
import {
  unmatchedReasons,
  type ImportCisRole,
  type ImportExistingRole,
} from './practitioner-role-import.ts';

const P1 = '00000000-0000-4000-8000-000000000001';
const P2 = '00000000-0000-4000-8000-000000000002';
const S1 = '00000000-0000-4000-8000-0000000000a1';
const S2 = '00000000-0000-4000-8000-0000000000a2';
const R1 = '00000000-0000-4000-8000-0000000000f1';
const R2 = '00000000-0000-4000-8000-0000000000f2';
const today = '2026-11-27';

const cis = (over: Partial<ImportCisRole>): ImportCisRole => ({
  cisId: 'role-1',
  givenName: 'Ada',
  familyName: 'Nguyen',
  hpii: '8003610000000000',
  practitionerId: P1,
  problem: null,
  sourceKey: 'service:gp',
  sourceName: 'General practice',
  primaryType: 'General practitioner',
  startDate: '2024-01-01',
  endDate: null,
  ...over,
});
const existing = (over: Partial<ImportExistingRole>): ImportExistingRole => ({
  id: R1,
  practitionerId: P1,
  healthcareServiceId: S1,
  primaryType: 'General practitioner',
  startDate: '2024-01-01',
  endDate: null,
  ...over,
});
const mapping = { 'service:gp': S1, 'service:physio': S2 };

describe('classifyRoles', () => {
  it('is new when the practitioner has no role at the mapped service', () => {
    const [row] = classifyRoles([cis({})], [existing({ healthcareServiceId: S2 })], mapping, today);
    expect(row).toMatchObject({ status: 'new', healthcareServiceId: S1, existingRoleId: null });
    expect(row!.next).toEqual({
      primaryType: 'General practitioner',
      startDate: '2024-01-01',
      endDate: null,
    });
  });

  it('is unchanged when the same role is there, and changed with the fields that differ', () => {
    expect(classifyRoles([cis({})], [existing({})], mapping, today)[0]).toMatchObject({
      status: 'unchanged',
      existingRoleId: R1,
      changes: [],
    });
    const [row] = classifyRoles(
      [cis({ primaryType: 'Dermatologist', endDate: '2026-12-31' })],
      [existing({})],
      mapping,
      today,
    );
    expect(row).toMatchObject({ status: 'changed', existingRoleId: R1 });
    expect(row!.changes).toEqual([
      { field: 'primaryType', from: 'General practitioner', to: 'Dermatologist' },
      { field: 'endDate', from: null, to: '2026-12-31' },
    ]);
  });

  it('keeps the existing start when the clinical system gives none, and starts a new role today', () => {
    expect(
      classifyRoles([cis({ startDate: null })], [existing({})], mapping, today)[0]!.status,
    ).toBe('unchanged');
    expect(classifyRoles([cis({ startDate: null })], [], mapping, today)[0]!.next!.startDate).toBe(
      today,
    );
  });

  it('matches two roles at one service by start date, whatever their order', () => {
    const later = existing({ id: R2, startDate: '2025-06-01' });
    const rows = classifyRoles(
      [cis({ cisId: 'b', startDate: '2025-06-01' }), cis({ cisId: 'a', startDate: '2024-01-01' })],
      [later, existing({})],
      mapping,
      today,
    );
    expect(rows.map((r) => [r.role.cisId, r.status, r.existingRoleId])).toEqual([
      ['b', 'unchanged', R2],
      ['a', 'unchanged', R1],
    ]);
  });

  it('is unmatched with the reason: the role’s own problem, or its source not mapped', () => {
    const rows = classifyRoles(
      [
        cis({ cisId: 'x', practitionerId: null, problem: unmatchedReasons.notInPortal }),
        cis({ cisId: 'y', sourceKey: 'service:unknown' }),
        cis({ cisId: 'z', sourceKey: 'service:physio', practitionerId: P2 }),
      ],
      [],
      { ...mapping, 'service:unknown': '' },
      today,
    );
    expect(rows.map((r) => [r.status, r.reason])).toEqual([
      ['unmatched', unmatchedReasons.notInPortal],
      ['unmatched', unmatchedReasons.notMapped],
      ['new', null],
    ]);
    expect(statusCounts(rows)).toEqual({ new: 1, changed: 0, unchanged: 0, unmatched: 2 });
    expect(defaultChosen(rows)).toEqual(['z']);
  });

  it('starts from every source’s suggestion', () => {
    expect(
      suggestedMapping([
        {
          key: 'service:gp',
          kind: 'service',
          name: 'GP',
          address: null,
          suggestedServiceId: S1,
          matchedBy: 'identifier',
        },
        {
          key: 'location:x',
          kind: 'location',
          name: 'X',
          address: null,
          suggestedServiceId: null,
          matchedBy: null,
        },
      ]),
    ).toEqual({ 'service:gp': S1, 'location:x': '' });
  });
});
