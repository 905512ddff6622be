import type { FastifyRequest } from 'fastify';
import { capabilitiesOf, type Capabilities, type CapabilityInput } from '@pca/contracts';
import type { AppDeps } from '#app/deps.ts';
import { loadAccessScope, type AccessScope } from '#lib/access.ts';
import { ForbiddenError } from '#lib/errors.ts';
import { requireAuth, type AuthContext } from '#modules/auth/authenticate.ts';
import { loadCurrentUser } from '#modules/me/service.ts';
import { loadMyOrganisations } from '#modules/organisations/my-organisations.ts';

/** The capability rules' inputs for the caller (user, participating organisations, flags) and their scope. */
export async function capabilityInputFor(
  deps: Pick<AppDeps, 'db' | 'config'>,
  auth: AuthContext,
): Promise<{ input: CapabilityInput; scope: AccessScope }> {
  // The user does not depend on the scope, so it loads alongside the scope and the trees built from it.
  const [user, { scope, trees }] = await Promise.all([
    loadCurrentUser(deps.db, auth),
    loadAccessScope(deps.db, auth.user.id).then(async (scope) => ({
      scope,
      trees: await loadMyOrganisations(deps.db, scope),
    })),
  ]);
  const participatingOrganisations = trees
    .filter((o) => o.type === 'ParticipatingOrganisation')
    .map((o) => ({
      status: o.status,
      isPublisher: o.isPublisher,
      publisherApprovalStatus: o.publisherApprovalStatus,
    }));
  return {
    input: { user, participatingOrganisations, config: deps.config.runtime.features },
    scope,
  };
}

/** The caller's capabilities (spec 1 §6), computed by the same pure rules the UI uses. */
export async function capabilitiesFor(
  deps: Pick<AppDeps, 'db' | 'config'>,
  auth: AuthContext,
): Promise<{ capabilities: Capabilities; scope: AccessScope }> {
  const { input, scope } = await capabilityInputFor(deps, auth);
  return { capabilities: capabilitiesOf(input), scope };
}

/** preHandler factory: 403 problem+json unless the caller has the capability. */
export function requireCapability(
  deps: Pick<AppDeps, 'db' | 'config'>,
  capability: keyof Capabilities,
) {
  return async (request: FastifyRequest) => {
    const { capabilities } = await capabilitiesFor(deps, requireAuth(request));
    if (!capabilities[capability]) throw new ForbiddenError();
  };
}
