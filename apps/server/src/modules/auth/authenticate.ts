import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#db/client.ts';
import { UnauthorizedError } from '#lib/errors.ts';
import { hashToken } from '#lib/tokens.ts';
import { authRepository, type SessionRow, type UserRow } from './repository.ts';

/** Who is calling: set on the request by `authenticate`. */
export interface AuthContext {
  session: SessionRow;
  user: UserRow;
}

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
  const repo = authRepository(db);
  const touchEveryMs = touchIntervalMs(idleMs);
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization;
    const match = header ? /^Bearer +([A-Za-z0-9_-]{20,200})$/i.exec(header) : null;
    if (!match) throw new UnauthorizedError();
    const at = now();
    const found = await repo.findLiveSession(hashToken(match[1]!), at);
    // An inactive user's sessions stop working at once, not at expiry.
    if (!found || !found.user.isActive)
      throw new UnauthorizedError('Your session has ended. Please log in again.');
    if (at.getTime() - found.session.lastSeenAt.getTime() >= touchEveryMs) {
      await repo.touchSession(found.session.id, at, idleMs);
    }
    request.auth = found;
  };
}

/** The caller's context inside a handler behind `authenticate`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}
