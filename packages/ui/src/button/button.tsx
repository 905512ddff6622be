import type { ComponentProps } from 'react';
import {
  Button as AgButton,
  ButtonGroup as AgButtonGroup,
  ButtonLink as AgButtonLink,
} from '@ag.ds-next/react/button';

/** Props of Button: AgDS Button props (variant primary, secondary, tertiary, text; size; loading; block; icons). */
export type ButtonProps = ComponentProps<typeof AgButton>;

/** The portal's button (AgDS Button); `type` defaults to "button" so it never submits a form by accident. */
export function Button({ type = 'button', ...props }: ButtonProps) {
  return <AgButton type={type} {...props} />;
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
