import {
  type UsersQuery,
  type RoleType,
  type UserDetail,
  type UserDelegation,
  type UsersPage,
  usersCountLimit,
} from '@pca/contracts';
import type { z } from 'zod';
import type { Database } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import { ConflictError, NotFoundError } from '#platform/errors.ts';
import { itemOf } from '#platform/audit-present.ts';
import { usersRepository, type UserListRow } from './repository.ts';

/** Audit events a user's page shows. */
const RECENT_EVENTS = 20;

const itemOfRow = (r: UserListRow) => ({
  id: r.id,
  raNumber: r.ra_number,
  givenName: r.given_name,
  familyName: r.family_name,
  email: r.email,
  isActive: r.is_active,
  lastLoginAt: r.last_login_at,
});

/**
 * The operator's users (docs/decisions/063-users.md): search, one user's page, and deactivating or
 * reactivating an account with a reason — each change one transaction with its audit events.
 */
export function usersService(db: Database) {
  const repo = usersRepository(db);

  async function existing(id: string) {
    const user = await repo.user(id);
    if (!user) throw new NotFoundError('The user does not exist.');
    return user;
  }

  return {
    /**
     * Makes the person with this RA number an operator, from the command line
     * (`npm run operator:grant`, docs/decisions/097-production-starts-empty.md): a production database starts
     * with none, and only an operator's own account can be given the role. They must have signed in once, so
     * the account is theirs. Audited as done by no user. 'no-user' when nobody has that RA number.
     */
    async grantOperator(raNumber: string): Promise<'granted' | 'already-operator' | 'no-user'> {
      return db.transaction(async (tx) => {
        const row = await repo.grantOperator(tx, raNumber);
        if (!row.user_id) return 'no-user';
        if (row.had) return 'already-operator';
        await appendAudit(tx, {
          actorUserId: null,
          action: 'user.role-granted',
          entityType: 'user',
          entityId: row.user_id,
          changedFields: { roleType: 'PcaOperator', source: 'npm run operator:grant' },
        });
        return 'granted';
      });
    },

    async list(query: z.output<typeof UsersQuery>): Promise<UsersPage> {
      const { rows, total } = await repo.page(query);
      return {
        items: rows.map(itemOfRow),
        page: query.page,
        pageSize: query.pageSize,
        total: Math.min(total, usersCountLimit),
        totalIsCapped: total > usersCountLimit,
      };
    },

    async detail(id: string): Promise<UserDetail> {
      const user = await existing(id);
      const [roles, delegations, events] = await Promise.all([
        repo.roles(id),
        repo.delegations(id, user.practitioner_id),
        repo.auditEvents(id, user.practitioner_id, RECENT_EVENTS),
      ]);
      return {
        user: {
          ...itemOfRow(user),
          phone: user.phone,
          createdAt: user.created_at,
          isOperator: roles.some((r) => r.role_type === 'PcaOperator'),
        },
        roles: roles.map((r) => ({
          roleType: r.role_type as RoleType,
          organisation:
            r.organisation_id && r.organisation_name
              ? { id: r.organisation_id, name: r.organisation_name }
              : null,
          healthcareService:
            r.service_id && r.service_name ? { id: r.service_id, name: r.service_name } : null,
        })),
        delegations: delegations.map((d) => ({
          id: d.id,
          direction: d.direction,
          person: d.person,
          status: d.status as UserDelegation['status'],
          lastUpdated: d.last_updated,
        })),
        auditEvents: events.map(itemOf),
      };
    },

    /**
     * Deactivates a user: the account, every live session (the session caches drop them with the
     * commit, docs/decisions/021-request-context-cache.md) and their live delegations end, with the
     * reason audited, in one transaction.
     */
    async deactivate(operatorId: string, id: string, reason: string, requestId: string) {
      if (id === operatorId) throw new ConflictError('You cannot deactivate your own account.');
      const user = await existing(id);
      await db.transaction(async (tx) => {
        if (!(await repo.setActive(tx, id, false)))
          throw new ConflictError('This user is already inactive.');
        const sessionsEnded = await repo.revokeSessions(tx, id);
        const ended = await repo.endDelegations(tx, id, user.ra_number, user.practitioner_id);
        await appendAudit(tx, {
          actorUserId: operatorId,
          action: 'user.deactivated',
          entityType: 'User',
          entityId: id,
          subjectPractitionerId: user.practitioner_id,
          changedFields: {
            isActive: { from: true, to: false },
            reason,
            sessionsEnded,
            delegationsEnded: ended.length,
          },
          requestId,
        });
        for (const d of ended)
          await appendAudit(tx, {
            actorUserId: operatorId,
            action: d.status === 'Stopped' ? 'delegation.stop' : 'delegation.cancel',
            entityType: 'delegation',
            entityId: d.id,
            changedFields: { status: d.status, reason: 'A user of the delegation was deactivated' },
            requestId,
          });
      });
    },

    /** Reactivates a user: they may sign in again. Ended sessions and delegations stay ended. */
    async reactivate(operatorId: string, id: string, reason: string, requestId: string) {
      const user = await existing(id);
      await db.transaction(async (tx) => {
        if (!(await repo.setActive(tx, id, true)))
          throw new ConflictError('This user is already active.');
        await appendAudit(tx, {
          actorUserId: operatorId,
          action: 'user.reactivated',
          entityType: 'User',
          entityId: id,
          subjectPractitionerId: user.practitioner_id,
          changedFields: { isActive: { from: false, to: true }, reason },
          requestId,
        });
      });
    },
  };
}
