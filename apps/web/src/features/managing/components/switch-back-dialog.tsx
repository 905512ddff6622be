import { pages } from '@pca/contracts/pages.ts';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Text } from '@pca/ui/primitives/text.ts';
import { constants, dialogWidths } from '@pca/contracts/constants.ts';
import { Modal } from '@pca/ui/modal/modal.tsx';
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
 * 3000 ms, then clears the managed practitioner and goes to /welcome.
 */
export function SwitchBackDialog({ isOpen, onClose }: SwitchBackDialogProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const stop = useStopManaging();
  const { mutateAsync } = stop;
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!isOpen) return;
    let cancelled = false;
    const prefetch = queryClient.fetchQuery(managedPractitionersQueryOptions()).catch(() => null);
    const timer = window.setTimeout(() => {
      void prefetch
        .then(() => mutateAsync())
        .then(
          () => {
            if (!cancelled) navigate(pages.welcome.dashboard.href());
          },
          (error: unknown) => console.error('Switching back failed', error),
        )
        .finally(() => {
          if (!cancelled) onCloseRef.current();
        });
    }, constants.switchAccountAutoCloseMs);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [isOpen, queryClient, mutateAsync, navigate]);

  return (
    <Modal
      isOpen={isOpen}
      onClose={() => undefined}
      closable={false}
      title="Switching back to your account"
      width={dialogWidths.switchAccount}
    >
      <Text as="p" role="status">
        You will be returned to your own account and dashboard in a moment.
      </Text>
    </Modal>
  );
}
