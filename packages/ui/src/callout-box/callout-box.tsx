import type { ReactNode } from 'react';
import { Callout } from '@ag.ds-next/react/callout';

/** Props of CalloutBox. */
export type CalloutBoxProps = {
  /** Bold title. */
  title?: string;
  /** Body of the callout. */
  children?: ReactNode;
  /** neutral (grey) or info (blue) background. */
  tone?: 'neutral' | 'info';
  /** compact for less padding. */
  variant?: 'regular' | 'compact';
  /** Set when placed on a bodyAlt background. */
  onBodyAlt?: boolean;
};

/** A box that draws attention to related content (AgDS Callout). */
export function CalloutBox({
  title,
  children,
  tone = 'neutral',
  variant = 'regular',
  onBodyAlt,
}: CalloutBoxProps) {
  return (
    <Callout title={title} tone={tone} variant={variant} onBodyAlt={onBodyAlt}>
      {children}
    </Callout>
  );
}
