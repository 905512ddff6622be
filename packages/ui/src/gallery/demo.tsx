import type { ReactNode } from 'react';
import { Stack } from '@ag.ds-next/react/stack';
import { H2 } from '@ag.ds-next/react/heading';

/** What the design-system gallery shows of a component: its page name and introduction. */
export interface GalleryEntry {
  /** Short page name, e.g. "Alerts". */
  name: string;
  /** Lead paragraph. */
  introduction: string;
}

/** Props of Demo. */
export type DemoProps = {
  /** Section heading (level two). */
  title: string;
  /** The demo. */
  children: ReactNode;
};

/** A titled example of a component, as the gallery shows it and the component's tests render it. */
export function Demo({ title, children }: DemoProps) {
  const id = `demo-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <Stack gap={1.5}>
        <H2 id={id}>{title}</H2>
        {children}
      </Stack>
    </section>
  );
}
