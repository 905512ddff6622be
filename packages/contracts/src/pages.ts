/**
 * Every page of the portal, defined once: its route pattern (read by the web's route table) and
 * its href builder (used by every link and navigation, and by the server for links in mail).
 * Nothing else writes an internal URL by hand; the lint rule `architecture/no-literal-href` keeps it so.
 * zod-free on purpose: the signed-out page imports this file by path (docs/decisions/016-page-paths-and-house-rules.md).
 */
import type { OrganisationType } from './organisations.ts';
import { page, shellPages } from './shell-pages.ts';

export type { Page } from './shell-pages.ts';

/** The portal's pages, grouped by domain. */
export const pages = {
  ...shellPages,
  profile: {
    view: page('/profile/:id', ['previousPath', 'tab']),
    practitioner: page('/practitioner-profile/:id', ['previousPath']),
    bankAccount: page('/bank-account/add-edit/:practitionerId'),
    credentialDocuments: page('/credential-documents'),
    addCredentialDocument: page('/credential-document/add'),
    editCredentialDocument: page('/credential-document/edit/:id'),
    myWorkplaces: page('/my-workplaces'),
    workplaceService: page('/my-workplaces/healthcare-service-summary/:id'),
    giveFeedback: page('/give-feedback'),
  },
  clientSystems: {
    add: page('/smart-client/add-edit', ['organisationId']),
    edit: page('/smart-client/add-edit/:id'),
    importRoles: page('/smart-client/practitioner-role-import/:id'),
    list: page('/client-system'),
  },
  organisations: {
    list: page('/organisation'),
    participating: page('/organisation/participating'),
    viewParticipating: page('/organisation/participating/:id', ['tab', 'from']),
    launchParticipating: page('/organisation/participating/:id/launch'),
    appLaunchParticipating: page('/organisation/participating/:id/applaunch'),
    viewHi: page('/organisation/hi/:id', ['tab', 'from']),
    launchHi: page('/organisation/hi/:id/launch'),
    appLaunchHi: page('/organisation/hi/:id/applaunch'),
    keyContacts: page('/key-contacts', ['organisationId']),
    addKeyContact: page('/key-contacts/add', ['organisationId']),
    updateKeyContact: page('/key-contacts/update/:id'),
  },
  businessRegistration: {
    start: page('/organisation/participating/add-edit-v2'),
    resume: page('/organisation/participating/add-edit-v2/:orgId'),
  },
  locations: {
    add: page('/location/add', ['organisationId']),
    view: page('/location/:id', ['tab']),
  },
  healthcareServices: {
    add: page('/healthcare-service/add', ['organisationId']),
    view: page('/healthcare-service/:id', ['tab']),
  },
  practitioners: {
    list: page('/practitioners'),
    addRole: page('/practitioner-role/add', ['organisationId', 'from']),
    editRole: page('/healthcare-service/:serviceId/practitioner/add-edit/:roleId', [
      'healthcareServiceId',
      'practitionerId',
    ]),
    viewRole: page('/healthcare-service/:serviceId/practitioner/:roleId'),
  },
  publishing: {
    overview: page('/publishing'),
    businesses: page('/publish-selector', ['tab']),
    practitioner: page('/practitioner/publish'),
    addPractitioner: page('/practitioner/publish/add'),
    editPractitioner: page('/practitioner/publish/edit', ['partnerServiceId']),
    publications: page('/publications'),
    emailNotifications: page('/publication-email-notification', ['organisationId']),
  },
  partners: {
    transfers: page('/transfers'),
    /** An organisation manager's view of the transfers to and from their organisations (decision 067). */
    businessTransfers: page('/transfers/businesses'),
    identifierSystems: page('/partner-identifier-system'),
    services: page('/partner-service'),
    addService: page('/partner-service/add'),
    service: page('/partner-service/:id'),
  },
  admin: {
    home: page('/admin'),
    users: page('/user', ['q', 'sort', 'direction', 'page']),
    user: page('/user/:id'),
    auditEvents: page('/audit-events'),
  },
  tasks: {
    list: page('/tasks-notifications'),
    tab: page('/tasks-notifications/:tab'),
    completeOnlineForm: page('/tasks-notifications/complete-online-form/:id'),
    verifyInformation: page('/tasks-notifications/verify-information/:id'),
  },
  nhsdImport: {
    wizard: page('/nhsd-import'),
  },
  delegates: {
    list: page('/delegates'),
    assign: page('/assign-a-delegate'),
    resendInvite: page('/resend-invite/:id'),
    detailsUpdateResponse: page('/delegate-details-update-response/:id', ['accept']),
    stop: page('/stop-delegation/:id'),
    manageAccounts: page('/manage-accounts'),
  },
  designSystem: {
    home: page('/design-system'),
  },
} as const;

/** An organisation's page: participating organisations and HI organisations have their own routes. */
export const organisationHref = (
  type: OrganisationType,
  id: string,
  query: { tab?: string; from?: string } = {},
): string =>
  type === 'HiOrganisation'
    ? pages.organisations.viewHi.href({ id, ...query })
    : pages.organisations.viewParticipating.href({ id, ...query });

/** Register a business (new) or continue one in Pending Submission. */
export const registerBusinessHref = (organisationId?: string): string =>
  organisationId
    ? pages.businessRegistration.resume.href({ orgId: organisationId })
    : pages.businessRegistration.start.href();

/** A practitioner role, as the role pages address it. */
interface RoleAddress {
  healthcareServiceId: string;
  id: string;
}

/** Edit a role; the query repeats the service and names the practitioner the page returns to. */
export const editRoleHref = (role: RoleAddress, practitionerId: string): string =>
  pages.practitioners.editRole.href({
    serviceId: role.healthcareServiceId,
    roleId: role.id,
    healthcareServiceId: role.healthcareServiceId,
    practitionerId,
  });

/** Read a role. */
export const viewRoleHref = (role: RoleAddress): string =>
  pages.practitioners.viewRole.href({ serviceId: role.healthcareServiceId, roleId: role.id });
