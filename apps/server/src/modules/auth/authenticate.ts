import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#db/client.ts';
import { eq } from 'drizzle-orm';
import { sessions } from '#db/schema/index.ts';
import { appendAudit } from '#lib/audit.ts';
import { ForbiddenError, UnauthorizedError } from '#lib/errors.ts';
import { hashToken } from '#lib/tokens.ts';
import { sessionContextLookup, type SessionContext } from './session-context.ts';

/**
 * Who is calling, set on the request by `authenticate`: session, user, the current user, effective roles
 * and reachable organisations, read in one statement. Guards and handlers take what they need from it
 * and never read the caller again (docs/benchmarks/sql-per-request.md).
 */
export type AuthContext = SessionContext;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * Touching the session on every request would be a write per read, so it is touched only once a
 * quarter of the idle window (or a minute, whichever is shorter) has passed: an active session then
 * always has at least three quarters of its window left, whatever the idle setting.
 */
export function touchIntervalMs(idleMs: number) {
  return Math.min(60_000, Math.floor(idleMs / 4));
}

/** Builds the preHandler that requires a live session (401 problem otherwise). */
export function createAuthenticate(
  db: Database,
  idleMs: number,
  now: () => Date = () => new Date(),
) {
  const findSessionContext = sessionContextLookup(db);
  const touchEveryMs = touchIntervalMs(idleMs);
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization;
    const match = header ? /^Bearer +([A-Za-z0-9_-]{20,200})$/i.exec(header) : null;
    if (!match) throw new UnauthorizedError();
    const at = now();
    // The same statement slides the session when it was last seen a touch interval ago or more.
    const found = await findSessionContext(hashToken(match[1]!), at, {
      before: new Date(at.getTime() - touchEveryMs),
      idleMs,
    });
    // An inactive user's sessions stop working at once, not at expiry.
    if (!found || !found.user.isActive)
      throw new UnauthorizedError('Your session has ended. Please log in again.');
    if (found.managingEnded) await endManaging(db, found, request.id);
    request.auth = found;
  };
}

/** The caller's context inside a handler behind `authenticate`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}

/** Problem type of a request refused because the practitioner it acted for stopped the delegation. */
export const managingEndedProblemType = 'managing-ended';

/**
 * The practitioner this session acted for stopped the delegation: the session stops acting for them (so
 * the delegate's next request is their own again) and this request, made on the practitioner's behalf,
 * is refused (docs/decisions/020-delegation.md).
 */
async function endManaging(db: Database, context: SessionContext, requestId: string) {
  const ended = context.managingEnded!;
  await db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ managingPractitionerId: null })
      .where(eq(sessions.id, context.session.id));
    await appendAudit(tx, {
      actorUserId: context.user.id,
      actingForPractitionerId: ended.id,
      action: 'managing.ended',
      entityType: 'session',
      entityId: context.session.id,
      changedFields: { managingPractitionerId: null, reason: 'delegation no longer active' },
      requestId,
    });
  });
  throw new ForbiddenError(
    `${ended.givenName} ${ended.familyName} has stopped your delegation. You are back in your own account.`,
    managingEndedProblemType,
  );
}
