import { pages } from '@pca/contracts/pages.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Button, ButtonGroup, ButtonLink } from '@pca/ui/button/button.tsx';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { useHasSession } from '#lib/session-token.ts';
import { useSendFeedback } from '../api/send-feedback.ts';
import { FeedbackForm } from '../components/feedback-form.tsx';
import { useFocusWhenShown } from '#lib/focus.ts';

/**
 * Give us feedback (`give-feedback`, About menu; docs/product/feedback.md): signed in or not, a rating,
 * comments and an optional contact, sent to the support team; then a thank-you with its reference.
 */
export function GiveFeedbackPage() {
  const signedIn = useHasSession();
  const send = useSendFeedback();
  const thanks = useFocusWhenShown(send.isSuccess);

  return (
    <Stack gap={2}>
      <Stack gap={1}>
        <H1>Give us feedback</H1>
        <Text as="p">
          Tell us how the portal works for you. The support team reads every message and uses it to
          improve the portal.
        </Text>
      </Stack>
      {send.isSuccess ? (
        <div ref={thanks}>
          <Stack gap={1.5}>
            <Alert tone="success" title="Thank you for your feedback" focusable>
              <Text as="p">
                We have sent it to the support team. Your reference is {send.data.id.slice(0, 8)}.
              </Text>
            </Alert>
            <ButtonGroup>
              <ButtonLink
                href={signedIn ? pages.welcome.dashboard.href() : pages.home.href()}
                variant="secondary"
              >
                {signedIn ? 'Back to the dashboard' : 'Back to the home page'}
              </ButtonLink>
              <Button variant="tertiary" onClick={() => send.reset()}>
                Send more feedback
              </Button>
            </ButtonGroup>
          </Stack>
        </div>
      ) : (
        <FeedbackForm
          onSubmit={(values) => send.mutate(values)}
          saving={send.isPending}
          serverError={send.error}
        />
      )}
    </Stack>
  );
}

export { GiveFeedbackPage as Component };
