import { Stack } from '@ag.ds-next/react/stack';
import { H1 } from '@ag.ds-next/react/heading';
import { Text } from '@ag.ds-next/react/text';
import { Button } from '@ag.ds-next/react/button';
import { LoadingBlanket } from '@ag.ds-next/react/loading';
import { PageAlert } from '@ag.ds-next/react/page-alert';
import { useCurrentUser } from '#lib/current-user.ts';
import { greetingName } from '../greeting-name.ts';

/** The signed-in dashboard (spec 1 §2.5): greeting and purpose; action cards come with later issues. */
export function WelcomePage() {
  const { data: user, isPending, isError, refetch, isRefetching } = useCurrentUser();

  if (isError) {
    return (
      <Stack gap={1.5}>
        <H1>Welcome back</H1>
        <PageAlert tone="error" title="We could not load the welcome page">
          <Text as="p">Please try again. If the problem continues, contact support.</Text>
        </PageAlert>
        <div>
          <Button
            variant="secondary"
            loading={isRefetching}
            loadingLabel="Loading welcome page.."
            onClick={() => void refetch()}
          >
            Try again
          </Button>
        </div>
      </Stack>
    );
  }

  if (isPending) {
    return (
      <div style={{ position: 'relative', minHeight: '12rem' }}>
        <LoadingBlanket label="Loading welcome page.." />
      </div>
    );
  }

  return (
    <Stack gap={1}>
      <H1>Welcome {greetingName(user)}</H1>
      <Text as="p" fontSize="md">
        This dashboard gives you one place to manage and share your provider information.
      </Text>
    </Stack>
  );
}

export { WelcomePage as Component };
