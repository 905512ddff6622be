import { and, count, eq } from 'drizzle-orm';
import type { CapabilityInput } from '@pca/contracts';
import type { AppDeps } from '#app/deps.ts';
import type { Database } from '#db/client.ts';
import { notifications } from '#db/schema/index.ts';
import { loadAccessScope } from '#lib/access.ts';
import type { AuthContext } from '#modules/auth/authenticate.ts';
import { loadCurrentUser } from '#modules/me/service.ts';
import { loadMyOrganisations } from '#modules/organisations/my-organisations.ts';

/** Unread notifications of one practitioner. */
export async function countUnreadNotifications(db: Database, practitionerId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(eq(notifications.practitionerId, practitionerId), eq(notifications.status, 'Unread')),
    );
  return row?.n ?? 0;
}

/** The inputs of the capability rules for the caller (user, participating organisation roots, flags). */
export async function capabilityInputFor(
  deps: Pick<AppDeps, 'db' | 'config'>,
  auth: AuthContext,
): Promise<CapabilityInput> {
  const scope = await loadAccessScope(deps.db, auth.user.id);
  const [user, trees] = await Promise.all([
    loadCurrentUser(deps.db, auth),
    loadMyOrganisations(deps.db, scope),
  ]);
  return {
    user,
    participatingOrganisations: trees
      .filter((o) => o.type === 'ParticipatingOrganisation')
      .map((o) => ({
        status: o.status,
        isPublisher: o.isPublisher,
        publisherApprovalStatus: o.publisherApprovalStatus,
      })),
    config: deps.config.runtime.features,
  };
}
