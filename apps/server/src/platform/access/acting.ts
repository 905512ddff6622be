import type { AuthContext } from '#platform/auth/authenticate.ts';

/**
 * Whose practitioner record a write acts on: the caller's own, or the one they manage as a delegate
 * (docs/decisions/020-delegation.md).
 */
export interface Acting {
  practitionerId: string;
  managing: boolean;
}

/**
 * The audit fields of writes to one kind of a practitioner's own data: the caller as actor and, when
 * managing, the practitioner they act for (docs/decisions/020-delegation.md: actor and acting-for).
 */
export const actingAudit =
  (entityType: string) => (auth: AuthContext, acting: Acting, requestId: string) => ({
    actorUserId: auth.user.id,
    actingForPractitionerId: acting.managing ? acting.practitionerId : null,
    entityType,
    requestId,
  });
