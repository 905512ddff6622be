import { PaginationButtons } from '@ag.ds-next/react/pagination';

/** Props of Paginator. */
export type PaginatorProps = {
  /** Current page, starting at 1. */
  page: number;
  /** Number of pages. */
  totalPages: number;
  /** Called with the chosen page. */
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label?: string;
  /** Text such as "Showing 1–5 of 12 items". */
  itemRangeText?: string;
};

/** Page buttons (Previous, numbers, Next) in a navigation landmark (AgDS PaginationButtons). */
export function Paginator({
  page,
  totalPages,
  onPageChange,
  label = 'Pagination',
  itemRangeText,
}: PaginatorProps) {
  if (totalPages <= 1) return null;
  return (
    <PaginationButtons
      aria-label={label}
      currentPage={page}
      totalPages={totalPages}
      onChange={onPageChange}
      itemRangeText={itemRangeText}
    />
  );
}

/** "Showing 6–10 of 12 items" for a page of a list. */
export function itemRangeText(
  page: number,
  pageSize: number,
  total: number,
  noun = 'items',
): string {
  if (total === 0) return `No ${noun}`;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  // One of them is singular: "of 1 user", "of 1 entity" (every noun passed is a regular plural).
  const counted = total === 1 ? noun.replace(/ies$/, 'y').replace(/s$/, '') : noun;
  return `Showing ${first}–${last} of ${total} ${counted}`;
}
