import { describe, expect, it } from 'vitest';
import { entityGroups } from './entity-options.ts';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const entities = {
  healthcareServices: [{ id: id(1), name: 'Harbour Telehealth GP', context: 'Harbour Telehealth' }],
  organisations: [
    {
      id: id(2),
      name: 'Harbour Medical Group',
      context: null,
      type: 'ParticipatingOrganisation' as const,
    },
    {
      id: id(3),
      name: 'Harbour Telehealth',
      context: 'Harbour Medical Group',
      type: 'HiOrganisation' as const,
    },
  ],
  locations: [{ id: id(4), name: 'Surry Hills Clinic', context: 'Harbour Medical Centre' }],
};

describe('entityGroups', () => {
  it('routes each kind with tab=Partner services, organisations by discriminator', () => {
    const groups = entityGroups(entities);
    expect(groups.map((g) => g.title)).toEqual([
      'Healthcare services',
      'Organisations',
      'Locations',
    ]);
    expect(groups.flatMap((g) => g.options.map((o) => o.href))).toEqual([
      `/healthcare-service/${id(1)}?tab=Partner+services`,
      `/organisation/participating/${id(2)}?tab=Partner+services`,
      `/organisation/hi/${id(3)}?tab=Partner+services`,
      `/location/${id(4)}?tab=Partner+services`,
    ]);
  });

  it('filters case-insensitively on name and context, dropping empty groups', () => {
    const groups = entityGroups(entities, 'SURRY');
    expect(groups.map((g) => [g.title, g.options.map((o) => o.label)])).toEqual([
      ['Locations', ['Surry Hills Clinic']],
    ]);
  });
});
