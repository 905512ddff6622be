import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { delegationConsentTexts, delegationConsents, delegations } from '#db/schema/index.ts';

/**
 * Whether the delegate's Accepted delegation from the practitioner carries a consent whose text includes the
 * given item of delegateConsentList (packages/contracts) — what lets a delegate act on that item for the
 * practitioner (docs/decisions/058-bank-account.md, docs/product/publishing.md#personal-contact-requests).
 */
export async function delegateHasConsent(
  tx: Database | Transaction,
  delegateUserId: string,
  practitionerId: string,
  consentItem: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: delegations.id })
    .from(delegations)
    .innerJoin(delegationConsents, eq(delegationConsents.delegationId, delegations.id))
    .innerJoin(
      delegationConsentTexts,
      eq(delegationConsentTexts.version, delegationConsents.consentVersion),
    )
    .where(
      and(
        eq(delegations.delegateUserId, delegateUserId),
        eq(delegations.practitionerId, practitionerId),
        eq(delegations.status, 'Accepted'),
        sql`${delegationConsentTexts.items} @> ${JSON.stringify([consentItem])}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
