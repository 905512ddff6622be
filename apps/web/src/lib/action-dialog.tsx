import type { ReactNode } from 'react';
import { Button, ButtonGroup, Modal, type ButtonProps } from '@pca/ui';

/** What the page gives a dialog that asks before an action: whether it is open, and the action's state. */
export type ActionDialogState = {
  /** Whether the dialog is open. */
  isOpen: boolean;
  /** Closes without acting. */
  onClose: () => void;
  /** True while the action is being saved. */
  saving: boolean;
  /** The server's answer when the action failed. */
  serverError: unknown;
};

/** Props of ActionDialog. */
export type ActionDialogProps = Omit<ActionDialogState, 'serverError'> & {
  /** The dialog's title. */
  title: string;
  /** The label of the button that acts. */
  actionLabel: string;
  /** How that button acts: on click, or by submitting a form in the dialog (`type: 'submit'`, `form`). */
  actionButton: Pick<ButtonProps, 'onClick' | 'type' | 'form'>;
  /** When false, a click outside does not close it (a half-written answer is not lost). */
  dismissOnClickOutside?: boolean;
  /** Its width in px where the specification names one (640 otherwise). */
  width?: number;
  /** What the dialog says or asks. */
  children: ReactNode;
};

/** A modal that asks before an action: what it says, then the action's button (busy while saving) and Cancel. */
export function ActionDialog({
  isOpen,
  onClose,
  saving,
  title,
  actionLabel,
  actionButton,
  dismissOnClickOutside,
  width = 640,
  children,
}: ActionDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      width={width}
      dismissOnClickOutside={dismissOnClickOutside}
      actions={
        <ButtonGroup>
          <Button {...actionButton} loading={saving}>
            {actionLabel}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </ButtonGroup>
      }
    >
      {children}
    </Modal>
  );
}
