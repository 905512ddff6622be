import type { CurrentUser } from '@pca/contracts';
import type { MandatoryDialogKind } from '../choose-mandatory-dialog.ts';
import { AcceptParticipationDialog } from './accept-participation-dialog.tsx';
import { DelegateInvitationDialog } from './delegate-invitation-dialog.tsx';
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
  /** A mandatory dialog closed with no result: the person signs in again (docs/product/rules.md#states). */
  onNoResult: () => void;
  /**
   * The invitation of a complete profile closed with no answer: it only closes, until the next welcome load
   * (docs/decisions/092-invitation-for-a-complete-profile.md).
   */
  onDismiss: () => void;
};

/** What a mandatory dialog closed with. */
export type MandatoryResult = { privacyNoticeAccepted: boolean };

/** Shows the chosen dialog: a mandatory one (none can be dismissed), or the invitation of a complete profile. */
export function MandatoryDialog({
  dialog,
  user,
  privacyNoticeAccepted,
  onResult,
  onNoResult,
  onDismiss,
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
    case 'delegateInvitation':
      return (
        <DelegateInvitationDialog
          key={dialog.invitationId}
          invitationId={dialog.invitationId}
          onAnswered={() => onResult({ privacyNoticeAccepted: false })}
          onClose={onDismiss}
        />
      );
  }
}
