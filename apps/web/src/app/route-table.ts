/**
 * The seeds' route table (docs/product/shell.md#routes) as data: path, title, whether a session is needed, and the screen.
 * `signed-in-routes.ts` turns it into React Router objects, which the router discovers (`routes.tsx`). A screen that is not built yet points at the
 * not-available page; `route-table.test.ts` lists those so the list only shrinks.
 */
import { pages, type Page } from '@pca/contracts/pages.ts';

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
}

const page = (
  at: Page,
  title: string,
  screen: Screen = notAvailable,
  parent?: Page,
): RouteEntry => ({
  path: at.route,
  page: at,
  title,
  session: true,
  screen,
  ...(parent ? { parent: parent.route } : {}),
});

/** Every signed-in route of the portal. */
export const routeTable: RouteEntry[] = [
  page(
    pages.welcome.dashboard,
    'Welcome back',
    () => import('#features/welcome/routes/welcome-page.tsx'),
  ),
  page(
    pages.welcome.addBusiness,
    'Welcome back',
    () => import('#features/welcome/routes/welcome-page.tsx'),
  ),
  page(
    pages.profile.view,
    'Profile',
    () => import('#features/profile/routes/profile-page.tsx'),
    pages.welcome.dashboard,
  ),
  page(
    pages.profile.practitioner,
    'Practitioner profile',
    () => import('#features/profile/routes/practitioner-profile-page.tsx'),
    pages.welcome.dashboard,
  ),
  page(
    pages.clientSystems.add,
    'Add clinical information system',
    notAvailable,
    pages.welcome.dashboard,
  ),
  page(
    pages.clientSystems.edit,
    'Edit clinical information system',
    notAvailable,
    pages.welcome.dashboard,
  ),
  page(
    pages.clientSystems.importRoles,
    'Import practitioner roles',
    notAvailable,
    pages.welcome.dashboard,
  ),
  // Lazy sections (docs/product/shell.md#routes).
  page(
    pages.organisations.list,
    'Businesses',
    () => import('#features/organisations/routes/organisations-page.tsx'),
    pages.welcome.dashboard,
  ),
  page(
    pages.organisations.participating,
    'Businesses',
    () => import('#features/organisations/routes/organisations-page.tsx'),
    pages.welcome.dashboard,
  ),
  page(
    pages.businessRegistration.start,
    'Register a business',
    () => import('#features/business-registration/routes/register-business-page.tsx'),
    pages.organisations.list,
  ),
  page(
    pages.businessRegistration.resume,
    'Register a business',
    () => import('#features/business-registration/routes/register-business-page.tsx'),
    pages.organisations.list,
  ),
  page(
    pages.organisations.viewParticipating,
    'View Organisation',
    () => import('#features/organisations/routes/organisation-page.tsx'),
    pages.organisations.list,
  ),
  page(
    pages.organisations.launchParticipating,
    'View Organisation',
    () => import('#features/organisations/routes/organisation-page.tsx'),
    pages.organisations.list,
  ),
  page(
    pages.organisations.appLaunchParticipating,
    'View Organisation',
    () => import('#features/organisations/routes/organisation-page.tsx'),
    pages.organisations.list,
  ),
  page(
    pages.organisations.viewHi,
    'View Organisation',
    () => import('#features/organisations/routes/organisation-page.tsx'),
    pages.organisations.list,
  ),
  page(
    pages.organisations.launchHi,
    'View Organisation',
    () => import('#features/organisations/routes/organisation-page.tsx'),
    pages.organisations.list,
  ),
  page(
    pages.organisations.appLaunchHi,
    'View Organisation',
    () => import('#features/organisations/routes/organisation-page.tsx'),
    pages.organisations.list,
  ),
  page(pages.publishing.publications, 'Publications', notAvailable, pages.welcome.dashboard),
  page(pages.partners.transfers, 'Transfers', notAvailable, pages.welcome.dashboard),
  page(
    pages.partners.identifierSystems,
    'Partner identifier systems',
    notAvailable,
    pages.welcome.dashboard,
  ),
  page(pages.partners.services, 'Partner services', notAvailable, pages.welcome.dashboard),
  page(
    pages.publishing.emailNotifications,
    'Publication email notifications',
    () => import('#features/publications/routes/email-notifications-page.tsx'),
    pages.welcome.dashboard,
  ),
  // A static segment outranks ':id', so the add page gets its own title and breadcrumb.
  page(
    pages.healthcareServices.add,
    'Add a healthcare service',
    () => import('#features/healthcare-services/routes/healthcare-service-page.tsx'),
    pages.organisations.list,
  ),
  page(
    pages.healthcareServices.view,
    'Healthcare service',
    () => import('#features/healthcare-services/routes/healthcare-service-page.tsx'),
    pages.organisations.list,
  ),
  page(
    pages.practitioners.editRole,
    'Edit practitioner role',
    () => import('#features/practitioners/routes/edit-role-page.tsx'),
    pages.practitioners.list,
  ),
  page(
    pages.practitioners.viewRole,
    'Practitioner role',
    () => import('#features/practitioners/routes/view-role-page.tsx'),
    pages.practitioners.list,
  ),
  // A static segment outranks ':id', so the add page gets its own title and breadcrumb.
  page(
    pages.locations.add,
    'Add a location',
    () => import('#features/locations/routes/location-page.tsx'),
    pages.organisations.list,
  ),
  page(
    pages.locations.view,
    'Location',
    () => import('#features/locations/routes/location-page.tsx'),
    pages.organisations.list,
  ),
  page(pages.admin.users, 'Users', notAvailable, pages.welcome.dashboard),
  page(
    pages.clientSystems.list,
    'Client systems',
    () => import('#features/client-systems/routes/client-systems-page.tsx'),
    pages.admin.home,
  ),
  page(pages.profile.bankAccount, 'Bank account', notAvailable, pages.welcome.dashboard),
  page(
    pages.admin.home,
    'System admin',
    () => import('#features/admin/routes/admin-page.tsx'),
    pages.welcome.dashboard,
  ),
  page(
    pages.tasks.list,
    'Tasks',
    () => import('#features/tasks-notifications/routes/tasks-notifications-page.tsx'),
    pages.welcome.dashboard,
  ),
  page(
    pages.tasks.completeOnlineForm,
    'Complete online form',
    () => import('#features/tasks-notifications/routes/complete-online-form-page.tsx'),
    pages.tasks.list,
  ),
  page(
    pages.tasks.verifyInformation,
    'Verify information',
    () => import('#features/tasks-notifications/routes/verify-information-page.tsx'),
    pages.tasks.list,
  ),
  page(
    pages.tasks.tab,
    'Tasks',
    () => import('#features/tasks-notifications/routes/tasks-notifications-page.tsx'),
    pages.welcome.dashboard,
  ),
  page(
    pages.nhsdImport.wizard,
    'Importing services from NHSD',
    () => import('#features/nhsd-import/routes/nhsd-import-page.tsx'),
    pages.welcome.dashboard,
  ),
  page(
    pages.delegates.list,
    'Delegates',
    () => import('#features/delegations/routes/delegates-page.tsx'),
    pages.welcome.dashboard,
  ),
  page(
    pages.delegates.assign,
    'Assigning a delegate',
    () => import('#features/delegations/routes/assign-delegate-page.tsx'),
    pages.delegates.list,
  ),
  page(
    pages.delegates.resendInvite,
    'Resend invite',
    () => import('#features/delegations/routes/resend-invite-page.tsx'),
    pages.delegates.list,
  ),
  page(
    pages.delegates.detailsUpdateResponse,
    'Delegate details update',
    () => import('#features/delegations/routes/details-update-response-page.tsx'),
    pages.delegates.list,
  ),
  page(
    pages.delegates.stop,
    'Stop delegation',
    () => import('#features/delegations/routes/stop-delegation-page.tsx'),
    pages.delegates.list,
  ),
  page(
    pages.delegates.manageAccounts,
    'Managed accounts',
    () => import('#features/managing/routes/manage-accounts-page.tsx'),
    pages.welcome.dashboard,
  ),
  page(
    pages.profile.addCredentialDocument,
    'Add credential document',
    notAvailable,
    pages.profile.credentialDocuments,
  ),
  page(
    pages.profile.editCredentialDocument,
    'Edit credential document',
    notAvailable,
    pages.profile.credentialDocuments,
  ),
  page(
    pages.profile.credentialDocuments,
    'Credential documents',
    notAvailable,
    pages.welcome.dashboard,
  ),
  page(pages.organisations.keyContacts, 'Key contacts', notAvailable, pages.welcome.dashboard),
  page(
    pages.organisations.addKeyContact,
    'Add key contact',
    notAvailable,
    pages.organisations.keyContacts,
  ),
  page(
    pages.organisations.updateKeyContact,
    'Update key contact',
    notAvailable,
    pages.organisations.keyContacts,
  ),
  page(pages.profile.myWorkplaces, 'My workplaces', notAvailable, pages.welcome.dashboard),
  page(
    pages.profile.workplaceService,
    'Healthcare service summary',
    notAvailable,
    pages.profile.myWorkplaces,
  ),
  page(
    pages.publishing.practitioner,
    'Publishing settings',
    () => import('#features/practitioner-publications/routes/practitioner-publications-page.tsx'),
    pages.welcome.dashboard,
  ),
  page(
    pages.publishing.addPractitioner,
    'Add publishing settings',
    () =>
      import('#features/practitioner-publications/routes/add-practitioner-publication-page.tsx'),
    pages.publishing.practitioner,
  ),
  page(
    pages.publishing.editPractitioner,
    'Edit publishing settings',
    () =>
      import('#features/practitioner-publications/routes/edit-practitioner-publication-page.tsx'),
    pages.publishing.practitioner,
  ),
  page(
    pages.practitioners.addRole,
    'Add practitioner',
    () => import('#features/practitioners/routes/add-role-page.tsx'),
    pages.practitioners.list,
  ),
  page(
    pages.practitioners.list,
    'Practitioners',
    () => import('#features/practitioners/routes/practitioners-page.tsx'),
    pages.welcome.dashboard,
  ),
  page(pages.admin.auditEvents, 'Audit events', notAvailable, pages.welcome.dashboard),
  page(
    pages.publishing.businesses,
    'Publishing my businesses',
    () => import('#features/publish-selector/routes/publish-selector-page.tsx'),
    pages.publishing.overview,
  ),
  page(
    pages.publishing.overview,
    'Publishing',
    () => import('#features/publishing/routes/publishing-page.tsx'),
    pages.welcome.dashboard,
  ),
  page(pages.profile.giveFeedback, 'Give us feedback', notAvailable, pages.welcome.dashboard),
];

/** Routes still served by the not-available page (tests pin this list so it only shrinks). */
export const notAvailableRoutes = () =>
  routeTable.filter((r) => r.screen === notAvailable).map((r) => r.path);
