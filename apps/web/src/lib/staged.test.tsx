import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { Staged, useStagedCount } from './staged.tsx';

/** Records, commit by commit, what was on screen (a layout effect runs in the commit that shows it). */
function Committed({ log, name }: { log: string[]; name: string }) {
  useLayoutEffect(() => {
    log.push(name);
  });
  return <p>{name}</p>;
}

describe('Staged', () => {
  it('commits the placeholder first and the children in a later commit of their own', async () => {
    const log: string[] = [];
    render(
      <Staged placeholder={<Committed log={log} name="placeholder" />}>
        <Committed log={log} name="content" />
      </Staged>,
    );
    expect(await screen.findByText('content')).toBeInTheDocument();
    expect(screen.queryByText('placeholder')).not.toBeInTheDocument();
    // Mounted together, the content would have been in the first commit and the placeholder never shown.
    expect(log).toEqual(['placeholder', 'content']);
  });
});

function List({ count, log }: { count: number; log: number[] }) {
  const shown = useStagedCount(count, 5);
  useLayoutEffect(() => {
    log.push(shown);
  });
  return (
    <ul>
      {Array.from({ length: shown }, (_, i) => (
        <li key={i}>row {i + 1}</li>
      ))}
    </ul>
  );
}

describe('useStagedCount', () => {
  it('commits the first rows with the list, then as many more in each following commit', async () => {
    const log: number[] = [];
    render(<List count={18} log={log} />);
    expect(await screen.findByText('row 18')).toBeInTheDocument();
    expect(log).toEqual([5, 10, 15, 18]);
  });

  it('a list that grows goes on from the rows shown; one of the same length shows whole at once', async () => {
    const log: number[] = [];
    const { rerender } = render(<List count={6} log={log} />);
    expect(await screen.findByText('row 6')).toBeInTheDocument();
    rerender(<List count={20} log={log} />);
    expect(await screen.findByText('row 20')).toBeInTheDocument();
    expect(log).toEqual([5, 6, 6, 11, 16, 20]);
    log.length = 0;
    rerender(<List count={20} log={log} />);
    expect(log).toEqual([20]);
  });

  it('shows a list shorter than the first rows whole at once', async () => {
    const log: number[] = [];
    render(<List count={3} log={log} />);
    expect(screen.getByText('row 3')).toBeInTheDocument();
    expect(log).toEqual([3]);
  });
});
