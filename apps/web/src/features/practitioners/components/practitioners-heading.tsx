import type { ReactNode } from 'react';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Loading } from '@pca/ui/loading/loading.tsx';

/** The Practitioners page's heading row, with room for Add practitioner (`action`) once the list says it shows. */
export function PractitionersHeading({ action }: { action?: ReactNode }) {
  return (
    <Flex
      flexDirection={{ xs: 'column', sm: 'row' }}
      justifyContent="space-between"
      alignItems={{ xs: 'flex-start', sm: 'center' }}
      gap={1}
      // Room for the Add practitioner button before the list says whether it shows: beside the heading
      // from sm, below it on a phone (both do not fit on one line there), so the filter form does not
      // move down when it appears (no layout shift).
      minHeight={{ xs: '6.5rem', sm: '3rem' }}
    >
      <H1>Practitioners</H1>
      {action}
    </Flex>
  );
}

/**
 * What the page draws while its code loads, prerendered into the HTML of `/practitioners` at build: the
 * heading where the page keeps it, so the page's largest text is painted before any script has run
 * (docs/decisions/082-prerendered-page-skeletons.md).
 */
export function PractitionersSkeleton() {
  return (
    <Stack gap={2}>
      <PractitionersHeading />
      <Loading message="Loading practitioners" />
    </Stack>
  );
}
