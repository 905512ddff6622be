import { Core } from '@pca/ui/primitives/core.ts';
import { theme } from '@pca/ui/primitives/ag-branding.ts';
import { Box } from '@pca/ui/primitives/box.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { PageAlert } from '@pca/ui/primitives/page-alert.ts';
import { maintenanceMessage } from '@pca/contracts/constants.ts';
import { isMaintenance } from '#lib/errors/describe-api-error.ts';

/** Props of StartupError. */
export type StartupErrorProps = {
  /** Why the runtime configuration did not load. */
  error: unknown;
};

/**
 * Shown instead of the app when its runtime configuration cannot be loaded: the maintenance message
 * while the API answers 503 (docs/decisions/011-errors-people-see.md), otherwise a start-up failure.
 */
export function StartupError({ error }: StartupErrorProps) {
  const maintenance = isMaintenance(error);
  return (
    <Core theme={theme}>
      <Box as="main" paddingX={{ xs: 0.75, md: 2 }} paddingY={3} maxWidth="1320px">
        <Stack gap={1.5}>
          <H1>
            {maintenance
              ? 'Provider Connect Australia is under maintenance'
              : 'Provider Connect Australia is unavailable'}
          </H1>
          {maintenance ? (
            <PageAlert tone="warning" title={maintenanceMessage} role="alert" />
          ) : (
            <PageAlert tone="error" title="The service could not start" role="alert">
              <Text as="p">
                We could not load the service settings. Please refresh the page or try again later.
              </Text>
            </PageAlert>
          )}
        </Stack>
      </Box>
    </Core>
  );
}
