import { DeclineRegistration } from '@pca/contracts';
import { ReasonDialog } from '#lib/forms/reason-dialog.tsx';

/** Props of DeclineDialog. */
export type DeclineDialogProps = {
  /** The business being declined (shown in the title). */
  businessName: string;
  /** Whether the dialog is open. */
  isOpen: boolean;
  /** Closes without declining. */
  onClose: () => void;
  /** Declines with the reason given. */
  onDecline: (reason: string) => void;
  /** True while the decline is being saved. */
  saving: boolean;
  /** The server's answer when declining failed. */
  serverError: unknown;
};

/** Asks the operator for the reason before declining a registration. */
export function DeclineDialog({ businessName, onDecline, ...rest }: DeclineDialogProps) {
  return (
    <ReasonDialog
      {...rest}
      schema={DeclineRegistration}
      formId="decline-form"
      reasonId="decline-reason"
      title={`Decline ${businessName}`}
      submitLabel="Decline registration"
      label="Reason for declining"
      hint="The business’s managers are emailed this reason so they can correct and resubmit the registration"
      errorThing="the decision"
      onSubmit={onDecline}
    />
  );
}
