import { describe, expect, it } from 'vitest';
import type { UserRole } from '@pca/contracts';
import {
  headerHighlight,
  publishingLink,
  sideNavHighlight,
  sideNavLinks,
} from './navigation-rules.ts';

const role = (type: UserRole['type']): UserRole => ({
  type,
  organisationId: null,
  healthcareServiceId: null,
});

describe('header highlighting (docs/product/shell.md#layout)', () => {
  it.each([
    ['/', '', 'home'],
    ['/welcome', '', 'home'],
    ['/tasks-notifications', '', 'tasks'],
    ['/tasks-notifications/tasks', '', 'tasks'],
    ['/tasks-notifications/verify-information/1', '', 'tasks'],
    ['/tasks-notifications/notifications', '', 'businesses'],
    ['/my-workplaces', '', 'sites'],
    ['/my-workplaces/healthcare-service-summary/1', '', 'sites'],
    ['/healthcare-service/1', '?from=Sites', 'sites'],
    ['/practitioner/publish', '', 'publishing'],
    ['/practitioner/publish/edit', '', 'publishing'],
    ['/organisation', '', 'businesses'],
    ['/practitioners', '', 'businesses'],
    ['/publish-selector', '', 'businesses'],
    ['/bank-account/add-edit/1', '', 'businesses'],
    ['/bank-account/add-edit/1', '?practitionerId=1', null],
    ['/admin', '', null],
    ['/audit-events', '', null],
    ['/credential-document/add', '', null],
    ['/credential-documents', '', null],
    ['/delegates', '', null],
    ['/assign-a-delegate', '', null],
    ['/stop-delegation/1', '', null],
    ['/manage-accounts', '', null],
    ['/profile/1', '', null],
    ['/practitioner-profile/1', '', null],
  ])('%s%s -> %s', (path, search, expected) => {
    expect(headerHighlight(path, search)).toBe(expected);
  });
});

describe('side navigation highlighting (docs/product/shell.md#side-navigation)', () => {
  it.each([
    ['/welcome', '', 'home'],
    ['/organisation/participating/1', '', 'businesses'],
    ['/healthcare-service/1', '', 'businesses'],
    ['/location/1', '', 'businesses'],
    ['/admin', '', 'businesses'],
    ['/audit-events', '', 'businesses'],
    ['/credential-documents', '', 'businesses'],
    ['/manage-accounts', '', 'businesses'],
    ['/profile/1', '', 'businesses'],
    ['/practitioner-profile/1', '', 'businesses'],
    ['/partner-service', '', 'businesses'],
    ['/delegates', '', 'businesses'],
    ['/bank-account/add-edit/1', '?practitionerId=1', 'businesses'],
    ['/bank-account/add-edit/1', '', null],
    ['/practitioners', '', 'practitioners'],
    ['/practitioner-role/add', '', 'practitioners'],
    ['/publishing', '', 'publishing'],
    ['/publish-selector', '', 'publishing'],
    ['/practitioner/publish/add', '', 'publishing'],
    ['/tasks-notifications', '', null],
    ['/my-workplaces', '', null],
  ])('%s%s -> %s', (path, search, expected) => {
    expect(sideNavHighlight(path, search)).toBe(expected);
  });
});

describe('side navigation items (docs/product/shell.md#side-navigation)', () => {
  const all = { viewBusinesses: true, accessPractitioners: true, accessPublishing: true };
  const user = {
    isProfileComplete: true,
    isPractitioner: false,
    roles: [] as UserRole[],
    managingPractitioner: null,
  };

  it('shows only Home until the profile is complete', () => {
    expect(sideNavLinks({ ...user, isProfileComplete: false }, all).map((l) => l.label)).toEqual([
      'Home',
    ]);
  });

  it('always shows Home, even to an agency operator with no other item (Priya)', () => {
    const operator = {
      ...user,
      roles: [
        { type: 'PcaOperator', organisationId: null, healthcareServiceId: null },
      ] as UserRole[],
    };
    const none = { viewBusinesses: false, accessPractitioners: false, accessPublishing: false };
    expect(sideNavLinks(operator, none)).toEqual([
      { item: 'home', label: 'Home', href: '/welcome' },
    ]);
  });

  it('shows each item by its permission', () => {
    expect(sideNavLinks(user, all).map((l) => l.label)).toEqual([
      'Home',
      'Businesses',
      'Practitioners',
      'Publishing',
    ]);
    expect(
      sideNavLinks(user, { ...all, viewBusinesses: false, accessPractitioners: false }).map(
        (l) => l.label,
      ),
    ).toEqual(['Home', 'Publishing']);
    expect(sideNavLinks(user, { ...all, accessPublishing: false }).map((l) => l.href)).toEqual([
      '/welcome',
      '/organisation',
      '/practitioners',
    ]);
  });

  it('chooses the Publishing link', () => {
    expect(
      publishingLink({ ...user, isPractitioner: true, roles: [role('OrganisationManager')] }),
    ).toBe('/publishing');
    expect(publishingLink({ ...user, isPractitioner: true })).toBe('/practitioner/publish');
    expect(
      publishingLink({
        ...user,
        managingPractitioner: { id: 'x', givenName: 'A', familyName: 'B', userPhotoData: null },
      }),
    ).toBe('/practitioner/publish');
    expect(publishingLink({ ...user, roles: [role('OrganisationManager')] })).toBe(
      '/publish-selector',
    );
  });
});
