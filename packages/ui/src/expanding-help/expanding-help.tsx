import type { ReactNode } from 'react';
import { Details } from '@ag.ds-next/react/details';

/** Props of ExpandingHelp. */
export type ExpandingHelpProps = {
  /** The question or summary the user clicks (e.g. "What is an HPI-I?"). */
  label: string;
  /** Help content revealed when expanded. */
  children: ReactNode;
  /** Set when placed on a bodyAlt background. */
  onBodyAlt?: boolean;
};

/** Help text hidden behind a summary line (AgDS Details, a native details/summary). */
export function ExpandingHelp({ label, children, onBodyAlt }: ExpandingHelpProps) {
  return (
    <Details label={label} onBodyAlt={onBodyAlt}>
      {children}
    </Details>
  );
}
