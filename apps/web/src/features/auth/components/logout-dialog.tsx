import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Text } from '@pca/ui/primitives/text.ts';
import { Modal } from '@pca/ui/modal/modal.tsx';
import { useConfig } from '#lib/config.tsx';
import { useLogout } from '../api/logout.ts';

/** Props of LogoutDialog. */
export type LogoutDialogProps = {
  /** Whether the dialog is shown. */
  isOpen: boolean;
  /** Called on Cancel, Close or Escape. */
  onClose: () => void;
};

/** Logout confirmation (docs/product/rules.md#states): Confirm logs out of the portal and the provider, Cancel closes. */
export function LogoutDialog({ isOpen, onClose }: LogoutDialogProps) {
  const { productName, identityProvider } = useConfig();
  const logout = useLogout();
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Are you sure you want to log out?"
      width={600}
      actions={
        <ButtonGroup>
          <Button
            loading={logout.isPending}
            loadingLabel="Logging out"
            onClick={() => logout.mutate()}
          >
            Confirm
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </ButtonGroup>
      }
    >
      <Text as="p">
        You are about to log out of {productName}. You will also be logged out of{' '}
        {identityProvider.name}.
      </Text>
    </Modal>
  );
}
