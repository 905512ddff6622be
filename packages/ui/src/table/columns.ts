import type { ReactNode } from 'react';
import type { SortValue } from './sort.ts';

// The column type lives apart from DataTable so that the table and its phone-width cards
// (table-or-cards.tsx) both use it without importing each other.

/** A table column. */
export type DataTableColumn<T> = {
  /** Unique key of the column. */
  key: string;
  /** Header text. */
  header: string;
  /** Cell content. */
  render: (row: T) => ReactNode;
  /** When given, the column is sortable by this value. */
  sortValue?: (row: T) => SortValue;
  /** Text alignment (numbers right). */
  textAlign?: 'left' | 'center' | 'right';
};
