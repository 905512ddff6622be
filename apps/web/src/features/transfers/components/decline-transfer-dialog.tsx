import { DeclineTransfer } from '@pca/contracts';
import { DeclineDialog, type DeclineDialogProps } from '#lib/forms/reason-dialog.tsx';

/** Asks the receiving manager why before declining a transfer (`name`: the entity's). */
export function DeclineTransferDialog(props: DeclineDialogProps) {
  return (
    <DeclineDialog
      {...props}
      schema={DeclineTransfer}
      id="decline-transfer"
      submitLabel="Decline transfer"
      hint="The operator sees this reason and the giving organisation keeps it"
      errorThing="your answer"
    />
  );
}
