import type { ManagedPractitioner } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import { ForbiddenError, NotFoundError } from '#platform/errors.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { managingRepository } from './repository.ts';

/** Managing another practitioner (docs/product/rules.md#states): held on the server session, set only after checking the delegation. */
export function managingService(db: Database) {
  const repo = managingRepository(db);

  /**
   * The caller's accepted delegations. The list is the caller's own data, so anyone signed in gets it: someone who is
   * nobody's delegate gets an empty list, which the Managed accounts page shows as its empty message
   * (docs/product/features.md#delegation).
   */
  async function practitionersOf(auth: AuthContext): Promise<ManagedPractitioner[]> {
    return repo.practitionersForDelegate(auth.user.id);
  }

  return {
    practitionersOf,

    /** Starts acting for a practitioner the caller is an Accepted delegate of (403 for non-delegates, 404 for others). */
    async start(
      auth: AuthContext,
      practitionerId: string,
      requestId: string,
    ): Promise<ManagedPractitioner> {
      const list = await practitionersOf(auth);
      // Someone who is nobody's delegate may not manage anyone (403); a delegate naming another practitioner gets 404.
      if (list.length === 0)
        throw new ForbiddenError(
          'Only an approved delegate of a practitioner can manage accounts.',
        );
      const target = list.find((p) => p.id === practitionerId);
      if (!target) throw new NotFoundError('You are not a delegate of that practitioner.');
      await db.transaction(async (tx) => {
        await repo.setManaging(tx, auth.session.id, target.id);
        await appendAudit(tx, {
          actorUserId: auth.user.id,
          actingForPractitionerId: target.id,
          action: 'managing.start',
          entityType: 'session',
          entityId: auth.session.id,
          changedFields: { managingPractitionerId: target.id },
          requestId,
        });
      });
      return target;
    },

    /** Switches back to the caller's own account; a no-op when nobody is being managed. */
    async stop(auth: AuthContext, requestId: string): Promise<void> {
      const previous = auth.session.managingPractitionerId;
      if (!previous) return;
      await db.transaction(async (tx) => {
        await repo.setManaging(tx, auth.session.id, null);
        await appendAudit(tx, {
          actorUserId: auth.user.id,
          actingForPractitionerId: previous,
          action: 'managing.stop',
          entityType: 'session',
          entityId: auth.session.id,
          changedFields: { managingPractitionerId: null },
          requestId,
        });
      });
    },
  };
}
