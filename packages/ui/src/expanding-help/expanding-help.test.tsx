import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { ExpandingHelp } from './expanding-help.tsx';

describe('ExpandingHelp', () => {
  it('reveals its content from the keyboard', async () => {
    const user = userEvent.setup();
    const { container } = renderWithCore(
      <ExpandingHelp label="What is an HPI-I?">A 16-digit identifier.</ExpandingHelp>,
    );
    const details = container.querySelector('details')!;
    expect(details.open).toBe(false);
    await user.tab();
    expect(screen.getByText('What is an HPI-I?').closest('summary')).toHaveFocus();
    // jsdom does not implement Enter on summary; browsers map it to the same click activation.
    await user.click(screen.getByText('What is an HPI-I?'));
    expect(details.open).toBe(true);
    expect(screen.getByText('A 16-digit identifier.')).toBeVisible();
  });
});
