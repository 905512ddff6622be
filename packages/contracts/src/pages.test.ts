import { describe, expect, it } from 'vitest';
import {
  editRoleHref,
  organisationHref,
  pages,
  registerBusinessHref,
  viewRoleHref,
} from './pages.ts';

/** Every page of the table, flattened. */
const allPages = Object.values(pages).flatMap((group) =>
  'pattern' in group ? [group] : Object.values(group),
);

describe('page paths', () => {
  it('every page has one absolute pattern, and no two pages share one', () => {
    const patterns = allPages.map((p) => p.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const p of allPages) {
      expect(p.pattern.startsWith('/')).toBe(true);
      expect(p.route).toBe(p.pattern.slice(1));
    }
  });

  it('fills and encodes path parameters', () => {
    expect(pages.locations.view.href({ id: 'a/b c' })).toBe('/location/a%2Fb%20c');
    expect(pages.profile.bankAccount.href({ practitionerId: 'p-1' })).toBe(
      '/bank-account/add-edit/p-1',
    );
  });

  it('adds only the query values given, in the declared order', () => {
    expect(pages.locations.add.href({ organisationId: 'o 1' })).toBe(
      '/location/add?organisationId=o+1',
    );
    expect(pages.practitioners.addRole.href()).toBe('/practitioner-role/add');
    expect(pages.practitioners.addRole.href({ from: 'Sites', organisationId: 'o1' })).toBe(
      '/practitioner-role/add?organisationId=o1&from=Sites',
    );
    expect(pages.home.href({ showDialog: 'privacy' })).toBe('/?showDialog=privacy');
  });

  it('builds the organisation, registration and role addresses', () => {
    expect(organisationHref('HiOrganisation', 'h1')).toBe('/organisation/hi/h1');
    expect(organisationHref('ParticipatingOrganisation', 'p1', { tab: 'Locations' })).toBe(
      '/organisation/participating/p1?tab=Locations',
    );
    expect(registerBusinessHref()).toBe('/organisation/participating/add-edit-v2');
    expect(registerBusinessHref('o1')).toBe('/organisation/participating/add-edit-v2/o1');
    const role = { healthcareServiceId: 's1', id: 'r1' };
    expect(viewRoleHref(role)).toBe('/healthcare-service/s1/practitioner/r1');
    expect(editRoleHref(role, 'p1')).toBe(
      '/healthcare-service/s1/practitioner/add-edit/r1?healthcareServiceId=s1&practitionerId=p1',
    );
  });

  it('refuses to build an address with a missing parameter', () => {
    const href = pages.locations.view.href as (args?: object) => string;
    expect(() => href({})).toThrow('missing id');
  });
});
