import type { FastifyRequest } from 'fastify';
import {
  capabilitiesOf,
  capabilityInputOf,
  type Capabilities,
  type CapabilityInput,
  type OrganisationNode,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import type { AccessScope } from '#platform/access/scope.ts';
import { ForbiddenError } from '#platform/errors.ts';
import { requireAuth, type AuthContext } from '#platform/auth/authenticate.ts';
import { organisationTrees } from '#platform/access/organisation-trees.ts';

/** What the caller may do, derived from what `authenticate` read (no further database reads). */
export interface RequestAccess {
  /** The capability rules' inputs: user, participating organisations, flags. */
  input: CapabilityInput;
  /** The caller's capabilities (docs/product/rules.md#permissions), by the same pure rules the UI uses. */
  capabilities: Capabilities;
  /** Effective roles. */
  scope: AccessScope;
  /** The caller's organisation trees. */
  trees: OrganisationNode[];
}

// One entry per request's AuthContext: the capability input is computed once per request however many
// guards and handlers ask, and goes away with the request.
const computed = new WeakMap<AuthContext, RequestAccess>();

/** The caller's access, computed once per request from the session context. */
export function accessOf(deps: Pick<AppDeps, 'config'>, auth: AuthContext): RequestAccess {
  const known = computed.get(auth);
  if (known) return known;
  const trees = organisationTrees(auth.organisations, auth.scope);
  const input = capabilityInputOf(auth.currentUser, trees, deps.config.runtime.features);
  const access = { input, capabilities: capabilitiesOf(input), scope: auth.scope, trees };
  computed.set(auth, access);
  return access;
}

/** preHandler factory: 403 problem+json unless the caller has the capability. */
export function requireCapability(deps: Pick<AppDeps, 'config'>, capability: keyof Capabilities) {
  return async (request: FastifyRequest) => {
    if (!accessOf(deps, requireAuth(request)).capabilities[capability]) throw new ForbiddenError();
  };
}

/**
 * 403 problem+json while the session manages a practitioner: an action of the caller's own account (a
 * business of their own, say) waits until they switch back, so it is never taken, or audited, as if for
 * the practitioner (docs/decisions/055-hpii-lookup-and-managing-powers.md).
 */
export function requireOwnAccount(auth: AuthContext, message: string) {
  if (auth.currentUser.managingPractitioner) throw new ForbiddenError(message);
}
