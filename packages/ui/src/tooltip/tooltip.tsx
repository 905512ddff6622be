import { cloneElement, useId, useState, type ReactElement, type Ref } from 'react';
import {
  autoUpdate,
  flip,
  offset,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useRole,
  safePolygon,
  FloatingPortal,
} from '@floating-ui/react';
import { boxPalette, tokens } from '@ag.ds-next/react/core';

/** Props of Tooltip. */
export type TooltipProps = {
  /** Tooltip text (short; it becomes the trigger's description). */
  content: string;
  /** The trigger: one focusable element (button, link, input) that accepts a ref and props. */
  children: ReactElement<Record<string, unknown>>;
  /** Preferred side. */
  placement?: 'top' | 'bottom' | 'left' | 'right';
};

/**
 * An accessible tooltip (AgDS has none): shown on hover and keyboard focus, hidden with Escape,
 * and linked to its trigger with `aria-describedby`. Built on @floating-ui/react.
 */
export function Tooltip({ content, children, placement = 'top' }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    whileElementsMounted: autoUpdate,
    middleware: [offset(8), flip(), shift({ padding: 8 })],
  });
  const hover = useHover(context, { move: false, handleClose: safePolygon() });
  const focus = useFocus(context);
  const dismiss = useDismiss(context, { escapeKey: true });
  const role = useRole(context, { role: 'tooltip' });
  const { getReferenceProps, getFloatingProps } = useInteractions([hover, focus, dismiss, role]);

  /* eslint-disable react-hooks/refs -- floating-ui's setReference/setFloating are callback refs, not ref values read in render. */
  const trigger = cloneElement(children, {
    ...getReferenceProps(children.props),
    ref: refs.setReference as Ref<HTMLElement>,
    // Described only while shown would hide it from screen readers until hover; keep it always linked.
    'aria-describedby': id,
  });

  return (
    <>
      {trigger}
      {open ? (
        <FloatingPortal>
          <div
            ref={refs.setFloating}
            {...getFloatingProps()}
            id={id}
            role="tooltip"
            style={{
              ...floatingStyles,
              zIndex: tokens.zIndex.popover,
              maxWidth: 280,
              padding: '0.5rem 0.75rem',
              borderRadius: tokens.borderRadius,
              background: boxPalette.foregroundText,
              color: boxPalette.backgroundBody,
              fontSize: '0.875rem',
              lineHeight: 1.5,
            }}
          >
            {content}
          </div>
        </FloatingPortal>
      ) : (
        // Keeps the description available to assistive technology while the tooltip is hidden.
        <span id={id} hidden>
          {content}
        </span>
      )}
    </>
  );
  /* eslint-enable react-hooks/refs */
}
