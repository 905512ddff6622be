import type { ReactNode } from 'react';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H2 } from '@pca/ui/primitives/heading.ts';

/** Props of StepSection. */
export type StepSectionProps = {
  /** Element id of the step's heading, which names the section. */
  id: string;
  /** The numbered heading, e.g. '1. Choose a delegate'. */
  heading: string;
  /** Space between the heading and what follows. */
  gap?: 1 | 1.5;
  children: ReactNode;
};

/** A numbered step of a delegation form (docs/product/features.md#delegation): a section named by its heading. */
export function StepSection({ id, heading, gap = 1, children }: StepSectionProps) {
  return (
    <section aria-labelledby={id}>
      <Stack gap={gap}>
        <H2 id={id}>{heading}</H2>
        {children}
      </Stack>
    </section>
  );
}
