import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { OrganisationNode } from '@pca/contracts';
import { hasRole } from '@pca/contracts/capabilities.ts';
import { currentUserQueryOptions } from '#lib/current-user.ts';
import { myOrganisationsQueryOptions } from '#lib/my-organisations.ts';
import { requireSession } from '#lib/require-session.ts';
import { paths } from './paths.ts';

/** A route guard of spec 1 §6, as a loader; it reads the user through the app's query cache. */
export type Guard = (args: LoaderFunctionArgs, queryClient: QueryClient) => Promise<null> | null;

/** Admin area: authenticated users who are not PcaOperator (or who act for a practitioner) go to /welcome. */
export const adminGuard: Guard = async (_args, queryClient) => {
  const user = await queryClient.ensureQueryData(currentUserQueryOptions());
  if (!hasRole(user, 'PcaOperator') || user.managingPractitioner) throw redirect(paths.welcome());
  return null;
};

/** Users without an email address are sent to /welcome, where registration asks for one. */
export const emailGuard: Guard = async (_args, queryClient) => {
  const user = await queryClient.ensureQueryData(currentUserQueryOptions());
  if (!user.email) throw redirect(paths.welcome());
  return null;
};

const findNode = (nodes: OrganisationNode[], id: string): OrganisationNode | undefined => {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
};

/** Organisation-manager pages: the `organisationId` query must name an organisation the user manages. */
export const organisationManagerGuard: Guard = async ({ request }, queryClient) => {
  const organisationId = new URL(request.url).searchParams.get('organisationId');
  const { organisations } = await queryClient.ensureQueryData(myOrganisationsQueryOptions());
  const node = organisationId ? findNode(organisations, organisationId) : undefined;
  if (!node?.effectiveRoles.includes('OrganisationManager')) throw redirect(paths.welcome());
  return null;
};

/** Runs requireSession, then each guard in order (the first redirect wins). */
export function guarded(guards: Guard[], queryClient: QueryClient) {
  return async (args: LoaderFunctionArgs) => {
    requireSession(args);
    for (const guard of guards) await guard(args, queryClient);
    return null;
  };
}
