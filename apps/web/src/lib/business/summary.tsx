import type { ReactNode } from 'react';
import type { EntityContactView } from '@pca/contracts';
import {
  SummaryListItem,
  SummaryListItemDescription,
  SummaryListItemTerm,
} from '@pca/ui/primitives/summary-list.ts';

/** A summary value, or "Not provided" when empty. */
export const notProvided = (value: string | null) => value || 'Not provided';

/** "73947541005" → "73 947 541 005", as ABNs are printed (other values unchanged). */
export const formatAbn = (abn: string | null) =>
  abn && /^\d{11}$/.test(abn) ? abn.replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4') : abn;

/** One term and its description in a SummaryList. */
export function SummaryItem({ term, children }: { term: string; children: ReactNode }) {
  return (
    <SummaryListItem>
      <SummaryListItemTerm>{term}</SummaryListItemTerm>
      <SummaryListItemDescription>{children}</SummaryListItemDescription>
    </SummaryListItem>
  );
}

/** A location's or healthcare service's contact details and publish flags, as summary items. */
export function ContactSummaryItems({ contact: c }: { contact: EntityContactView }) {
  return (
    <>
      <SummaryItem term="Phone">{notProvided(c.phone)}</SummaryItem>
      <SummaryItem term="After-hours phone">{notProvided(c.afterHoursPhone)}</SummaryItem>
      <SummaryItem term="Email">{notProvided(c.email)}</SummaryItem>
      <SummaryItem term="Fax">{notProvided(c.fax)}</SummaryItem>
      <SummaryItem term="Website">{notProvided(c.website)}</SummaryItem>
      <SummaryItem term="Publish phone numbers">
        {c.suppressPhone ? 'No (suppressed)' : 'Yes'}
      </SummaryItem>
      <SummaryItem term="Publish email">{c.suppressEmail ? 'No (suppressed)' : 'Yes'}</SummaryItem>
    </>
  );
}
