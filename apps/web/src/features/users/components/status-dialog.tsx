import { UserStatusChange } from '@pca/contracts';
import type { ActionDialogState } from '#lib/action-dialog.tsx';
import { ReasonDialog } from '#lib/forms/reason-dialog.tsx';

/** Props of StatusDialog. */
export type StatusDialogProps = ActionDialogState & {
  action: 'deactivate' | 'reactivate';
  /** The person's name (shown in the title). */
  name: string;
  onConfirm: (reason: string) => void;
};

const texts = {
  deactivate: {
    title: (name: string) => `Deactivate ${name}`,
    button: 'Deactivate user',
    explain:
      'They are signed out at once and cannot sign in until the account is reactivated. Delegations they act in stop: active ones are stopped, invitations cancelled.',
  },
  reactivate: {
    title: (name: string) => `Reactivate ${name}`,
    button: 'Reactivate user',
    explain:
      'They can sign in again. Delegations stopped when the account was deactivated stay stopped until the practitioner reassigns them.',
  },
} as const;

/** Asks the operator why before deactivating or reactivating a user; the reason is kept in the audit trail. */
export function StatusDialog({ action, name, onConfirm, ...rest }: StatusDialogProps) {
  const t = texts[action];
  return (
    <ReasonDialog
      {...rest}
      schema={UserStatusChange}
      id="status"
      title={t.title(name)}
      submitLabel={t.button}
      explain={t.explain}
      label="Reason"
      hint="Kept in the audit trail with your name"
      errorThing="the change"
      onSubmit={onConfirm}
    />
  );
}
