import type { ReactNode } from 'react';
import { Modal } from '@pca/ui/modal/modal.tsx';

/** Props of MandatoryModal. */
export type MandatoryModalProps = {
  /** The dialog's title (its accessible name). */
  title: string;
  /** Its width in px (spec dialog widths). */
  width: number;
  /** Leaves without answering (Escape). */
  onCancel: () => void;
  /** The dialog's body. */
  children: ReactNode;
};

/** The frame of a mandatory dialog (docs/product/rules.md#states): no close button, and a click outside does not dismiss it. */
export function MandatoryModal({ title, width, onCancel, children }: MandatoryModalProps) {
  return (
    <Modal
      isOpen
      onClose={onCancel}
      title={title}
      width={width}
      closable={false}
      dismissOnClickOutside={false}
    >
      {children}
    </Modal>
  );
}
