import type { CurrentUser } from '@pca/contracts';
import type { MandatoryDialogKind } from '../choose-mandatory-dialog.ts';
import { AcceptParticipationDialog } from './accept-participation-dialog.tsx';
import { DelegateSetupDialog } from './delegate-setup-dialog.tsx';
import { RegisterUserDialog } from './register-user-dialog.tsx';

/** Props of MandatoryDialog. */
export type MandatoryDialogProps = {
  /** The dialog to show. */
  dialog: NonNullable<MandatoryDialogKind>;
  /** The signed-in user. */
  user: CurrentUser;
  /** The privacy notice was accepted in the dialog just before: the next one does not ask again. */
  privacyNoticeAccepted: boolean;
  /** Closed with a result (and whether it accepted the privacy notice): the user is re-fetched. */
  onResult: (result: MandatoryResult) => void;
  /** Closed with no result: the person signs in again (docs/product/rules.md#states). */
  onNoResult: () => void;
};

/** What a mandatory dialog closed with. */
export type MandatoryResult = { privacyNoticeAccepted: boolean };

/** Shows the chosen mandatory dialog (none can be dismissed). */
export function MandatoryDialog({
  dialog,
  user,
  privacyNoticeAccepted,
  onResult,
  onNoResult,
}: MandatoryDialogProps) {
  switch (dialog.kind) {
    case 'registerUser':
      return (
        <RegisterUserDialog
          user={user}
          onRegistered={() => onResult({ privacyNoticeAccepted: true })}
          onCancel={onNoResult}
        />
      );
    case 'delegateSetup':
      return (
        <DelegateSetupDialog
          key={dialog.invitationId}
          invitationId={dialog.invitationId}
          onAnswered={onResult}
          onCancel={onNoResult}
        />
      );
    case 'acceptParticipation':
      return (
        <AcceptParticipationDialog
          privacyNoticeAccepted={privacyNoticeAccepted}
          onAccepted={() => onResult({ privacyNoticeAccepted: true })}
          onCancel={onNoResult}
        />
      );
  }
}
