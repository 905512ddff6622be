import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '#db/client.ts';
import { emailVerifications } from '#db/schema/index.ts';

/**
 * Records a mailed verification code (its hash) and retires the user's earlier unused ones, so only the
 * newest link works.
 */
export async function issueVerification(
  tx: Transaction,
  values: { userId: string; email: string; codeHash: string; expiresAt: Date },
) {
  await tx
    .update(emailVerifications)
    .set({ usedAt: new Date() })
    .where(and(eq(emailVerifications.userId, values.userId), isNull(emailVerifications.usedAt)));
  await tx.insert(emailVerifications).values(values);
}
