import type { ComponentProps } from 'react';
import {
  Button as AgButton,
  ButtonGroup as AgButtonGroup,
  ButtonLink as AgButtonLink,
} from '@ag.ds-next/react/button';

/** Props of Button: AgDS Button props (variant primary, secondary, tertiary, text; size; loading; block; icons). */
export type ButtonProps = ComponentProps<typeof AgButton>;

/**
 * The portal's button (AgDS Button); `type` defaults to "button" so it never submits a form by accident.
 * While `loading`, it takes no second click, nor (as a submit button, also by Enter in a field) a second
 * submit: AgDS only swaps the label for dots and leaves the button enabled, so that focus stays on it, and a
 * double click would otherwise send a write twice.
 */
export function Button({ type = 'button', loading = false, onClick, ...props }: ButtonProps) {
  return (
    <AgButton
      {...props}
      type={type}
      loading={loading}
      aria-disabled={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    />
  );
}

/** Props of ButtonLink: a link that looks like a button. */
export type ButtonLinkProps = ComponentProps<typeof AgButtonLink>;

/** A link styled as a button, for navigation actions (AgDS ButtonLink). */
export function ButtonLink(props: ButtonLinkProps) {
  return <AgButtonLink {...props} />;
}

/** Props of ButtonGroup. */
export type ButtonGroupProps = ComponentProps<typeof AgButtonGroup>;

/** A row of buttons with the standard gap, stacking on small screens (AgDS ButtonGroup). */
export function ButtonGroup(props: ButtonGroupProps) {
  return <AgButtonGroup {...props} />;
}
