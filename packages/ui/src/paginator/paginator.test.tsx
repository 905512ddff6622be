import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { Paginator, itemRangeText } from './paginator.tsx';

function Harness() {
  const [page, setPage] = useState(1);
  return (
    <>
      <p>Page {page}</p>
      <Paginator page={page} totalPages={3} onPageChange={setPage} label="Results pages" />
    </>
  );
}

describe('Paginator', () => {
  it('is a named navigation whose buttons change the page', async () => {
    const user = userEvent.setup();
    renderWithCore(<Harness />);
    expect(screen.getByRole('navigation', { name: 'Results pages' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /3/ }));
    expect(screen.getByText('Page 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /3/ })).toHaveAttribute('aria-current', 'page');
  });

  it('renders nothing for a single page', () => {
    renderWithCore(<Paginator page={1} totalPages={1} onPageChange={() => undefined} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('itemRangeText', () => {
  it('describes the visible slice', () => {
    expect(itemRangeText(1, 5, 12)).toBe('Showing 1–5 of 12 items');
    expect(itemRangeText(3, 5, 12)).toBe('Showing 11–12 of 12 items');
    expect(itemRangeText(1, 5, 0, 'rows')).toBe('No rows');
  });

  it('counts one of them in the singular', () => {
    expect(itemRangeText(1, 20, 1, 'users')).toBe('Showing 1–1 of 1 user');
    expect(itemRangeText(1, 20, 1, 'entities')).toBe('Showing 1–1 of 1 entity');
    expect(itemRangeText(1, 20, 2, 'entities')).toBe('Showing 1–2 of 2 entities');
  });
});
