import { describe, expect, it } from 'vitest';
import {
  canManagePractitionerRole,
  capabilitiesOf,
  capabilityInputOf,
  menuVisibility,
  type CapabilityInput,
  type CapabilityOrganisation,
} from './capabilities.ts';
import type { RoleType } from './roles.ts';

const org = (o: Partial<CapabilityOrganisation> = {}): CapabilityOrganisation => ({
  status: 'Active',
  isPublisher: true,
  publisherApprovalStatus: 'Approved',
  ...o,
});
const managed = {
  id: '00000000-0000-4000-8000-000000000001',
  givenName: 'Alice',
  familyName: 'Nguyen',
  userPhotoData: null,
};

function input(
  roles: RoleType[],
  o: Partial<CapabilityInput['user']> & { orgs?: CapabilityOrganisation[]; vcfc?: boolean } = {},
): CapabilityInput {
  return {
    user: {
      roles: roles.map((type) => ({ type, organisationId: null, healthcareServiceId: null })),
      isPractitioner: o.isPractitioner ?? false,
      isApprovedPractitionerDelegate: o.isApprovedPractitionerDelegate ?? false,
      managingPractitioner: o.managingPractitioner ?? null,
      isProfileComplete: o.isProfileComplete ?? true,
      practitionerId: o.practitionerId ?? null,
    },
    participatingOrganisations: o.orgs ?? [org()],
    config: { vcfcImportAllowed: o.vcfc ?? true },
  };
}

describe('capabilitiesOf (docs/product/rules.md#permissions)', () => {
  // role set -> [manageBusinesses, viewBusinesses, accessPractitioners, managePractitioners, accessPublishing, keyContacts, import, systemAdmin]
  const table: Array<[RoleType[], boolean[]]> = [
    [[], [false, false, false, false, false, false, false, false]],
    [['Viewer'], [false, true, true, false, false, false, false, false]],
    [['HealthcareServiceManager'], [true, true, true, true, true, false, false, false]],
    [['OrganisationManager'], [true, true, true, true, true, true, true, false]],
    [['PcaOperator'], [false, false, false, false, false, false, false, true]],
  ];
  it.each(table)('roles %j', (roles, expected) => {
    const c = capabilitiesOf(input(roles));
    expect([
      c.manageBusinesses,
      c.viewBusinesses,
      c.accessPractitioners,
      c.managePractitioners,
      c.accessPublishing,
      c.keyContacts,
      c.importDirectoryServices,
      c.systemAdmin,
    ]).toEqual(expected);
  });

  it('managing a practitioner switches off business, delegate, import and admin capabilities', () => {
    const c = capabilitiesOf(
      input(['OrganisationManager', 'PcaOperator'], {
        managingPractitioner: managed,
        isApprovedPractitionerDelegate: true,
      }),
    );
    expect(c).toMatchObject({
      manageBusinesses: false,
      viewBusinesses: false,
      accessPractitioners: false,
      delegates: false,
      importDirectoryServices: false,
      systemAdmin: false,
    });
    expect(c.accessPublishing).toBe(true);
  });

  it('managing a practitioner switches off managing practitioners and key contacts too (issue 30)', () => {
    // Ben's case: a HealthcareServiceManager, who would manage practitioners without the managing rule.
    const ben = capabilitiesOf(
      input(['HealthcareServiceManager'], {
        managingPractitioner: managed,
        isApprovedPractitionerDelegate: true,
      }),
    );
    expect(ben.managePractitioners).toBe(false);
    const om = capabilitiesOf(input(['OrganisationManager'], { managingPractitioner: managed }));
    expect(om.managePractitioners).toBe(false);
    expect(om.keyContacts).toBe(false);
  });

  it('practitioner access needs a participating organisation that is neither cancelled nor terminated', () => {
    expect(
      capabilitiesOf(
        input(['Viewer'], { orgs: [org({ status: 'Cancelled' }), org({ status: 'Terminated' })] }),
      ).accessPractitioners,
    ).toBe(false);
    expect(
      capabilitiesOf(input(['Viewer'], { orgs: [org({ status: 'Cancelled' }), org()] }))
        .accessPractitioners,
    ).toBe(true);
    expect(capabilitiesOf(input(['OrganisationManager'], { orgs: [] })).managePractitioners).toBe(
      false,
    );
    // A HealthcareServiceManager may manage practitioners even without a live participating organisation.
    expect(
      capabilitiesOf(input(['HealthcareServiceManager'], { orgs: [] })).managePractitioners,
    ).toBe(true);
  });

  it('publishing is for practitioners, managers and anyone managing a practitioner', () => {
    expect(capabilitiesOf(input([], { isPractitioner: true })).accessPublishing).toBe(true);
    expect(capabilitiesOf(input([], { managingPractitioner: managed })).accessPublishing).toBe(
      true,
    );
    expect(capabilitiesOf(input(['Viewer'])).accessPublishing).toBe(false);
  });

  it('key contacts need an approved publisher organisation', () => {
    expect(
      capabilitiesOf(
        input(['OrganisationManager'], {
          orgs: [org({ publisherApprovalStatus: 'PendingApproval' })],
        }),
      ).keyContacts,
    ).toBe(false);
    expect(
      capabilitiesOf(input(['OrganisationManager'], { orgs: [org({ isPublisher: false })] }))
        .keyContacts,
    ).toBe(false);
  });

  it('directory import follows the configuration flag', () => {
    expect(
      capabilitiesOf(input(['OrganisationManager'], { vcfc: false })).importDirectoryServices,
    ).toBe(false);
  });

  it('delegates capability is for approved practitioner delegates', () => {
    expect(capabilitiesOf(input([], { isApprovedPractitionerDelegate: true })).delegates).toBe(
      true,
    );
    expect(capabilitiesOf(input([])).delegates).toBe(false);
  });

  it('assigning delegates is for a practitioner in their own account, not for a delegate managing them', () => {
    const practitionerId = '00000000-0000-4000-8000-000000000001';
    expect(capabilitiesOf(input([], { practitionerId })).assignDelegates).toBe(true);
    expect(capabilitiesOf(input(['OrganisationManager'])).assignDelegates).toBe(false);
    expect(
      capabilitiesOf(input([], { practitionerId, managingPractitioner: managed })).assignDelegates,
    ).toBe(false);
    expect(
      capabilitiesOf(
        input([], { isApprovedPractitionerDelegate: true, managingPractitioner: managed }),
      ).assignDelegates,
    ).toBe(false);
  });
});

describe('canManagePractitionerRole', () => {
  it.each<[RoleType[], boolean]>([
    [['OrganisationManager'], true],
    [['HealthcareServiceManager'], true],
    [['Viewer'], false],
    [[], false],
    [['PcaOperator'], false],
  ])('%j -> %s', (roles, expected) => expect(canManagePractitionerRole(roles)).toBe(expected));
});

describe('menuVisibility', () => {
  const pid = '00000000-0000-4000-8000-000000000002';
  it('shows the bell only for complete profiles with a non-operator role', () => {
    expect(menuVisibility(input(['Viewer'])).notificationsBell).toBe(true);
    expect(menuVisibility(input(['PcaOperator'])).notificationsBell).toBe(false);
    expect(menuVisibility(input(['Viewer'], { isProfileComplete: false })).notificationsBell).toBe(
      false,
    );
  });
  it('swaps view profile for practitioner profile while managing', () => {
    expect(menuVisibility(input([], { practitionerId: pid }))).toMatchObject({
      viewProfile: true,
      practitionerProfile: false,
      assignDelegate: true,
      bankAccount: true,
      credentialDocuments: true,
    });
    expect(
      menuVisibility(input([], { managingPractitioner: managed, practitionerId: pid })),
    ).toMatchObject({
      viewProfile: false,
      practitionerProfile: true,
      assignDelegate: false,
      bankAccount: false,
      auditEvents: true,
    });
    expect(menuVisibility(input([]))).toMatchObject({
      credentialDocuments: false,
      auditEvents: false,
      switchAccounts: false,
    });
    // docs/product/rules.md#permissions: the menu offers it to practitioners and those managing one, not to an organisation manager
    // without a practitioner id (the page still shows them their organisations' trail by its address).
    expect(menuVisibility(input(['OrganisationManager']))).toMatchObject({
      credentialDocuments: false,
      auditEvents: false,
    });
  });

  // Every combination of the facts the menu rules read: own practitioner id, managing, delegate, operator.
  const facts = [false, true];
  const cases = facts.flatMap((ownId) =>
    facts.flatMap((managing) =>
      facts.flatMap((delegate) =>
        facts.map((operator) => ({ ownId, managing, delegate, operator })),
      ),
    ),
  );
  it.each(cases)('truth table %j', ({ ownId, managing, delegate, operator }) => {
    const visible = menuVisibility(
      input(operator ? ['PcaOperator'] : ['Viewer'], {
        practitionerId: ownId ? pid : null,
        managingPractitioner: managing ? managed : null,
        isApprovedPractitionerDelegate: delegate,
      }),
    );
    expect(visible).toEqual({
      notificationsBell: !operator,
      viewProfile: !managing,
      practitionerProfile: managing,
      assignDelegate: ownId && !managing,
      bankAccount: ownId && !managing,
      credentialDocuments: ownId || managing,
      auditEvents: ownId || managing,
      switchAccounts: delegate,
      systemAdmin: operator && !managing,
      practitionerPublishing: managing,
      businessPublishing: false,
    });
  });

  it('offers practitioner publishing settings only to practitioners and those managing one', () => {
    expect(menuVisibility(input(['OrganisationManager'])).practitionerPublishing).toBe(false);
    expect(menuVisibility(input(['OrganisationManager'], { isPractitioner: true }))).toMatchObject({
      practitionerPublishing: true,
      businessPublishing: true,
    });
    expect(
      menuVisibility(input([], { managingPractitioner: managed })).practitionerPublishing,
    ).toBe(true);
    expect(menuVisibility(input(['OrganisationManager'])).businessPublishing).toBe(true);
  });
});

describe('capabilityInputOf (the one builder both sides use)', () => {
  it('keeps participating organisations only, with what the rules read, and the import flag', () => {
    const user = {
      roles: [],
      isPractitioner: true,
      isApprovedPractitionerDelegate: false,
      managingPractitioner: null,
      isProfileComplete: true,
      practitionerId: null,
    };
    const input = capabilityInputOf(
      user,
      [
        { type: 'HiOrganisation', ...org({ status: 'Active' }) },
        {
          type: 'ParticipatingOrganisation',
          ...org({ publisherApprovalStatus: 'PendingApproval' }),
        },
      ],
      { vcfcImportAllowed: true },
    );
    expect(input).toEqual({
      user,
      participatingOrganisations: [org({ publisherApprovalStatus: 'PendingApproval' })],
      config: { vcfcImportAllowed: true },
    });
  });
});
