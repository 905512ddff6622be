import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { Toggle } from './toggle.tsx';

function Harness() {
  const [on, setOn] = useState(false);
  return <Toggle label="Show helper" checked={on} onChange={setOn} />;
}

describe('Toggle', () => {
  it('is a named switch toggled by Space and click', async () => {
    const user = userEvent.setup();
    renderWithCore(<Harness />);
    const toggle = screen.getByRole('switch', { name: 'Show helper' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.tab();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });
});
