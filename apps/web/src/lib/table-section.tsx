import { DataTable, type DataTableColumn } from '@pca/ui';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H2 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';

/** Props of TableSection. */
export type TableSectionProps<T> = {
  /** The section's heading. */
  heading: string;
  /** The heading's id; given, a page can move focus to the heading (e.g. once its last row is removed). */
  headingId?: string;
  /** What to say when there are no rows. */
  empty: string;
  /** The table's caption (its accessible name). */
  caption: string;
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
};

/**
 * A headed section listing rows in a paged table, twenty to a page, as cards at phone width (issue 30: these
 * tables are too wide for a phone), or a sentence when there are none.
 */
export function TableSection<T>({
  heading,
  headingId,
  empty,
  caption,
  columns,
  rows,
  rowKey,
}: TableSectionProps<T>) {
  return (
    <Stack gap={1}>
      <H2 id={headingId} tabIndex={headingId ? -1 : undefined}>
        {heading}
      </H2>
      {rows.length === 0 ? (
        <Text as="p">{empty}</Text>
      ) : (
        <DataTable
          caption={caption}
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          pageSize={20}
          cardsOnPhone
        />
      )}
    </Stack>
  );
}
