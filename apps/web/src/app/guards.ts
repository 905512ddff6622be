import { pages } from '@pca/contracts/pages.ts';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { OrganisationNode } from '@pca/contracts';
import {
  canAssignDelegates,
  capabilitiesOf,
  capabilityInputOf,
  hasRole,
} from '@pca/contracts/capabilities.ts';
import { currentUserQueryOptions } from '#lib/current-user.ts';
import { myOrganisationsQueryOptions } from '#lib/my-organisations.ts';
import { withRedirectReason } from '#lib/errors/redirect-reason.ts';
import { requireSession } from '#lib/require-session.ts';

/** A route guard of docs/product/rules.md#permissions, as a loader; it reads the user through the app's query cache. */
export type Guard = (args: LoaderFunctionArgs, queryClient: QueryClient) => Promise<null> | null;

/**
 * Admin area: authenticated users who are not PcaOperator (or who act for a practitioner) go to /welcome,
 * which says why (every guard names its reason there).
 */
export const adminGuard: Guard = async (_args, queryClient) => {
  const user = await queryClient.ensureQueryData(currentUserQueryOptions());
  if (!hasRole(user, 'PcaOperator'))
    throw redirect(withRedirectReason(pages.welcome.dashboard.href(), 'admin'));
  if (user.managingPractitioner)
    throw redirect(withRedirectReason(pages.welcome.dashboard.href(), 'admin-while-managing'));
  return null;
};

/** A practitioner's own delegate pages: only for a practitioner in their own account (docs/decisions/020-delegation.md). */
export const delegatesGuard: Guard = async (_args, queryClient) => {
  const user = await queryClient.ensureQueryData(currentUserQueryOptions());
  if (!canAssignDelegates(user))
    throw redirect(
      withRedirectReason(
        pages.welcome.dashboard.href(),
        user.managingPractitioner ? 'delegates-while-managing' : 'delegates',
      ),
    );
  return null;
};

/**
 * Key contacts: only with key-contact access — an OrganisationManager of an approved publisher, in their
 * own account (docs/product/key-contacts.md); the API refuses everyone else too.
 */
export const keyContactsGuard: Guard = async (_args, queryClient) => {
  const [user, { organisations }] = await Promise.all([
    queryClient.ensureQueryData(currentUserQueryOptions()),
    queryClient.ensureQueryData(myOrganisationsQueryOptions()),
  ]);
  // The runtime flags decide only the NHSD import, never key contacts.
  const input = capabilityInputOf(user, organisations, { vcfcImportAllowed: false });
  if (!capabilitiesOf(input).keyContacts)
    throw redirect(
      withRedirectReason(
        pages.welcome.dashboard.href(),
        user.managingPractitioner ? 'key-contacts-while-managing' : 'key-contacts',
      ),
    );
  return null;
};

/** Users without an email address are sent to /welcome, where registration asks for one. */
export const emailGuard: Guard = async (_args, queryClient) => {
  const user = await queryClient.ensureQueryData(currentUserQueryOptions());
  if (!user.email) throw redirect(withRedirectReason(pages.welcome.dashboard.href(), 'email'));
  return null;
};

const someNode = (nodes: OrganisationNode[], test: (n: OrganisationNode) => boolean): boolean =>
  nodes.some((n) => test(n) || someNode(n.children, test));

/**
 * Organisation-manager pages: the `organisationId` query (or `orgId`, which the NHSD import uses beside a
 * `locationId`, docs/product/features.md#nhsd-import) must name an organisation where the user's effective roles include
 * OrganisationManager. Without either query the user must manage at least one organisation.
 */
export const organisationManagerGuard: Guard = async ({ request }, queryClient) => {
  const query = new URL(request.url).searchParams;
  const organisationId = query.get('organisationId') ?? query.get('orgId');
  const { organisations } = await queryClient.ensureQueryData(myOrganisationsQueryOptions());
  const manages = someNode(
    organisations,
    (n) =>
      (!organisationId || n.id === organisationId) &&
      n.effectiveRoles.includes('OrganisationManager'),
  );
  if (!manages)
    throw redirect(withRedirectReason(pages.welcome.dashboard.href(), 'organisation-manager'));
  return null;
};

/** The guards by name, for the route table (routes.tsx loads this module only to run them). */
export const guards = {
  email: emailGuard,
  admin: adminGuard,
  organisationManager: organisationManagerGuard,
  delegates: delegatesGuard,
  keyContacts: keyContactsGuard,
} satisfies Record<string, Guard>;

/** A guard's name. */
export type GuardName = keyof typeof guards;

/** Runs requireSession, then each guard in order (the first redirect wins). */
export function guarded(guards: Guard[], queryClient: QueryClient) {
  return async (args: LoaderFunctionArgs) => {
    requireSession(args);
    for (const guard of guards) await guard(args, queryClient);
    return null;
  };
}
