import { photoMessages } from '@pca/contracts/profile-photo-rules.ts';
import { Modal } from '@pca/ui/modal/modal.tsx';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { useRemovePhoto } from '../api/photo.ts';

/** Props of RemovePhotoDialog. */
export type RemovePhotoDialogProps = {
  userId: string;
  onClose: () => void;
  /** Called once the server has removed the photo. */
  onRemoved: () => void;
};

/** The remove photo dialog (docs/product/features.md#profile): the question, Cancel and Remove. */
export function RemovePhotoDialog({ userId, onClose, onRemoved }: RemovePhotoDialogProps) {
  const remove = useRemovePhoto();
  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Remove photo"
      dismissOnClickOutside={!remove.isPending}
      actions={
        <ButtonGroup>
          <Button
            onClick={() => remove.mutate({ userId }, { onSuccess: onRemoved })}
            loading={remove.isPending}
            loadingLabel="Removing photo"
          >
            Remove
          </Button>
          <Button variant="tertiary" onClick={onClose}>
            Cancel
          </Button>
        </ButtonGroup>
      }
    >
      <Stack gap={1}>
        {remove.isError ? <Alert tone="error" title={photoMessages.removeFailed} /> : null}
        <Text as="p">{photoMessages.removeConfirm}</Text>
      </Stack>
    </Modal>
  );
}
