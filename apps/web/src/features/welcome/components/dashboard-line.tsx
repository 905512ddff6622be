import { Text } from '@pca/ui/primitives/text.ts';

/**
 * The dashboard's line under the greeting (docs/product/shell.md#welcome). It needs no answer from the
 * API, so the skeleton shows it where it will stay: the page's largest text is painted with the page's
 * first commit, not after the last answer (docs/decisions/018-critical-path-javascript.md).
 */
export function DashboardLine() {
  return (
    <Text as="p" fontSize="md">
      This dashboard gives you one place to manage and share your provider information.
    </Text>
  );
}
