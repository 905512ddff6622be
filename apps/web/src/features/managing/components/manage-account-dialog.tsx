import { pages } from '@pca/contracts/pages.ts';
import { useNavigate } from 'react-router';
import type { CurrentUser, ManagedPractitioner } from '@pca/contracts';
import { dialogWidths } from '@pca/contracts/constants.ts';
import { Modal } from '@pca/ui/modal/modal.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Avatar } from '@pca/ui/avatar/avatar.tsx';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { useStartManaging } from '../api/start-managing.ts';
import { fullName } from '../full-name.ts';

/** Props of ManageAccountDialog. */
export type ManageAccountDialogProps = {
  /** The signed-in delegate. */
  self: Pick<CurrentUser, 'givenName' | 'familyName' | 'photoData'>;
  /** The practitioner managed now, or null while the delegate is in their own account. */
  current: ManagedPractitioner | null;
  /** The practitioner to manage next. */
  next: ManagedPractitioner;
  /** Called on Cancel, Close or Escape (focus returns to the Manage button that opened the dialog). */
  onClose: () => void;
};

/** One account in the dialog: avatar, name and what it is. */
function Account({
  label,
  person,
  photo,
  note,
}: {
  label: string;
  person: { givenName: string; familyName: string };
  photo: string | null;
  note?: string;
}) {
  return (
    <Stack gap={0.5}>
      <Text fontWeight="bold">{label}</Text>
      <Flex gap={0.75} alignItems="center">
        <Avatar
          givenName={person.givenName}
          familyName={person.familyName}
          photo={photo}
          size="sm"
          decorative
        />
        <Text>
          {fullName(person)}
          {note ? <Text color="muted"> ({note})</Text> : null}
        </Text>
      </Flex>
    </Stack>
  );
}

/**
 * Confirms switching the managed account (docs/product/features.md#delegation; 470 px, docs/product/rules.md#constants):
 * shows the account acted for now and the next practitioner. Confirming starts managing, refetches the user (the header
 * then says 'Managing' and the name) and goes to /welcome.
 */
export function ManageAccountDialog({ self, current, next, onClose }: ManageAccountDialogProps) {
  const navigate = useNavigate();
  const start = useStartManaging();
  const confirm = () =>
    start.mutate(next.id, {
      onSuccess: () => void navigate(pages.welcome.dashboard.href()),
    });

  return (
    <Modal
      isOpen
      onClose={() => {
        if (!start.isPending) onClose();
      }}
      title="Switch accounts"
      width={dialogWidths.switchAccount}
      actions={
        <ButtonGroup>
          <Button onClick={confirm} loading={start.isPending} loadingLabel="Switching account">
            Manage this account
          </Button>
          <Button variant="tertiary" onClick={onClose} disabled={start.isPending}>
            Cancel
          </Button>
        </ButtonGroup>
      }
    >
      <Stack gap={1}>
        {current ? (
          <Account
            label="You are managing"
            person={current}
            photo={current.userPhotoData}
            note="managed account"
          />
        ) : (
          <Account
            label="You are in"
            person={self}
            photo={self.photoData}
            note="your own account"
          />
        )}
        <Account label="You will manage" person={next} photo={next.userPhotoData} />
        {start.isError ? (
          <ApiErrorAlert
            error={start.error}
            thing={`${fullName(next)}'s account`}
            logMessage="Starting to manage failed"
          />
        ) : null}
      </Stack>
    </Modal>
  );
}
