/**
 * The seeds' route table (spec 1 §2.8) as data: path, title, whether a session is needed, and the screen.
 * `routes.tsx` turns it into React Router objects. A screen that is not built yet points at the
 * not-available page; `route-table.test.ts` lists those so the list only shrinks.
 */
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
}

const page = (
  path: string,
  title: string,
  screen: Screen = notAvailable,
  parent?: string,
): RouteEntry => ({
  path,
  title,
  session: true,
  screen,
  ...(parent ? { parent } : {}),
});

/** Every signed-in route of the portal. */
export const routeTable: RouteEntry[] = [
  page('welcome', 'Welcome back', () => import('#features/welcome/routes/welcome-page.tsx')),
  page(
    'welcome/add-business',
    'Welcome back',
    () => import('#features/welcome/routes/welcome-page.tsx'),
  ),
  page('profile/:id', 'Profile', notAvailable, 'welcome'),
  page('practitioner-profile/:id', 'Practitioner profile', notAvailable, 'welcome'),
  page('smart-client/add-edit', 'Add clinical information system', notAvailable, 'welcome'),
  page('smart-client/add-edit/:id', 'Edit clinical information system', notAvailable, 'welcome'),
  page(
    'smart-client/practitioner-role-import/:id',
    'Import practitioner roles',
    notAvailable,
    'welcome',
  ),
  // Lazy sections (spec 1 §2.8).
  page(
    'organisation',
    'Businesses',
    () => import('#features/organisation/routes/organisations-page.tsx'),
    'welcome',
  ),
  page(
    'organisation/participating',
    'Businesses',
    () => import('#features/organisation/routes/organisations-page.tsx'),
    'welcome',
  ),
  page(
    'organisation/participating/add-edit-v2',
    'Register a business',
    () => import('#features/register-business/routes/register-business-page.tsx'),
    'organisation',
  ),
  page(
    'organisation/participating/add-edit-v2/:orgId',
    'Register a business',
    () => import('#features/register-business/routes/register-business-page.tsx'),
    'organisation',
  ),
  page(
    'organisation/participating/:id',
    'View Organisation',
    () => import('#features/organisation/routes/organisation-page.tsx'),
    'organisation',
  ),
  page(
    'organisation/participating/:id/launch',
    'View Organisation',
    () => import('#features/organisation/routes/organisation-page.tsx'),
    'organisation',
  ),
  page(
    'organisation/participating/:id/applaunch',
    'View Organisation',
    () => import('#features/organisation/routes/organisation-page.tsx'),
    'organisation',
  ),
  page(
    'organisation/hi/:id',
    'View Organisation',
    () => import('#features/organisation/routes/organisation-page.tsx'),
    'organisation',
  ),
  page(
    'organisation/hi/:id/launch',
    'View Organisation',
    () => import('#features/organisation/routes/organisation-page.tsx'),
    'organisation',
  ),
  page(
    'organisation/hi/:id/applaunch',
    'View Organisation',
    () => import('#features/organisation/routes/organisation-page.tsx'),
    'organisation',
  ),
  page('publications', 'Publications', notAvailable, 'welcome'),
  page('transfers', 'Transfers', notAvailable, 'welcome'),
  page('partner-identifier-system', 'Partner identifier systems', notAvailable, 'welcome'),
  page('partner-service', 'Partner services', notAvailable, 'welcome'),
  page(
    'publication-email-notification',
    'Publication email notifications',
    notAvailable,
    'welcome',
  ),
  // A static segment outranks ':id', so the add page gets its own title and breadcrumb.
  page(
    'healthcare-service/add',
    'Add a healthcare service',
    () => import('#features/healthcare-service/routes/healthcare-service-page.tsx'),
    'organisation',
  ),
  page(
    'healthcare-service/:id',
    'Healthcare service',
    () => import('#features/healthcare-service/routes/healthcare-service-page.tsx'),
    'organisation',
  ),
  page(
    'healthcare-service/:serviceId/practitioner/add-edit/:roleId',
    'Edit practitioner role',
    () => import('#features/practitioner-role/routes/edit-role-page.tsx'),
    'practitioners',
  ),
  page(
    'healthcare-service/:serviceId/practitioner/:roleId',
    'Practitioner role',
    () => import('#features/practitioner-role/routes/view-role-page.tsx'),
    'practitioners',
  ),
  // A static segment outranks ':id', so the add page gets its own title and breadcrumb.
  page(
    'location/add',
    'Add a location',
    () => import('#features/location/routes/location-page.tsx'),
    'organisation',
  ),
  page(
    'location/:id',
    'Location',
    () => import('#features/location/routes/location-page.tsx'),
    'organisation',
  ),
  page('user', 'Users', notAvailable, 'welcome'),
  page('client-system', 'Client systems', notAvailable, 'welcome'),
  page('bank-account/add-edit/:practitionerId', 'Bank account', notAvailable, 'welcome'),
  page('admin', 'System admin', () => import('#features/admin/routes/admin-page.tsx'), 'welcome'),
  page('tasks-notifications', 'Tasks', notAvailable, 'welcome'),
  page(
    'tasks-notifications/complete-online-form/:id',
    'Complete online form',
    notAvailable,
    'tasks-notifications',
  ),
  page(
    'tasks-notifications/verify-information/:id',
    'Verify information',
    notAvailable,
    'tasks-notifications',
  ),
  page('tasks-notifications/:tab', 'Tasks', notAvailable, 'welcome'),
  page('nhsd-import', 'Importing services from NHSD', notAvailable, 'welcome'),
  page('delegates', 'Delegates', notAvailable, 'welcome'),
  page('assign-a-delegate', 'Assigning a delegate', notAvailable, 'delegates'),
  page('resend-invite/:id', 'Resend invite', notAvailable, 'delegates'),
  page(
    'delegate-details-update-response/:id',
    'Delegate details update',
    notAvailable,
    'delegates',
  ),
  page('stop-delegation/:id', 'Stop delegation', notAvailable, 'delegates'),
  page('manage-accounts', 'Managed accounts', notAvailable, 'welcome'),
  page('credential-document/add', 'Add credential document', notAvailable, 'credential-documents'),
  page(
    'credential-document/edit/:id',
    'Edit credential document',
    notAvailable,
    'credential-documents',
  ),
  page('credential-documents', 'Credential documents', notAvailable, 'welcome'),
  page('key-contacts', 'Key contacts', notAvailable, 'welcome'),
  page('key-contacts/add', 'Add key contact', notAvailable, 'key-contacts'),
  page('key-contacts/update/:id', 'Update key contact', notAvailable, 'key-contacts'),
  page('my-workplaces', 'My workplaces', notAvailable, 'welcome'),
  page(
    'my-workplaces/healthcare-service-summary/:id',
    'Healthcare service summary',
    notAvailable,
    'my-workplaces',
  ),
  page('practitioner/publish', 'Publishing settings', notAvailable, 'welcome'),
  page('practitioner/publish/add', 'Add publishing settings', notAvailable, 'practitioner/publish'),
  page(
    'practitioner/publish/edit',
    'Edit publishing settings',
    notAvailable,
    'practitioner/publish',
  ),
  page(
    'practitioner-role/add',
    'Add practitioner',
    () => import('#features/practitioner-role/routes/add-role-page.tsx'),
    'practitioners',
  ),
  page(
    'practitioners',
    'Practitioners',
    () => import('#features/practitioners/routes/practitioners-page.tsx'),
    'welcome',
  ),
  page('audit-events', 'Audit events', notAvailable, 'welcome'),
  page(
    'publish-selector',
    'Publishing my businesses',
    () => import('#features/publish-selector/routes/publish-selector-page.tsx'),
    'publishing',
  ),
  page(
    'publishing',
    'Publishing',
    () => import('#features/publishing/routes/publishing-page.tsx'),
    'welcome',
  ),
  page('give-feedback', 'Give us feedback', notAvailable, 'welcome'),
];

/** Routes still served by the not-available page (tests pin this list so it only shrinks). */
export const notAvailableRoutes = () =>
  routeTable.filter((r) => r.screen === notAvailable).map((r) => r.path);
