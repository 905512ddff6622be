import type { ReactNode } from 'react';
import { Box, Flex } from '@pca/ui/primitives/box.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { tokens } from '@pca/ui/primitives/core.ts';
import { layout } from '@pca/contracts/constants.ts';

/** Props of MainContent. */
export type MainContentProps = {
  /** The main landmark's id (the skip link's target). */
  id: string;
  /** Shown above the page inside the landmark (the breadcrumbs). */
  top?: ReactNode;
  /** The page. */
  children: ReactNode;
};

/**
 * The main landmark, at most 1320 px wide (docs/product/shell.md#layout). At least a screen tall, so the footer starts
 * below the fold: a page that grows as its data arrives pushes the footer down out of sight instead of
 * moving it on screen (no layout shift).
 */
export function MainContent({ id, top, children }: MainContentProps) {
  return (
    <Flex as="main" id={id} justifyContent="center" flexGrow={1} minWidth={0} minHeight="100vh">
      <Box
        width="100%"
        maxWidth={`${layout.mainMaxWidth}px`}
        paddingX={tokens.containerPadding}
        paddingY={{ xs: 2, md: 3 }}
      >
        <Stack gap={1.5}>
          {top}
          <div>{children}</div>
        </Stack>
      </Box>
    </Flex>
  );
}
