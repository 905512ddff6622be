import { Stack } from '@pca/ui/primitives/stack.ts';
import { SkeletonBox, SkeletonHeading } from '@pca/ui/primitives/skeleton.ts';
import { VisuallyHidden } from '@pca/ui/primitives/a11y.ts';
import { DashboardLine } from './dashboard-line.tsx';

/**
 * The welcome page while the user, banner and site organisations load: the heading and the first row of
 * cards drawn where they will appear, at their size, so nothing below moves when the page arrives (no
 * layout shift), and the dashboard line itself, which needs no answer. The skeleton's shapes are hidden
 * from assistive technology; the status says what is loading.
 */
export function WelcomeSkeleton() {
  return (
    <Stack gap={2} data-testid="welcome-skeleton">
      <div role="status" aria-live="polite">
        <VisuallyHidden>Loading welcome page..</VisuallyHidden>
      </div>
      <Stack gap={1}>
        <SkeletonHeading type="h1" width="20rem" />
        <DashboardLine />
      </Stack>
      <SkeletonBox height="12rem" />
    </Stack>
  );
}
