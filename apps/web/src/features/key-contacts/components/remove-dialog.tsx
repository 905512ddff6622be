import { Alert } from '@pca/ui/alert/alert.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import type { KeyContact } from '@pca/contracts';
import { ActionDialog, type ActionDialogState } from '#lib/action-dialog.tsx';
import { ApiError } from '#lib/http.ts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';

/** Props of RemoveDialog: the contact to remove (open while there is one), and the removal's state. */
export type RemoveDialogProps = Omit<ActionDialogState, 'isOpen'> & {
  contact: KeyContact | null;
  onConfirm: (contact: KeyContact) => void;
};

/**
 * Asks before a key contact is removed. A refusal is shown here in the API's words (the primary contact
 * cannot go while others remain, docs/product/key-contacts.md).
 */
export function RemoveDialog({ contact, onConfirm, serverError, ...dialog }: RemoveDialogProps) {
  const refusal =
    serverError instanceof ApiError && serverError.status === 409
      ? (serverError.problem?.detail ?? null)
      : serverError
        ? describeApiErrorText(serverError, { thing: 'the key contact', action: 'remove' })
        : null;
  return (
    <ActionDialog
      {...dialog}
      isOpen={contact !== null}
      title={contact ? `Remove ${contact.name}?` : 'Remove key contact?'}
      actionLabel="Remove key contact"
      actionButton={{ onClick: () => contact && onConfirm(contact) }}
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
    </ActionDialog>
  );
}
