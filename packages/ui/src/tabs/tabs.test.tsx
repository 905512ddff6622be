import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
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
});
