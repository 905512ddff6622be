import type { ReactNode } from 'react';
import { Box } from '@ag.ds-next/react/box';
import { Stack } from '@ag.ds-next/react/stack';
import { Text } from '@ag.ds-next/react/text';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableWrapper,
} from '@ag.ds-next/react/table';
import type { DataTableColumn } from './columns.ts';

/** Props of RowCards. */
export type RowCardsProps<T> = {
  /** The list's accessible name: the table's caption. */
  label: string;
  /** The table's columns: the first is each card's title, the others its labelled lines. */
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Shown instead of the list when there are no rows. */
  emptyText?: string;
};

/**
 * A table's rows as cards, for a phone: six or seven columns do not fit 390 px, and a table scrolled
 * sideways hides most of each row. Each row is a list item titled by its first column, the other columns
 * a description list of header and value, so every value keeps its name (issue 30).
 */
export function RowCards<T>({ label, columns, rows, rowKey, emptyText }: RowCardsProps<T>) {
  const [title, ...rest] = columns;
  if (rows.length === 0) return emptyText ? <Text as="p">{emptyText}</Text> : null;
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rows.map((row) => (
        <li
          key={rowKey(row)}
          data-testid="row-card"
          style={{ borderTop: '1px solid #bdbdbd', padding: '1rem 0' }}
        >
          <Stack gap={0.5} alignItems="flex-start">
            {title ? (
              <Text as="div" fontWeight="bold">
                {title.render(row)}
              </Text>
            ) : null}
            <dl style={{ margin: 0, display: 'grid', gap: '0.25rem', width: '100%' }}>
              {rest.map((column) => (
                <div key={column.key} style={{ minWidth: 0 }}>
                  <Text as="dt" fontSize="sm" color="muted">
                    {column.header}
                  </Text>
                  <Text as="dd" style={{ margin: 0, overflowWrap: 'anywhere' }}>
                    {column.render(row)}
                  </Text>
                </div>
              ))}
            </dl>
          </Stack>
        </li>
      ))}
    </ul>
  );
}

/**
 * The table at tablet width and wider, its rows as cards below it (the md breakpoint, 768 px). Both are in
 * the page; CSS shows one, so nothing moves or reloads when the width changes.
 */
export function TableOrCards({ table, cards }: { table: ReactNode; cards: ReactNode }) {
  return (
    <>
      <Box display={{ xs: 'block', md: 'none' }}>{cards}</Box>
      <Box display={{ xs: 'none', md: 'block' }}>{table}</Box>
    </>
  );
}

/** Props of ResponsiveTable. */
export type ResponsiveTableProps<T> = RowCardsProps<T> & {
  /** The caption, visually hidden when false is given to showCaption. */
  caption: ReactNode;
  striped?: boolean;
};

/**
 * A plain table (no sorting or paging of its own: the page pages it) that becomes cards at phone width,
 * for lists of many columns: the delegates, a practitioner's service offerings.
 */
export function ResponsiveTable<T>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  emptyText,
  striped,
}: ResponsiveTableProps<T>) {
  return (
    <TableOrCards
      cards={
        <RowCards
          label={label}
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          emptyText={emptyText}
        />
      }
      table={
        <TableWrapper>
          <Table striped={striped}>
            <TableCaption>{caption}</TableCaption>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableHeader key={column.key} scope="col" textAlign={column.textAlign}>
                    {column.header}
                  </TableHeader>
                ))}
              </TableRow>
            </TableHead>
            <DataTableBody columns={columns} rows={rows} rowKey={rowKey} emptyText={emptyText} />
          </Table>
        </TableWrapper>
      }
    />
  );
}

/** A table's rows, one cell per column, or one row saying `emptyText` when there are none (and it is given). */
export function DataTableBody<T>({
  columns,
  rows,
  rowKey,
  emptyText,
}: {
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  emptyText?: ReactNode;
}) {
  return (
    <TableBody>
      {rows.length === 0 && emptyText ? (
        <TableRow>
          <TableCell colSpan={columns.length}>{emptyText}</TableCell>
        </TableRow>
      ) : (
        rows.map((row) => (
          <TableRow key={rowKey(row)}>
            {columns.map((column) => (
              <TableCell key={column.key} textAlign={column.textAlign}>
                {column.render(row)}
              </TableCell>
            ))}
          </TableRow>
        ))
      )}
    </TableBody>
  );
}
