import { DeclineTransfer } from '@pca/contracts';
import { ReasonDialog } from '#lib/forms/reason-dialog.tsx';

/** Asks the receiving manager why before declining a transfer. */
export function DeclineTransferDialog({
  entityName,
  onDecline,
  ...rest
}: {
  entityName: string;
  isOpen: boolean;
  onClose: () => void;
  onDecline: (reason: string) => void;
  saving: boolean;
  serverError: unknown;
}) {
  return (
    <ReasonDialog
      {...rest}
      schema={DeclineTransfer}
      formId="decline-transfer-form"
      reasonId="decline-transfer-reason"
      title={`Decline ${entityName}`}
      submitLabel="Decline transfer"
      label="Reason for declining"
      hint="The operator sees this reason and the giving organisation keeps it"
      errorThing="your answer"
      onSubmit={onDecline}
    />
  );
}
