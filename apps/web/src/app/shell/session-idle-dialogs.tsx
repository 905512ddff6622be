import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Text } from '@pca/ui/primitives/text.ts';
import { constants } from '@pca/contracts/constants.ts';
import { Modal } from '@pca/ui/modal/modal.tsx';
import { useLogout } from '#features/auth/api/logout.ts';
import { formatCountdown } from '#lib/idle-timer.ts';
import { redirectToLogin } from '#lib/login.ts';

// The dialogs name the same durations the timers run on, so the text cannot drift from them.
const idleMinutes = constants.idleTimeoutSeconds / 60;
const loggedOutAfterMinutes =
  (constants.idleTimeoutSeconds + constants.logoutCountdownSeconds) / 60;

/** The warning after 1200 s idle (docs/product/rules.md#states): any outcome but Logout stays. */
export function IdleWarningDialog({
  secondsLeft,
  onStay,
}: {
  secondsLeft: number;
  onStay: () => void;
}) {
  const fullLogout = useLogout();
  return (
    <Modal
      isOpen
      onClose={onStay}
      title="Your session is about to expire"
      width={600}
      dismissOnClickOutside={false}
      actions={
        <ButtonGroup>
          <Button onClick={onStay}>Stay logged in</Button>
          <Button
            variant="secondary"
            loading={fullLogout.isPending}
            loadingLabel="Logging out"
            onClick={() => fullLogout.mutate()}
          >
            Logout
          </Button>
        </ButtonGroup>
      }
    >
      <Text as="p">
        You have not used the portal for {idleMinutes} minutes. For your security you will be logged
        out automatically in{' '}
        <strong data-testid="idle-countdown">{formatCountdown(secondsLeft)}</strong>. Choose Stay
        logged in to keep working.
      </Text>
    </Modal>
  );
}

/** After the countdown: the portal session has ended; Login signs in again, Logout also leaves the provider. */
export function LoggedOutDialog({ onLogout }: { onLogout: () => void }) {
  return (
    <Modal
      isOpen
      onClose={() => undefined}
      closable={false}
      title="You have been logged out"
      width={600}
      actions={
        <ButtonGroup>
          <Button onClick={() => redirectToLogin()}>Login</Button>
          <Button variant="secondary" onClick={onLogout}>
            Logout
          </Button>
        </ButtonGroup>
      }
    >
      <Text as="p">
        You were logged out because you were inactive for {loggedOutAfterMinutes} minutes. Log in
        again to continue where you left off.
      </Text>
    </Modal>
  );
}
