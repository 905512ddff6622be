import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { Tabs } from './tabs.tsx';

const items = [
  { label: 'Tasks', content: 'Task list' },
  { label: 'Notifications', content: 'Notification list' },
  { label: 'Archive', content: 'Archived items' },
];

describe('Tabs', () => {
  it('renders a tablist with the first tab selected and its panel shown', () => {
    renderWithCore(<Tabs items={items} />);
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tasks' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Tasks' })).toHaveTextContent('Task list');
  });

  it('moves between tabs with arrow keys', async () => {
    const user = userEvent.setup();
    renderWithCore(<Tabs items={items} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Tasks' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tabpanel', { name: 'Notifications' })).toHaveTextContent(
      'Notification list',
    );
  });

  it('a label that carries a count changes without remounting its panel (its state is kept)', async () => {
    const user = userEvent.setup();
    function Counter() {
      const [n, setN] = useState(0);
      return (
        <button type="button" onClick={() => setN(n + 1)}>
          Clicked {n}
        </button>
      );
    }
    function Page({ count }: { count: number }) {
      return <Tabs items={[{ label: `Notifications (${count})`, content: <Counter /> }]} />;
    }
    let setCount: (n: number) => void = () => {};
    function Harness() {
      const [count, set] = useState(3);
      setCount = set;
      return <Page count={count} />;
    }
    renderWithCore(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Clicked 0' }));
    act(() => setCount(2));
    expect(screen.getByRole('tab', { name: 'Notifications (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();
  });
});
