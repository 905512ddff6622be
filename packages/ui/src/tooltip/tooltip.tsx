import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactElement,
  type Ref,
} from 'react';
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
  /**
   * The trigger: one focusable element (button, link, input) that accepts a ref and props — or, with
   * `trigger="enclosing-control"`, one element of text inside such an element.
   */
  children: ReactElement<Record<string, unknown>>;
  /** Preferred side. */
  placement?: 'top' | 'bottom' | 'left' | 'right';
  /**
   * 'self' (default): the child is the trigger. 'enclosing-control': the child is text inside a button or
   * link (an accordion's title), which may hold no focusable element of its own (axe: nested-interactive).
   * That control becomes the trigger: the tooltip describes it and shows, beside the child, when it gets
   * keyboard focus; the pointer resting on the child shows it too.
   */
  trigger?: 'self' | 'enclosing-control';
};

/** The interactive element a child of text sits in (see TooltipProps.trigger). */
const ENCLOSING_CONTROL = 'button, a[href], [role="button"], summary';

/**
 * An accessible tooltip (AgDS has none): shown on hover and keyboard focus, hidden with Escape,
 * and linked to its trigger with `aria-describedby`. Built on @floating-ui/react. Text inside a button
 * (`trigger="enclosing-control"`) makes that button the trigger.
 */
export function Tooltip({ content, children, placement = 'top', trigger = 'self' }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const enclosed = trigger === 'enclosing-control';
  const child = useRef<HTMLElement | null>(null);
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    whileElementsMounted: autoUpdate,
    middleware: [offset(8), flip(), shift({ padding: 8 })],
  });
  const hover = useHover(context, { move: false, handleClose: safePolygon(), enabled: !enclosed });
  const focus = useFocus(context, { enabled: !enclosed });
  const dismiss = useDismiss(context, { escapeKey: true });
  const role = useRole(context, { role: 'tooltip', enabled: !enclosed });
  const { getReferenceProps, getFloatingProps } = useInteractions([hover, focus, dismiss, role]);

  // Positioned beside the child of text; a stable callback, since each call sets floating-ui's state.
  const setChild = useCallback(
    (node: HTMLElement | null) => {
      child.current = node;
      refs.setPositionReference(node);
    },
    [refs],
  );

  // An enclosing control is not React's to give props: it is described and listened to directly.
  useEffect(() => {
    const control = enclosed ? child.current?.closest<HTMLElement>(ENCLOSING_CONTROL) : null;
    if (!control) return;
    const described = () => (control.getAttribute('aria-describedby') ?? '').split(' ');
    control.setAttribute('aria-describedby', [...described(), id].filter(Boolean).join(' '));
    // Focus from the keyboard shows it; the focus a click gives does not (the click opens the control).
    let pressed = false;
    const press = () => (pressed = true);
    const show = () => {
      if (!pressed) setOpen(true);
      pressed = false;
    };
    const hide = () => {
      pressed = false;
      setOpen(false);
    };
    control.addEventListener('pointerdown', press);
    control.addEventListener('focus', show);
    control.addEventListener('blur', hide);
    return () => {
      control.removeEventListener('pointerdown', press);
      control.removeEventListener('focus', show);
      control.removeEventListener('blur', hide);
      const others = described().filter((token) => token && token !== id);
      if (others.length) control.setAttribute('aria-describedby', others.join(' '));
      else control.removeAttribute('aria-describedby');
    };
  }, [enclosed, id]);

  /* eslint-disable react-hooks/refs -- floating-ui's setReference/setFloating are callback refs, not ref values read in render. */
  const triggerElement = enclosed
    ? cloneElement(children, {
        ref: setChild,
        onMouseEnter: () => setOpen(true),
        onMouseLeave: () => setOpen(false),
      })
    : cloneElement(children, {
        ...getReferenceProps(children.props),
        ref: refs.setReference as Ref<HTMLElement>,
        // Described only while shown would hide it from screen readers until hover; keep it always linked.
        'aria-describedby': id,
      });

  return (
    <>
      {triggerElement}
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
