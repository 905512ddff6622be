import { pages } from '@pca/contracts/pages.ts';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Text } from '@pca/ui/primitives/text.ts';
import { constants, dialogWidths } from '@pca/contracts/constants.ts';
import { Modal } from '@pca/ui/modal/modal.tsx';
import { Button } from '@pca/ui/button/button.tsx';
import { PageAlert } from '@pca/ui/primitives/page-alert.ts';
import { describeApiError } from '#lib/errors/describe-api-error.ts';
import { managedPractitionersQueryOptions } from '../api/get-managed-practitioners.ts';
import { useStopManaging } from '../api/stop-managing.ts';

/** Props of SwitchBackDialog. */
export type SwitchBackDialogProps = {
  /** Whether the switch is under way (the dialog is shown). */
  isOpen: boolean;
  /** Called once the switch is done or failed. */
  onClose: () => void;
};

/**
 * My account (docs/product/rules.md#states): fetches the delegate's practitioners, shows "switching back" (470 px) for
 * 3000 ms, then clears the managed practitioner and goes to /welcome. If clearing fails the dialog stays and says
 * so, with Try again (and the dialog's Close): the delegate is still acting for the practitioner, and must not be left thinking
 * otherwise.
 */
export function SwitchBackDialog({ isOpen, onClose }: SwitchBackDialogProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { mutateAsync } = useStopManaging();
  const [failure, setFailure] = useState<unknown>(null);
  // Whether this opening has ended (the dialog closed or the page left): a late answer then changes nothing.
  const ended = useRef(false);

  const switchBack = (prefetch: Promise<unknown>) =>
    void prefetch
      .then(() => mutateAsync())
      .then(
        () => {
          if (ended.current) return;
          navigate(pages.welcome.dashboard.href());
          onClose();
        },
        (error: unknown) => {
          console.error('Switching back failed', error);
          if (!ended.current) setFailure(error);
        },
      );
  const switchBackLater = useEffectEvent(switchBack);

  useEffect(() => {
    if (!isOpen) return;
    ended.current = false;
    const prefetch = queryClient.fetchQuery(managedPractitionersQueryOptions()).catch(() => null);
    const timer = window.setTimeout(
      () => switchBackLater(prefetch),
      constants.switchAccountAutoCloseMs,
    );
    return () => {
      ended.current = true;
      window.clearTimeout(timer);
    };
  }, [isOpen, queryClient]);

  return (
    <Modal
      isOpen={isOpen}
      onClose={failure ? onClose : () => undefined}
      closable={failure !== null}
      title="Switching back to your account"
      width={dialogWidths.switchAccount}
      actions={
        failure ? (
          <Button
            onClick={() => {
              setFailure(null);
              switchBack(Promise.resolve());
            }}
          >
            Try again
          </Button>
        ) : undefined
      }
    >
      {failure ? (
        <SwitchBackFailure error={failure} />
      ) : (
        <Text as="p" role="status">
          You will be returned to your own account and dashboard in a moment.
        </Text>
      )}
    </Modal>
  );
}

/** Why switching back failed, and that the delegate still acts for the practitioner until it succeeds. */
function SwitchBackFailure({ error }: { error: unknown }) {
  const message = describeApiError(error, { thing: 'your own account' });
  // An outage or a rate limit says so in its own words; any other failure names what did not happen.
  const title =
    message.kind === 'failed' || message.kind === 'refused'
      ? 'We could not switch you back to your own account'
      : message.title;
  return (
    <PageAlert tone={message.tone} title={title}>
      {message.detail ? <Text as="p">{message.detail}</Text> : null}
      <Text as="p">Until then you are still acting for the practitioner.</Text>
    </PageAlert>
  );
}
