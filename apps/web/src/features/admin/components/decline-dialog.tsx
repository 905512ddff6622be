import { DeclineRegistration } from '@pca/contracts';
import { DeclineDialog, type DeclineDialogProps } from '#lib/forms/reason-dialog.tsx';

/** Asks the operator for the reason before declining a registration (`name`: the business's). */
export function DeclineRegistrationDialog(props: DeclineDialogProps) {
  return (
    <DeclineDialog
      {...props}
      schema={DeclineRegistration}
      id="decline"
      submitLabel="Decline registration"
      hint="The business’s managers are emailed this reason so they can correct and resubmit the registration"
      errorThing="the decision"
    />
  );
}
