import { Alert } from '@pca/ui/alert/alert.tsx';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Modal } from '@pca/ui';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import type { KeyContact } from '@pca/contracts';
import { ApiError } from '#lib/http.ts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';

/** Props of RemoveDialog. */
export type RemoveDialogProps = {
  contact: KeyContact | null;
  onClose: () => void;
  onConfirm: (contact: KeyContact) => void;
  saving: boolean;
  serverError: unknown;
};

/**
 * Asks before a key contact is removed. A refusal is shown here in the API's words (the primary contact
 * cannot go while others remain, docs/product/key-contacts.md).
 */
export function RemoveDialog({
  contact,
  onClose,
  onConfirm,
  saving,
  serverError,
}: RemoveDialogProps) {
  const refusal =
    serverError instanceof ApiError && serverError.status === 409
      ? (serverError.problem?.detail ?? null)
      : serverError
        ? describeApiErrorText(serverError, { thing: 'the key contact', action: 'save' })
        : null;
  return (
    <Modal
      isOpen={contact !== null}
      onClose={onClose}
      title={contact ? `Remove ${contact.name}?` : 'Remove key contact?'}
      width={640}
      actions={
        <ButtonGroup>
          <Button onClick={() => contact && onConfirm(contact)} loading={saving}>
            Remove key contact
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </ButtonGroup>
      }
    >
      <Stack gap={1}>
        {refusal ? (
          <Alert tone="error" title="The key contact was not removed">
            <Text as="p">{refusal}</Text>
          </Alert>
        ) : null}
        <Text as="p">
          {contact
            ? `${contact.name} will no longer be a key contact of ${contact.organisationName}.`
            : ''}
        </Text>
      </Stack>
    </Modal>
  );
}
