import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithCore } from '../test-utils/render.tsx';
import { DataTable, type DataTableColumn } from './data-table.tsx';
import { ResponsiveTable } from './table-or-cards.tsx';

type Row = { id: string; name: string; role: string; start: string };
const rows: Row[] = [
  { id: '1', name: 'Alice Nguyen', role: 'General practitioner', start: '1 Mar 2024' },
  { id: '2', name: 'Ben Okafor', role: 'Practice nurse', start: '4 Jun 2025' },
];
const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Practitioner', render: (r) => r.name, sortValue: (r) => r.name },
  { key: 'role', header: 'Role', render: (r) => r.role },
  { key: 'start', header: 'Start date', render: (r) => r.start },
];

/** jsdom applies no media query: both layouts are in the page, CSS shows one. */
function expectCards(label: string) {
  const list = screen.getByRole('list', { name: label });
  const cards = within(list).getAllByRole('listitem');
  expect(cards).toHaveLength(2);
  // Titled by the first column; every other value keeps its column's name.
  expect(cards[0]).toHaveTextContent('Alice Nguyen');
  const terms = within(cards[0]!)
    .getAllByRole('term')
    .map((t) => t.textContent);
  expect(terms).toEqual(['Role', 'Start date']);
  expect(
    within(cards[0]!)
      .getAllByRole('definition')
      .map((d) => d.textContent),
  ).toEqual(['General practitioner', '1 Mar 2024']);
  expect(cards[1]).toHaveTextContent('Practice nurse');
  // The table is there for wider screens.
  expect(screen.getByRole('table', { name: label, hidden: true })).toBeInTheDocument();
}

describe('tables of many columns at phone width (issue 30)', () => {
  it('DataTable with cardsOnPhone lists its rows as cards, in its sort order', () => {
    renderWithCore(
      <DataTable
        caption="Practitioners"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        cardsOnPhone
      />,
    );
    expectCards('Practitioners');
  });

  it('DataTable without it stays a table only', () => {
    renderWithCore(
      <DataTable caption="Opening hours" columns={columns} rows={rows} rowKey={(r) => r.id} />,
    );
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('ResponsiveTable is the table and the cards, with its empty text in both', () => {
    const { unmount } = renderWithCore(
      <ResponsiveTable
        label="Practitioners"
        caption="Practitioners"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
      />,
    );
    expectCards('Practitioners');
    unmount();
    renderWithCore(
      <ResponsiveTable
        label="Practitioners"
        caption="Practitioners"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        emptyText="No practitioners"
      />,
    );
    expect(screen.getAllByText('No practitioners')).toHaveLength(2);
  });
});
