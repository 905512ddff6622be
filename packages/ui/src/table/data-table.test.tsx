import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { DataTable, type DataTableColumn } from './data-table.tsx';
import { sortRows } from './sort.ts';

type Row = { id: string; day: string; isAllDay: boolean; start: string | null };
const rows: Row[] = [
  { id: '1', day: 'Monday', isAllDay: false, start: '08:00' },
  { id: '2', day: 'Tuesday', isAllDay: true, start: null },
  { id: '3', day: 'Wednesday', isAllDay: false, start: '07:30' },
  { id: '4', day: 'Thursday', isAllDay: false, start: '09:00' },
  { id: '5', day: 'Friday', isAllDay: false, start: '08:30' },
  { id: '6', day: 'Saturday', isAllDay: false, start: '10:00' },
  { id: '7', day: 'Sunday', isAllDay: true, start: null },
];
const columns: DataTableColumn<Row>[] = [
  { key: 'day', header: 'Day', render: (r) => r.day, sortValue: (r) => r.day },
  { key: 'start', header: 'Opens', render: (r) => r.start ?? 'All day', sortValue: (r) => r.start },
];

/** The seven opening-hours rows, five to a page. */
const renderOpeningHours = () =>
  renderWithCore(
    <DataTable
      caption="Opening hours"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      pageSize={5}
    />,
  );

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');

describe('DataTable', () => {
  it('has a caption and shows one page of rows', () => {
    renderOpeningHours();
    expect(screen.getByRole('table', { name: 'Opening hours' })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('Showing 1–5 of 7 items')).toBeInTheDocument();
  });

  it('sorts by a column with aria-sort, toggling direction', async () => {
    const user = userEvent.setup();
    renderOpeningHours();
    await user.click(screen.getByRole('button', { name: /Opens/ }));
    expect(screen.getByRole('columnheader', { name: /Opens/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(bodyRows()[0]).toHaveTextContent('Wednesday');
    await user.click(screen.getByRole('button', { name: /Opens/ }));
    expect(screen.getByRole('columnheader', { name: /Opens/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(bodyRows()[0]).toHaveTextContent('Saturday');
  });

  it('pages with the paginator', async () => {
    const user = userEvent.setup();
    renderOpeningHours();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(bodyRows()).toHaveLength(2);
    expect(bodyRows()[0]).toHaveTextContent('Saturday');
  });

  it('shows the empty text when there are no rows', () => {
    renderWithCore(
      <DataTable
        caption="Empty"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        emptyText="No opening hours"
      />,
    );
    expect(screen.getByText('No opening hours')).toBeInTheDocument();
  });
});

describe('sortRows', () => {
  it('keeps nulls last in both directions and is stable', () => {
    const asc = sortRows(rows, (r) => r.start, 'ascending').map((r) => r.id);
    const desc = sortRows(rows, (r) => r.start, 'descending').map((r) => r.id);
    expect(asc).toEqual(['3', '1', '5', '4', '6', '2', '7']);
    expect(desc).toEqual(['6', '4', '5', '1', '3', '2', '7']);
  });
});
