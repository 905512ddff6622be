import type { SessionToken } from '@pca/contracts';
import { INACTIVE_USER_PROBLEM } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import type { IdentityClient } from '#integrations/identity/identity-client.ts';
import { IdentityExchangeError } from '#integrations/identity/oidc-identity-client.ts';
import { appendAudit } from '#platform/audit.ts';
import { ForbiddenError, HttpError } from '#platform/errors.ts';
import { hashToken, pkceChallenge, randomToken } from '#lib/tokens.ts';
import { authRepository } from './repository.ts';

/** How long a started sign-in may take before its state is refused. */
const AUTH_REQUEST_TTL_MS = 10 * 60_000;

export interface AuthServiceDeps {
  db: Database;
  identity: IdentityClient;
  session: { idleMs: number; absoluteMs: number };
  now?: () => Date;
}

/** Sign-in (authorization code + PKCE, server-side sessions) and sign-out. */
export function authService({ db, identity, session, now = () => new Date() }: AuthServiceDeps) {
  const repo = authRepository(db);

  return {
    /**
     * Starts a sign-in: remembers state, nonce and PKCE verifier, and returns the provider URL; with
     * prompt 'login' the provider asks for the sign-in again even while its own session lasts.
     */
    async startSignIn(options: { prompt?: 'login' | undefined } = {}) {
      const state = randomToken();
      const nonce = randomToken();
      const codeVerifier = randomToken(48);
      const at = now();
      await repo.saveAuthRequest({
        state,
        nonce,
        codeVerifier,
        createdAt: at,
        expiresAt: new Date(at.getTime() + AUTH_REQUEST_TTL_MS),
      });
      return identity.authorizationUrl({
        state,
        nonce,
        codeChallenge: pkceChallenge(codeVerifier),
        prompt: options.prompt,
      });
    },

    /** Completes a sign-in: exchanges the code, upserts the user by RA number and opens a session. */
    async completeSignIn(input: {
      code: string;
      state: string;
      requestId: string;
    }): Promise<SessionToken> {
      const at = now();
      const pending = await repo.takeAuthRequest(input.state, at);
      if (!pending) {
        throw new HttpError(
          400,
          'Sign-in expired',
          'This sign-in has expired or was already used. Please log in again.',
          'sign-in-expired',
        );
      }
      let result;
      try {
        result = await identity.exchangeCode({
          ...input,
          codeVerifier: pending.codeVerifier,
          nonce: pending.nonce,
        });
      } catch (error) {
        if (error instanceof IdentityExchangeError) {
          throw new HttpError(
            400,
            'Sign-in failed',
            'The provider-login service did not confirm this sign-in.',
            'sign-in-failed',
            undefined,
            { cause: error },
          );
        }
        throw new HttpError(
          502,
          'Provider unavailable',
          'The provider-login service could not be reached.',
          'identity-unavailable',
        );
      }
      const { claims, idToken } = result;
      const token = randomToken();
      const idleExpiresAt = new Date(
        Math.min(at.getTime() + session.idleMs, at.getTime() + session.absoluteMs),
      );
      const absoluteExpiresAt = new Date(at.getTime() + session.absoluteMs);

      const user = await db.transaction(async (tx) => {
        let row = await repo.findUserByRaNumber(tx, claims.raNumber);
        if (!row) {
          // A first-time identity: the profile stays incomplete until the register-user dialog is done.
          row = await repo.insertUser(tx, {
            raNumber: claims.raNumber,
            givenName: claims.givenName,
            familyName: claims.familyName,
            email: claims.email,
            isProfileComplete: false,
          });
          await appendAudit(tx, {
            actorUserId: row.id,
            action: 'user.created',
            entityType: 'User',
            entityId: row.id,
            changedFields: {
              raNumber: claims.raNumber,
              givenName: claims.givenName,
              familyName: claims.familyName,
            },
            requestId: input.requestId,
          });
        }
        if (!row.isActive) return row;
        // Names come from the provider-login service, which is their source of truth.
        await repo.recordSignIn(tx, row.id, {
          givenName: claims.givenName || row.givenName,
          familyName: claims.familyName || row.familyName,
          lastLoginAt: at,
        });
        const sessionId = await repo.insertSession(tx, {
          tokenHash: hashToken(token),
          userId: row.id,
          createdAt: at,
          lastSeenAt: at,
          idleExpiresAt,
          absoluteExpiresAt,
          idToken,
        });
        await appendAudit(tx, {
          actorUserId: row.id,
          action: 'session.created',
          entityType: 'Session',
          entityId: sessionId,
          requestId: input.requestId,
        });
        return row;
      });
      if (!user.isActive) {
        throw new ForbiddenError('This account has been made inactive.', INACTIVE_USER_PROBLEM);
      }
      return {
        token,
        idleExpiresAt: idleExpiresAt.toISOString(),
        absoluteExpiresAt: absoluteExpiresAt.toISOString(),
      };
    },

    /** Revokes the session and returns where to end the provider's session too. */
    async signOut(input: { sessionId: string; userId: string; requestId: string }) {
      const revoked = await db.transaction(async (tx) => {
        const row = await repo.revokeSession(tx, input.sessionId, now());
        if (row) {
          await appendAudit(tx, {
            actorUserId: input.userId,
            action: 'session.revoked',
            entityType: 'Session',
            entityId: row.id,
            requestId: input.requestId,
          });
        }
        return row;
      });
      return {
        endSessionUrl: await identity.endSessionUrl(revoked?.idToken ?? null).catch(() => null),
      };
    },
  };
}
