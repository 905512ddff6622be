import type { ReactNode } from 'react';
import { Box } from '@pca/ui/primitives/box.ts';

/**
 * The delegation forms' width (docs/product/features.md#delegation, figures): the full width on small screens,
 * half of it otherwise.
 */
export function DelegationFormLayout({ children }: { children: ReactNode }) {
  return (
    <Box width={{ xs: '100%', md: '50%' }}>
      <div data-layout="delegation-form">{children}</div>
    </Box>
  );
}
