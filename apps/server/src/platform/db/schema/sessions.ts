import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { practitioners } from './practitioners.ts';
import { users } from './users.ts';

/** Server-side sessions: the bearer token is stored only as its hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    idleExpiresAt: at('idle_expires_at').notNull(),
    absoluteExpiresAt: at('absolute_expires_at').notNull(),
    revokedAt: at('revoked_at'),
    idToken: text('id_token'),
    // The practitioner a delegate is acting for; set only after the delegation was checked.
    managingPractitionerId: uuid('managing_practitioner_id').references(() => practitioners.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Sign-ins in flight (state, nonce, PKCE verifier), kept in the database so any API process can finish them. */
export const authRequests = pgTable(
  'auth_requests',
  {
    state: text('state').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('auth_requests_expires_at_idx').on(t.expiresAt)],
);
