import type { z } from 'zod';
import type { OrganisationStatus, PublisherApprovalStatus } from './organisations.ts';
import type { RoleType } from './roles.ts';
import type { CurrentUser } from './user.ts';

/** What the capability rules need to know about a participating organisation of the user. */
export interface CapabilityOrganisation {
  /** Cancelled and terminated organisations give no access. */
  status: z.infer<typeof OrganisationStatus>;
  isPublisher: boolean;
  publisherApprovalStatus: PublisherApprovalStatus | null;
}

/** Everything the rules of docs/product/rules.md#permissions read: the user, their participating organisations, runtime flags. */
export interface CapabilityInput {
  user: Pick<
    CurrentUser,
    | 'roles'
    | 'isPractitioner'
    | 'isApprovedPractitionerDelegate'
    | 'managingPractitioner'
    | 'isProfileComplete'
    | 'practitionerId'
  >;
  participatingOrganisations: CapabilityOrganisation[];
  config: { vcfcImportAllowed: boolean };
}

/** An organisation as the caller's organisation list describes it (web) or the session reads it (server). */
interface OrganisationOfUser extends CapabilityOrganisation {
  type: 'ParticipatingOrganisation' | 'HiOrganisation';
}

/**
 * The rules' input, built the same way on both sides: the user, their participating organisations
 * (HI organisations give no capability), and the runtime flags.
 */
export function capabilityInputOf(
  user: CapabilityInput['user'],
  organisations: readonly OrganisationOfUser[],
  features: { vcfcImportAllowed: boolean },
): CapabilityInput {
  return {
    user,
    participatingOrganisations: organisations
      .filter((o) => o.type === 'ParticipatingOrganisation')
      .map((o) => ({
        status: o.status,
        isPublisher: o.isPublisher,
        publisherApprovalStatus: o.publisherApprovalStatus,
      })),
    config: { vcfcImportAllowed: features.vcfcImportAllowed },
  };
}

/** The capability table of docs/product/rules.md#permissions. */
export interface Capabilities {
  manageBusinesses: boolean;
  viewBusinesses: boolean;
  accessPractitioners: boolean;
  managePractitioners: boolean;
  accessPublishing: boolean;
  delegates: boolean;
  /** The user's own delegates: a practitioner in their own account (docs/decisions/020-delegation.md). */
  assignDelegates: boolean;
  keyContacts: boolean;
  importDirectoryServices: boolean;
  systemAdmin: boolean;
}

/** True when the user holds a role of this type anywhere. */
export const hasRole = (user: Pick<CurrentUser, 'roles'>, type: RoleType) =>
  user.roles.some((r) => r.type === type);

/** Participating organisations that still count: neither cancelled nor terminated. */
export const liveOrganisations = (orgs: CapabilityOrganisation[]) =>
  orgs.filter((o) => o.status !== 'Cancelled' && o.status !== 'Terminated');

/**
 * Whether the user may assign, invite, resend, cancel and stop their own delegates: they have a practitioner
 * record and act in their own account (a delegate managing them may not). The server's delegation module
 * applies the same rule.
 */
export function canAssignDelegates(
  user: Pick<CurrentUser, 'practitionerId' | 'managingPractitioner'>,
): boolean {
  return user.practitionerId !== null && user.managingPractitioner === null;
}

/** Computes every capability of docs/product/rules.md#permissions from its inputs (pure; the server and the UI share it). */
export function capabilitiesOf({
  user,
  participatingOrganisations,
  config,
}: CapabilityInput): Capabilities {
  const managing = user.managingPractitioner !== null;
  const om = hasRole(user, 'OrganisationManager');
  const hsm = hasRole(user, 'HealthcareServiceManager');
  const viewer = hasRole(user, 'Viewer');
  const manageBusinesses = (om || hsm) && !managing;
  const viewBusinesses = (om || hsm || viewer) && !managing;
  const accessPractitioners =
    viewBusinesses && liveOrganisations(participatingOrganisations).length > 0;
  return {
    manageBusinesses,
    viewBusinesses,
    accessPractitioners,
    // The table gives a HealthcareServiceManager this one unconditionally; while managing a practitioner
    // it is off too, as the key contacts below, so that a delegate's own business powers never mix with
    // the practitioner's in one request (docs/decisions/055-hpii-lookup-and-managing-powers.md).
    managePractitioners: ((accessPractitioners && om) || hsm) && !managing,
    accessPublishing: user.isPractitioner || om || hsm || managing,
    delegates: user.isApprovedPractitionerDelegate && !managing,
    assignDelegates: canAssignDelegates(user),
    keyContacts:
      om &&
      !managing &&
      participatingOrganisations.some(
        (o) => o.isPublisher && o.publisherApprovalStatus === 'Approved',
      ),
    importDirectoryServices: config.vcfcImportAllowed && om && !managing,
    systemAdmin: hasRole(user, 'PcaOperator') && !managing,
  };
}

/** Editing or viewing a practitioner role needs HealthcareServiceManager or OrganisationManager on its organisation. */
export function canManagePractitionerRole(effectiveRolesOnRoleOrganisation: readonly RoleType[]) {
  return (
    effectiveRolesOnRoleOrganisation.includes('HealthcareServiceManager') ||
    effectiveRolesOnRoleOrganisation.includes('OrganisationManager')
  );
}

/** Menu visibility rules of docs/product/rules.md#permissions. */
export function menuVisibility(input: CapabilityInput) {
  const { user } = input;
  const managing = user.managingPractitioner !== null;
  const caps = capabilitiesOf(input);
  return {
    notificationsBell: user.isProfileComplete && user.roles.some((r) => r.type !== 'PcaOperator'),
    viewProfile: !managing,
    practitionerProfile: managing,
    assignDelegate: caps.assignDelegates,
    bankAccount: user.practitionerId !== null && !managing,
    credentialDocuments: user.practitionerId !== null || managing,
    auditEvents: user.practitionerId !== null || managing,
    switchAccounts: user.isApprovedPractitionerDelegate,
    systemAdmin: caps.systemAdmin,
    // The publishing landing's two cards (docs/product/shell.md#publishing-landing): practitioner settings
    // only for a practitioner or someone managing one (issue 30), business settings only for those who
    // manage businesses (as the welcome page's Publishing settings card).
    practitionerPublishing: user.isPractitioner || managing,
    businessPublishing: caps.accessPublishing && caps.manageBusinesses,
  };
}
