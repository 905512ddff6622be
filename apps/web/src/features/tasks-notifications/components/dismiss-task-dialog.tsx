import { dialogWidths } from '@pca/contracts/constants.ts';
import type { ActionDialogState } from '#lib/action-dialog.tsx';
import { ConfirmDialog } from '#lib/confirm-dialog.tsx';

/** Props of DismissTaskDialog: the partner that suggested the change, the dialog's state and its action. */
export type DismissTaskDialogProps = ActionDialogState & {
  /** The partner service that suggested the change, named in the dialog. */
  partnerServiceName: string | null;
  onConfirm: () => void;
};

/**
 * Keeping the current value dismisses the task (docs/product/features.md#tasks-and-notifications: an
 * 800 px dialog naming the partner service); the specification gives no wording beyond that. A failure is
 * shown in the dialog, which stays open.
 */
export function DismissTaskDialog({ partnerServiceName, ...dialog }: DismissTaskDialogProps) {
  const partner = partnerServiceName ?? 'the partner service';
  return (
    <ConfirmDialog
      {...dialog}
      title="Keep the current details"
      width={dialogWidths.dismissTask}
      confirmLabel="Dismiss task"
      warning={[
        `You chose to keep the current details instead of the change ${partner} suggested.`,
        `The task will be dismissed and we will let ${partner} know that the current details are correct.`,
      ]}
      thing="this task"
      askWhom="an administrator of the business"
    />
  );
}
