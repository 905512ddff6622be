import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithCore } from '../test-utils/render.tsx';
import { Modal } from './modal.tsx';

function Harness(props: { dismissOnClickOutside?: boolean; closable?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open dialog
      </button>
      <Modal
        isOpen={open}
        onClose={() => setOpen(false)}
        title="Switch account"
        width={470}
        actions={
          <button type="button" onClick={() => setOpen(false)}>
            Confirm
          </button>
        }
        {...props}
      >
        <label>
          Reason <input />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('opens as a named modal dialog at the given width with focus on its title', async () => {
    const user = userEvent.setup();
    renderWithCore(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    const dialog = screen.getByRole('dialog', { name: 'Switch account' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveStyle({ maxWidth: '470px' });
    expect(screen.getByRole('heading', { name: 'Switch account' })).toHaveFocus();
  });

  it('traps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    renderWithCore(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
  });

  it('closes with Escape and returns focus to the opener', async () => {
    const user = userEvent.setup();
    renderWithCore(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open dialog' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on a backdrop click unless told not to', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithCore(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    renderWithCore(<Harness dismissOnClickOutside={false} />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('has no Close button and ignores Escape when not closable', async () => {
    const user = userEvent.setup();
    renderWithCore(<Harness closable={false} />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
