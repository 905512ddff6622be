import type { ManagedPractitioner } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { appendAudit } from '#lib/audit.ts';
import { ForbiddenError, NotFoundError } from '#lib/errors.ts';
import type { AuthContext } from '#modules/auth/authenticate.ts';
import { managingRepository } from './repository.ts';

/** Managing another practitioner (docs/product/rules.md#states): held on the server session, set only after checking the delegation. */
export function managingService(db: Database) {
  const repo = managingRepository(db);

  /** The caller's accepted delegations; 403 when they are nobody's approved delegate. */
  async function practitionersOf(auth: AuthContext): Promise<ManagedPractitioner[]> {
    const list = await repo.practitionersForDelegate(auth.user.id);
    if (list.length === 0)
      throw new ForbiddenError('Only an approved delegate of a practitioner can manage accounts.');
    return list;
  }

  return {
    practitionersOf,

    /** Starts acting for a practitioner the caller is an Accepted delegate of (404 for anyone else). */
    async start(
      auth: AuthContext,
      practitionerId: string,
      requestId: string,
    ): Promise<ManagedPractitioner> {
      const target = (await practitionersOf(auth)).find((p) => p.id === practitionerId);
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
