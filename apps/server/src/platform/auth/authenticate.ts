import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#db/client.ts';
import { eq, sql } from 'drizzle-orm';
import { INACTIVE_USER_PROBLEM } from '@pca/contracts';
import { sessions } from '#db/schema/index.ts';
import { appendAudit } from '#platform/audit.ts';
import { ForbiddenError, UnauthorizedError } from '#platform/errors.ts';
import { hashToken } from '#lib/tokens.ts';
import { committedWritesOf } from '#db/committed-writes.ts';
import { createSessionCache } from './session-cache.ts';
import { sessionContextLookup, type SessionContext } from './session-context.ts';

/**
 * Who is calling, set on the request by `authenticate`: session, user, the current user, effective roles
 * and reachable organisations, read in one statement or taken from the session cache. Guards and
 * handlers take what they need from it and never read the caller again
 * (docs/benchmarks/sql-per-request.md). Cached contexts are frozen: never change one.
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

/** Options of {@link createAuthenticate}. */
export interface AuthenticateOptions {
  /**
   * How long (ms) a caller's context may answer the next requests with the same token without reading
   * the database again (SESSION_CACHE_MS; 0 or absent: every request reads it).
   */
  cacheMs?: number;
}

/**
 * Builds the preHandler that requires a live session (401 problem otherwise). With `cacheMs`, a context
 * read by the session lookup answers the same token's next requests from memory until it is `cacheMs`
 * old or any write is committed (docs/decisions/021-request-context-cache.md); the time rules are still
 * checked on every request, and a request that is due to slide the session reads it again.
 */
export function createAuthenticate(
  db: Database,
  idleMs: number,
  now: () => Date = () => new Date(),
  options: AuthenticateOptions = {},
) {
  const findSessionContext = sessionContextLookup(db);
  const touchEveryMs = touchIntervalMs(idleMs);
  const writes = committedWritesOf(db);
  const cache =
    writes && options.cacheMs && options.cacheMs > 0
      ? createSessionCache(writes, options.cacheMs)
      : null;
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization;
    const match = header ? /^Bearer +([A-Za-z0-9_-]{20,200})$/i.exec(header) : null;
    if (!match) throw new UnauthorizedError();
    const at = now();
    const tokenHash = hashToken(match[1]!);
    const cached = cache?.get(tokenHash, at.getTime());
    if (cached && answersFromMemory(cached.session, at.getTime(), touchEveryMs)) {
      request.auth = cached;
      return;
    }
    // Read before the statement: a write committed while it runs leaves the result uncached.
    const generation = cache ? cache.generation() : null;
    // The same statement slides the session when it was last seen a touch interval ago or more.
    const found = await findSessionContext(tokenHash, at, {
      before: new Date(at.getTime() - touchEveryMs),
      idleMs,
    });
    // An inactive user's sessions stop working at once, not at expiry; deactivating ends them too, and
    // their next request says why, so the page shows the inactive-user page rather than a sign-in that
    // would only be refused (docs/decisions/063-users.md).
    if (!found || !found.user.isActive) {
      cache?.delete(tokenHash);
      if (found ? !found.user.isActive : await ofInactiveUser(db, tokenHash))
        throw new UnauthorizedError('This account has been made inactive.', INACTIVE_USER_PROBLEM);
      throw new UnauthorizedError('Your session has ended. Please log in again.');
    }
    if (found.managingEnded) await endManaging(db, found, request.id);
    request.auth = cache
      ? cache.set(tokenHash, slid(found, at, touchEveryMs, idleMs), generation, at.getTime())
      : found;
  };
}

/** Whether a token that opens nothing is a session of a user who has been made inactive. */
async function ofInactiveUser(db: Database, tokenHash: string) {
  const result = (await db.execute(sql`
    select 1 from sessions s join users u on u.id = s.user_id
     where s.token_hash = ${tokenHash} and not u.is_active`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/**
 * Whether a cached session may answer at `at` without the database: still live by its own expiry times
 * and not yet due to be slid. Past either, the statement decides (another process may have slid it).
 */
function answersFromMemory(session: SessionContext['session'], at: number, touchEveryMs: number) {
  return (
    session.revokedAt === null &&
    at < session.idleExpiresAt.getTime() &&
    at < session.absoluteExpiresAt.getTime() &&
    at - session.lastSeenAt.getTime() < touchEveryMs
  );
}

/**
 * The context with its session as the lookup left it: when the statement slid the session (it was last
 * seen a touch interval ago or more), the row it returned predates the slide, so the cached copy takes the
 * new times the statement wrote, and the next requests are not due again.
 */
function slid(
  context: SessionContext,
  at: Date,
  touchEveryMs: number,
  idleMs: number,
): SessionContext {
  const { session } = context;
  if (at.getTime() - session.lastSeenAt.getTime() < touchEveryMs) return context;
  const idleUntil = Math.min(at.getTime() + idleMs, session.absoluteExpiresAt.getTime());
  return {
    ...context,
    session: { ...session, lastSeenAt: at, idleExpiresAt: new Date(idleUntil) },
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
