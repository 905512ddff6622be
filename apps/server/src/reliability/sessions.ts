import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { sessions, users } from '#db/schema/index.ts';
import { hashToken, randomToken } from '#lib/tokens.ts';

/**
 * Opens a session for an existing user straight in the database, as sign-in would (same token hashing,
 * same expiry columns): for identities the real flow refuses (an inactive user), for operations that
 * change or end the session they are called with, and for sessions managing a practitioner.
 */
export async function openSessionFor(
  db: Database,
  raNumber: string,
  idleMs = 30 * 60_000,
  managingPractitionerId: string | null = null,
) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.raNumber, raNumber))
    .limit(1);
  if (!user) throw new Error(`no user with RA number ${raNumber}`);
  const token = randomToken();
  const now = Date.now();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    lastSeenAt: new Date(now),
    idleExpiresAt: new Date(now + idleMs),
    absoluteExpiresAt: new Date(now + 12 * 3_600_000),
    // A session acting for a practitioner, as `PUT /api/managing` leaves it (the delegation is checked
    // on every request by the session lookup, as for any session).
    managingPractitionerId,
  });
  return token;
}
