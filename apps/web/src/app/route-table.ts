/**
 * The seeds' route table (docs/product/shell.md#routes) as data: path, title, whether a session is needed, and the screen.
 * `signed-in-routes.ts` turns it into React Router objects, which the router discovers (`routes.tsx`). A screen that is not built yet points at the
 * not-available page; `route-table.test.ts` lists those so the list only shrinks.
 */
import type { ComponentType } from 'react';
import { pages, type Page } from '@pca/contracts/pages.ts';
import { WelcomeSkeleton } from '#features/welcome/components/welcome-skeleton.tsx';
import { PractitionersSkeleton } from '#features/practitioners/components/practitioners-heading.tsx';

export type Screen = () => Promise<Record<string, unknown>>;

const notAvailable: Screen = () => import('#features/not-available/routes/not-available-page.tsx');

/** One entry of the route table. */
export interface RouteEntry {
  path: string;
  title: string;
  /** Signed-in pages remember where the user was going and send them to the provider login. */
  session: boolean;
  screen: Screen;
  /** Breadcrumb parent path (by route path), for the shell's breadcrumbs. */
  parent?: string;
  /** The page this entry serves. */
  page: Page;
  /**
   * What the page first draws while its code loads, when more than the loading line: the route's
   * HydrateFallback, and prerendered into the HTML of its address at build, so its largest text is painted
   * before any script runs (docs/decisions/082-prerendered-page-skeletons.md). Keep it small: it is in the
   * script of every signed-in page.
   */
  skeleton?: ComponentType;
}

/** The screens, each its own chunk, imported when one of its routes is first visited. */
const screens = {
  welcome: () => import('#features/welcome/routes/welcome-page.tsx'),
  profile: () => import('#features/profile/routes/profile-page.tsx'),
  practitionerProfile: () => import('#features/profile/routes/practitioner-profile-page.tsx'),
  organisations: () => import('#features/organisations/routes/organisations-page.tsx'),
  organisation: () => import('#features/organisations/routes/organisation-page.tsx'),
  registerBusiness: () =>
    import('#features/business-registration/routes/register-business-page.tsx'),
  emailNotifications: () => import('#features/publications/routes/email-notifications-page.tsx'),
  healthcareService: () =>
    import('#features/healthcare-services/routes/healthcare-service-page.tsx'),
  location: () => import('#features/locations/routes/location-page.tsx'),
  practitioners: () => import('#features/practitioners/routes/practitioners-page.tsx'),
  addRole: () => import('#features/practitioners/routes/add-role-page.tsx'),
  editRole: () => import('#features/practitioners/routes/edit-role-page.tsx'),
  viewRole: () => import('#features/practitioners/routes/view-role-page.tsx'),
  admin: () => import('#features/admin/routes/admin-page.tsx'),
  clientSystems: () => import('#features/client-systems/routes/client-systems-page.tsx'),
  tasks: () => import('#features/tasks-notifications/routes/tasks-notifications-page.tsx'),
  completeOnlineForm: () =>
    import('#features/tasks-notifications/routes/complete-online-form-page.tsx'),
  verifyInformation: () =>
    import('#features/tasks-notifications/routes/verify-information-page.tsx'),
  nhsdImport: () => import('#features/nhsd-import/routes/nhsd-import-page.tsx'),
  practitionerRoleImport: () =>
    import('#features/practitioner-role-import/routes/practitioner-role-import-page.tsx'),
  delegates: () => import('#features/delegations/routes/delegates-page.tsx'),
  assignDelegate: () => import('#features/delegations/routes/assign-delegate-page.tsx'),
  resendInvite: () => import('#features/delegations/routes/resend-invite-page.tsx'),
  detailsUpdateResponse: () =>
    import('#features/delegations/routes/details-update-response-page.tsx'),
  stopDelegation: () => import('#features/delegations/routes/stop-delegation-page.tsx'),
  manageAccounts: () => import('#features/managing/routes/manage-accounts-page.tsx'),
  practitionerPublications: () =>
    import('#features/practitioner-publications/routes/practitioner-publications-page.tsx'),
  addPractitionerPublication: () =>
    import('#features/practitioner-publications/routes/add-practitioner-publication-page.tsx'),
  editPractitionerPublication: () =>
    import('#features/practitioner-publications/routes/edit-practitioner-publication-page.tsx'),
  publishSelector: () => import('#features/publish-selector/routes/publish-selector-page.tsx'),
  credentialDocuments: () =>
    import('#features/credential-documents/routes/credential-documents-page.tsx'),
  addCredentialDocument: () =>
    import('#features/credential-documents/routes/add-credential-document-page.tsx'),
  editCredentialDocument: () =>
    import('#features/credential-documents/routes/edit-credential-document-page.tsx'),
  publishing: () => import('#features/publishing/routes/publishing-page.tsx'),
  myWorkplaces: () => import('#features/workplaces/routes/my-workplaces-page.tsx'),
  workplaceService: () => import('#features/workplaces/routes/workplace-service-page.tsx'),
  auditEvents: () => import('#features/audit-events/routes/audit-events-page.tsx'),
  bankAccount: () => import('#features/bank-account/routes/bank-account-page.tsx'),
  keyContacts: () => import('#features/key-contacts/routes/key-contacts-page.tsx'),
  addKeyContact: () => import('#features/key-contacts/routes/add-key-contact-page.tsx'),
  updateKeyContact: () => import('#features/key-contacts/routes/update-key-contact-page.tsx'),
  giveFeedback: () => import('#features/feedback/routes/give-feedback-page.tsx'),
  publicationsOverview: () =>
    import('#features/publications-overview/routes/publications-overview-page.tsx'),
  transfers: () => import('#features/transfers/routes/transfers-page.tsx'),
  businessTransfers: () => import('#features/transfers/routes/business-transfers-page.tsx'),
  partnerServices: () => import('#features/partner-services/routes/partner-services-page.tsx'),
  addPartnerService: () => import('#features/partner-services/routes/add-partner-service-page.tsx'),
  partnerService: () => import('#features/partner-services/routes/partner-service-page.tsx'),
  identifierSystems: () => import('#features/partner-services/routes/identifier-systems-page.tsx'),
  users: () => import('#features/users/routes/users-page.tsx'),
  terminology: () => import('#features/terminology/routes/unmatched-page.tsx'),
  smartClient: () => import('#features/smart-clients/routes/smart-client-page.tsx'),
  smartLaunch: () => import('#features/smart-clients/routes/launch-page.tsx'),
  user: () => import('#features/users/routes/user-page.tsx'),
} satisfies Record<string, Screen>;

/** A route: its page, its title, and its screen (the not-available page until its screen is built). */
type Row = [at: Page, title: string, screen?: Screen, skeleton?: ComponentType];

/** The routes whose breadcrumb goes back to `parent` (none: the top of the trail). */
const under = (parent: Page | null, rows: Row[]): RouteEntry[] =>
  rows.map(([at, title, screen = notAvailable, skeleton]) => ({
    path: at.route,
    page: at,
    title,
    session: true,
    screen,
    ...(skeleton ? { skeleton } : {}),
    ...(parent ? { parent: parent.route } : {}),
  }));

const { welcome, profile, organisations, practitioners, tasks, delegates, publishing } = pages;

/** Every signed-in route of the portal, by the page its breadcrumb goes back to. */
export const routeTable: RouteEntry[] = [
  ...under(null, [
    [welcome.dashboard, 'Welcome back', screens.welcome, WelcomeSkeleton],
    [welcome.addBusiness, 'Welcome back', screens.welcome, WelcomeSkeleton],
  ]),
  ...under(welcome.dashboard, [
    [profile.view, 'Profile', screens.profile],
    [profile.practitioner, 'Practitioner profile', screens.practitionerProfile],
    [pages.clientSystems.add, 'Add clinical information system', screens.smartClient],
    [pages.clientSystems.edit, 'Edit clinical information system', screens.smartClient],
    [pages.clientSystems.importRoles, 'Import practitioner roles', screens.practitionerRoleImport],
    // Lazy sections (docs/product/shell.md#routes).
    [organisations.list, 'Businesses', screens.organisations],
    [organisations.participating, 'Businesses', screens.organisations],
    [publishing.publications, 'Publications', screens.publicationsOverview],
    [pages.partners.transfers, 'Transfers', screens.transfers],
    [pages.partners.businessTransfers, 'Transfers of my businesses', screens.businessTransfers],
    [publishing.emailNotifications, 'Publication email notifications', screens.emailNotifications],
    [profile.bankAccount, 'Bank account', screens.bankAccount],
    [pages.admin.home, 'System admin', screens.admin],
    [tasks.list, 'Tasks', screens.tasks],
    [tasks.tab, 'Tasks', screens.tasks],
    [pages.nhsdImport.wizard, 'Importing services from NHSD', screens.nhsdImport],
    [delegates.list, 'Delegates', screens.delegates],
    [delegates.manageAccounts, 'Managed accounts', screens.manageAccounts],
    [profile.credentialDocuments, 'Credential documents', screens.credentialDocuments],
    [organisations.keyContacts, 'Key contacts', screens.keyContacts],
    [profile.myWorkplaces, 'My workplaces', screens.myWorkplaces],
    [publishing.practitioner, 'Publishing settings', screens.practitionerPublications],
    [practitioners.list, 'Practitioners', screens.practitioners, PractitionersSkeleton],
    [pages.admin.auditEvents, 'Audit events', screens.auditEvents],
    [publishing.overview, 'Publishing', screens.publishing],
  ]),
  // Signed in or not (docs/product/feedback.md): no session needed, so a signed-out visit is not sent to
  // sign in. It stays out of the entry's own routes, which the signed-out budget keeps small
  // (docs/decisions/018-critical-path-javascript.md).
  ...under(welcome.dashboard, [
    [profile.giveFeedback, 'Give us feedback', screens.giveFeedback],
  ]).map((entry) => ({ ...entry, session: false })),
  ...under(organisations.list, [
    [pages.businessRegistration.start, 'Register a business', screens.registerBusiness],
    [pages.businessRegistration.resume, 'Register a business', screens.registerBusiness],
    [organisations.viewParticipating, 'View Organisation', screens.organisation],
    [organisations.launchParticipating, 'View Organisation', screens.smartLaunch],
    [organisations.appLaunchParticipating, 'View Organisation', screens.smartLaunch],
    [organisations.viewHi, 'View Organisation', screens.organisation],
    [organisations.launchHi, 'View Organisation', screens.smartLaunch],
    [organisations.appLaunchHi, 'View Organisation', screens.smartLaunch],
    // A static segment outranks ':id', so the add pages get their own titles and breadcrumbs.
    [pages.healthcareServices.add, 'Add a healthcare service', screens.healthcareService],
    [pages.healthcareServices.view, 'Healthcare service', screens.healthcareService],
    [pages.locations.add, 'Add a location', screens.location],
    [pages.locations.view, 'Location', screens.location],
  ]),
  ...under(practitioners.list, [
    [practitioners.editRole, 'Edit practitioner role', screens.editRole],
    [practitioners.viewRole, 'Practitioner role', screens.viewRole],
    [practitioners.addRole, 'Add practitioner', screens.addRole],
  ]),
  ...under(pages.admin.home, [
    [pages.clientSystems.list, 'Client systems', screens.clientSystems],
    [pages.partners.services, 'Partner services', screens.partnerServices],
    [pages.partners.identifierSystems, 'Partner identifier systems', screens.identifierSystems],
    [pages.admin.users, 'Users', screens.users],
    [pages.admin.terminology, 'Terminology: unmatched', screens.terminology],
  ]),
  // A static segment outranks ':id', so adding a partner service has its own title.
  ...under(pages.partners.services, [
    [pages.partners.addService, 'Register a partner service', screens.addPartnerService],
    [pages.partners.service, 'Partner service', screens.partnerService],
  ]),
  ...under(pages.admin.users, [[pages.admin.user, 'User', screens.user]]),
  ...under(tasks.list, [
    [tasks.completeOnlineForm, 'Complete online form', screens.completeOnlineForm],
    [tasks.verifyInformation, 'Verify information', screens.verifyInformation],
  ]),
  ...under(delegates.list, [
    [delegates.assign, 'Assigning a delegate', screens.assignDelegate],
    [delegates.resendInvite, 'Resend invite', screens.resendInvite],
    [delegates.detailsUpdateResponse, 'Delegate details update', screens.detailsUpdateResponse],
    [delegates.stop, 'Stop delegation', screens.stopDelegation],
  ]),
  ...under(profile.credentialDocuments, [
    [profile.addCredentialDocument, 'Add credential document', screens.addCredentialDocument],
    [profile.editCredentialDocument, 'Edit credential document', screens.editCredentialDocument],
  ]),
  ...under(organisations.keyContacts, [
    [organisations.addKeyContact, 'Add key contact', screens.addKeyContact],
    [organisations.updateKeyContact, 'Update key contact', screens.updateKeyContact],
  ]),
  ...under(profile.myWorkplaces, [
    [profile.workplaceService, 'Healthcare service summary', screens.workplaceService],
  ]),
  ...under(publishing.practitioner, [
    [publishing.addPractitioner, 'Add publishing settings', screens.addPractitionerPublication],
    [publishing.editPractitioner, 'Edit publishing settings', screens.editPractitionerPublication],
  ]),
  ...under(publishing.overview, [
    [publishing.businesses, 'Publishing my businesses', screens.publishSelector],
  ]),
];

/** Routes still served by the not-available page (tests pin this list so it only shrinks). */
export const notAvailableRoutes = () =>
  routeTable.filter((r) => r.screen === notAvailable).map((r) => r.path);
