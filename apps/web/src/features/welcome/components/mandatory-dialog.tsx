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
  /** Closed with a result: the user is re-fetched. */
  onResult: () => void;
  /** Closed with no result: the browser goes to the login endpoint. */
  onNoResult: () => void;
};

/** Shows the chosen mandatory dialog (none can be dismissed). */
export function MandatoryDialog({ dialog, user, onResult, onNoResult }: MandatoryDialogProps) {
  switch (dialog.kind) {
    case 'registerUser':
      return <RegisterUserDialog user={user} onRegistered={onResult} onCancel={onNoResult} />;
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
      return <AcceptParticipationDialog onAccepted={onResult} onCancel={onNoResult} />;
  }
}
