import { Text } from '@pca/ui/primitives/text.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { ActionDialog, type ActionDialogState } from '#lib/action-dialog.tsx';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import { Alert } from '@pca/ui';

/** Props of ConfirmDialog. */
export type ConfirmDialogProps = ActionDialogState & {
  title: string;
  warning: string;
  confirmLabel: string;
  onConfirm: () => void;
};

/** Asks the operator to confirm a rotation or revocation, which cannot be taken back. */
export function ConfirmDialog({
  warning,
  confirmLabel,
  onConfirm,
  serverError,
  ...dialog
}: ConfirmDialogProps) {
  return (
    <ActionDialog {...dialog} actionLabel={confirmLabel} actionButton={{ onClick: onConfirm }}>
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
    </ActionDialog>
  );
}
