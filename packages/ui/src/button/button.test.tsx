import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { Button, ButtonGroup, ButtonLink } from './button.tsx';

describe('Button', () => {
  it('is a non-submitting button by default and activates with Enter and Space', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    renderWithCore(
      <form onSubmit={onSubmit}>
        <Button onClick={onClick}>Save</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    await user.tab();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('can be disabled', async () => {
    const onClick = vi.fn();
    renderWithCore(
      <Button disabled onClick={onClick}>
        Save
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('takes no click and no submit while loading, and says it is busy', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const { rerender } = renderWithCore(
      <form onSubmit={onSubmit}>
        <input aria-label="Name" />
        <Button loading loadingLabel="Saving" type="submit" onClick={onClick}>
          Save
        </Button>
      </form>,
    );
    const button = screen.getByRole('button');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    // Enter in a field submits through the form's submit button.
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '{Enter}');
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();

    rerender(
      <form onSubmit={onSubmit}>
        <input aria-label="Name" />
        <Button type="submit" onClick={onClick}>
          Save
        </Button>
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('shows a loading state with its label', () => {
    renderWithCore(
      <Button loading loadingLabel="Saving">
        Save
      </Button>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('Saving');
  });

  it('renders variants in a group and a button-styled link', () => {
    renderWithCore(
      <ButtonGroup>
        <Button variant="primary">Primary</Button>
        <Button variant="secondary">Secondary</Button>
        <Button variant="tertiary">Tertiary</Button>
        <ButtonLink href="/welcome">Go home</ButtonLink>
      </ButtonGroup>,
    );
    expect(screen.getAllByRole('button')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/welcome');
  });
});
