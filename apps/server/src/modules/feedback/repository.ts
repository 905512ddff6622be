import type { Transaction } from '#db/client.ts';
import { feedback } from '#db/schema/index.ts';

/** Feedback's one write: a new row (docs/decisions/062-feedback.md). */
export async function insertFeedback(tx: Transaction, values: typeof feedback.$inferInsert) {
  const [row] = await tx.insert(feedback).values(values).returning({ id: feedback.id });
  return row!.id;
}
