import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#db/client.ts';
import { UnauthorizedError } from '#lib/errors.ts';
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
    request.auth = found;
  };
}

/** The caller's context inside a handler behind `authenticate`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}
