import { SkeletonText } from '@pca/ui/primitives/skeleton.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';

/** Three partners' worth of lines while the choices load, so the tab keeps its height. */
export function PartnerPublicationsSkeleton() {
  return (
    <Stack gap={1} aria-busy="true" aria-label="Loading partner services">
      {[1, 2, 3].map((n) => (
        <Stack key={n} gap={0.5}>
          <SkeletonText width="40%" />
          <SkeletonText width="70%" />
          <SkeletonText width="55%" />
        </Stack>
      ))}
    </Stack>
  );
}
