import { useMemo, useState } from 'react';
import {
  Table,
  TableCaption,
  TableHead,
  TableHeader,
  TableHeaderSortable,
  TableRow,
  TableWrapper,
} from '@ag.ds-next/react/table';
import { Stack } from '@ag.ds-next/react/stack';
import { Paginator, itemRangeText } from '../paginator/paginator.tsx';
import { sortRows, type SortDirection } from './sort.ts';
import { DataTableBody, RowCards, TableOrCards } from './table-or-cards.tsx';
import type { DataTableColumn } from './columns.ts';

export type { DataTableColumn } from './columns.ts';

/** Props of DataTable. */
export type DataTableProps<T> = {
  /** Table caption (its accessible name). */
  caption: string;
  /** Columns. */
  columns: DataTableColumn<T>[];
  /** All rows (the table pages them). */
  rows: readonly T[];
  /** Stable key of a row. */
  rowKey: (row: T) => string;
  /** Rows per page; all rows on one page when omitted. */
  pageSize?: number;
  /** Initial sort. */
  initialSort?: { key: string; direction: SortDirection };
  /** Shown in a single row when there are no rows. */
  emptyText?: string;
  /**
   * Below the md breakpoint the rows are cards (RowCards), for tables of many columns (issue 30); sorting
   * is the table's, so a phone shows the rows in the order last chosen.
   */
  cardsOnPhone?: boolean;
};

/** A sortable, paginated table (AgDS Table, TableHeaderSortable, PaginationButtons). */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  pageSize,
  initialSort,
  emptyText = 'No results',
  cardsOnPhone = false,
}: DataTableProps<T>) {
  const [sort, setSort] = useState(initialSort);
  const [page, setPage] = useState(1);

  const sorted = useMemo(() => {
    const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
    return column?.sortValue && sort ? sortRows(rows, column.sortValue, sort.direction) : [...rows];
  }, [rows, columns, sort]);

  const size = pageSize ?? Math.max(1, sorted.length);
  const totalPages = Math.max(1, Math.ceil(sorted.length / size));
  const current = Math.min(page, totalPages);
  const visible = sorted.slice((current - 1) * size, current * size);

  const toggleSort = (key: string) => {
    setSort((prev) =>
      prev?.key === key
        ? { key, direction: prev.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: 'ascending' },
    );
    setPage(1);
  };

  const table = (
    <TableWrapper>
      <Table>
        <TableCaption>{caption}</TableCaption>
        <TableHead>
          <TableRow>
            {columns.map((column) =>
              column.sortValue ? (
                <TableHeaderSortable
                  key={column.key}
                  textAlign={column.textAlign}
                  sort={
                    sort?.key === column.key
                      ? sort.direction === 'ascending'
                        ? 'ASC'
                        : 'DESC'
                      : undefined
                  }
                  onClick={() => toggleSort(column.key)}
                >
                  {column.header}
                </TableHeaderSortable>
              ) : (
                <TableHeader key={column.key} scope="col" textAlign={column.textAlign}>
                  {column.header}
                </TableHeader>
              ),
            )}
          </TableRow>
        </TableHead>
        <DataTableBody columns={columns} rows={visible} rowKey={rowKey} emptyText={emptyText} />
      </Table>
    </TableWrapper>
  );

  return (
    <Stack gap={1}>
      {cardsOnPhone ? (
        <TableOrCards
          table={table}
          cards={
            <RowCards
              label={caption}
              columns={columns}
              rows={visible}
              rowKey={rowKey}
              emptyText={emptyText}
            />
          }
        />
      ) : (
        table
      )}
      {pageSize ? (
        <Paginator
          page={current}
          totalPages={totalPages}
          onPageChange={setPage}
          label={`${caption} pages`}
          itemRangeText={itemRangeText(current, size, sorted.length)}
        />
      ) : null}
    </Stack>
  );
}
