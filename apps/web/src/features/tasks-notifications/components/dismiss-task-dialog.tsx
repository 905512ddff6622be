import { dialogWidths } from '@pca/contracts/constants.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { ActionDialog } from '#lib/action-dialog.tsx';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';

/** Props of DismissTaskDialog. */
export type DismissTaskDialogProps = {
  isOpen: boolean;
  /** The partner service that suggested the change, named in the dialog. */
  partnerServiceName: string | null;
  onConfirm: () => void;
  onClose: () => void;
  saving: boolean;
  /** Why the dismissal failed, shown in the dialog, which stays open. */
  serverError: unknown;
};

/**
 * Keeping the current value dismisses the task (docs/product/features.md#tasks-and-notifications: an
 * 800 px dialog naming the partner service); the specification gives no wording beyond that.
 */
export function DismissTaskDialog({
  isOpen,
  partnerServiceName,
  onConfirm,
  onClose,
  saving,
  serverError,
}: DismissTaskDialogProps) {
  const partner = partnerServiceName ?? 'the partner service';
  return (
    <ActionDialog
      isOpen={isOpen}
      onClose={onClose}
      saving={saving}
      title="Keep the current details"
      width={dialogWidths.dismissTask}
      actionLabel="Dismiss task"
      actionButton={{ onClick: onConfirm }}
    >
      <Stack gap={1}>
        {serverError ? (
          <Alert tone="error" title="There is a problem">
            <Text as="p">
              {describeApiErrorText(serverError, { thing: 'this task', action: 'save' })}
            </Text>
          </Alert>
        ) : null}
        <Text as="p">{`You chose to keep the current details instead of the change ${partner} suggested.`}</Text>
        <Text as="p">{`The task will be dismissed and we will let ${partner} know that the current details are correct.`}</Text>
      </Stack>
    </ActionDialog>
  );
}
