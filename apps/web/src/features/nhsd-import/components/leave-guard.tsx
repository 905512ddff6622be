import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { dialogWidths } from '@pca/contracts/constants.ts';
import { nhsdMessages } from '@pca/contracts/nhsd-import-paths.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Modal } from '@pca/ui/modal/modal.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';

const texts = nhsdMessages.leaveDialog;

/**
 * Leaving the wizard while a search has found services (docs/product/features.md#nhsd-import): in-app navigation
 * is held by an 800 px dialog that only 'Confirm cancellation' lets through (no click outside, no Escape), and the
 * browser warns before the page unloads.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  return (
    <Modal
      isOpen={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={texts.title}
      width={dialogWidths.cancelImport}
      dismissOnClickOutside={false}
      closable={false}
      actions={
        <ButtonGroup>
          <Button onClick={() => blocker.reset?.()}>{texts.stay}</Button>
          <Button variant="secondary" onClick={() => blocker.proceed?.()}>
            {texts.leave}
          </Button>
        </ButtonGroup>
      }
    >
      <Stack gap={1}>
        <Text as="p">{texts.message}</Text>
        <Alert tone="warning" title={texts.warning} />
      </Stack>
    </Modal>
  );
}
