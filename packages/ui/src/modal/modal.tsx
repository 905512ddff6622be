import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Box } from '@ag.ds-next/react/box';
import { Flex } from '@ag.ds-next/react/flex';
import { Heading } from '@ag.ds-next/react/heading';
import { Button } from '@ag.ds-next/react/button';
import { CloseIcon } from '@ag.ds-next/react/icon';
import { boxPalette, tokens } from '@ag.ds-next/react/core';
import { focusableWithin } from './focusable.ts';

/** Props of Modal. */
export type ModalProps = {
  /** Whether the dialog is shown. */
  isOpen: boolean;
  /** Called when the user closes it (Close button, Escape, or a click outside when allowed). */
  onClose: () => void;
  /** Dialog title (its accessible name). */
  title: string;
  /** Maximum width in px (spec dialog widths, e.g. 470, 800, 1200). */
  width?: number;
  /** When false, clicking the backdrop does not close the dialog. */
  dismissOnClickOutside?: boolean;
  /** When false, there is no Close button and Escape does nothing (the user must choose an action). */
  closable?: boolean;
  /** Dialog body. */
  children?: ReactNode;
  /** Buttons at the bottom, typically a ButtonGroup. */
  actions?: ReactNode;
};

/**
 * A modal dialog: focus moves to the title on open, is trapped inside, and returns to the element that opened it.
 * Built here rather than with AgDS Modal because the portal needs per-dialog widths and non-dismissible backdrops.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  width = 640,
  dismissOnClickOutside = true,
  closable = true,
  children,
  actions,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    titleRef.current?.focus();
    // The page behind must not scroll while the dialog is open.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [isOpen]);

  if (!isOpen) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && closable) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusables = focusableWithin(dialogRef.current);
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === titleRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    } else if (!dialogRef.current.contains(active)) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        if (dismissOnClickOutside && closable && event.target === event.currentTarget) onClose();
      }}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: tokens.zIndex.overlay,
        background: boxPalette.overlay,
        overflowY: 'auto',
        padding: '3rem 1rem',
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        style={{
          maxWidth: width,
          margin: '0 auto',
          background: boxPalette.backgroundBody,
          borderRadius: tokens.borderRadius,
        }}
      >
        <Box padding={1.5}>
          <Flex justifyContent="space-between" alignItems="flex-start" gap={1}>
            <Heading as="h2" type="h2" id={titleId} ref={titleRef} tabIndex={-1} focusRingFor="all">
              {title}
            </Heading>
            {closable ? (
              <Button variant="text" iconAfter={CloseIcon} onClick={onClose}>
                Close
              </Button>
            ) : null}
          </Flex>
          <Box paddingTop={1}>{children}</Box>
          {actions ? <Box paddingTop={1.5}>{actions}</Box> : null}
        </Box>
      </div>
    </div>,
    document.body,
  );
}
