import { Button, ButtonGroup, Modal } from '@pca/ui';
import { Text } from '@pca/ui/primitives/text.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import { Alert } from '@pca/ui';

/** Props of ConfirmDialog. */
export type ConfirmDialogProps = {
  title: string;
  warning: string;
  confirmLabel: string;
  isOpen: boolean;
  onClose: () => void;
  onConfirm: () => void;
  saving: boolean;
  serverError: unknown;
};

/** Asks the operator to confirm a rotation or revocation, which cannot be taken back. */
export function ConfirmDialog({
  title,
  warning,
  confirmLabel,
  isOpen,
  onClose,
  onConfirm,
  saving,
  serverError,
}: ConfirmDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      width={640}
      actions={
        <ButtonGroup>
          <Button onClick={onConfirm} loading={saving}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </ButtonGroup>
      }
    >
      <Stack gap={1}>
        {serverError ? (
          <Alert tone="error" title="There is a problem">
            <Text as="p">
              {describeApiErrorText(serverError, {
                thing: 'the client system',
                action: 'save',
                askWhom: 'a Provider Connect Australia operator',
              })}
            </Text>
          </Alert>
        ) : null}
        <Text as="p">{warning}</Text>
      </Stack>
    </Modal>
  );
}
