import { Text } from '@pca/ui/primitives/text.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { ActionDialog, type ActionDialogState } from '#lib/action-dialog.tsx';
import { describeApiErrorText, type ErrorSubject } from '#lib/errors/describe-api-error.ts';
import { Alert } from '@pca/ui';

/** Props of ConfirmDialog. */
export type ConfirmDialogProps = ActionDialogState & {
  title: string;
  /** What the action does that cannot be taken back: a paragraph, or several. */
  warning: string | readonly string[];
  /** Its width in px where the specification names one (ActionDialog's otherwise). */
  width?: number;
  confirmLabel: string;
  onConfirm: () => void;
  /** What the action changes, for a failure's text ("the client system"). */
  thing: string;
  /** Whom a failure's text sends the user to (an operator's pages: another operator). */
  askWhom?: string;
  /** What a failure says was being done (save: a rotation, a revocation). */
  action?: Exclude<ErrorSubject['action'], 'load'>;
};

/**
 * Asks before an action that cannot be taken back (rotating or revoking a client system's secret, removing an
 * identifier system, a clinical system or a partner's publishing settings, withdrawing a transfer, dismissing a
 * task); a failure is shown in the dialog, which stays open.
 */
export function ConfirmDialog({
  warning,
  confirmLabel,
  onConfirm,
  serverError,
  thing,
  askWhom = 'a Provider Connect Australia operator',
  action = 'save',
  ...dialog
}: ConfirmDialogProps) {
  return (
    <ActionDialog {...dialog} actionLabel={confirmLabel} actionButton={{ onClick: onConfirm }}>
      <Stack gap={1}>
        {serverError ? (
          <Alert tone="error" title="There is a problem">
            <Text as="p">
              {describeApiErrorText(serverError, {
                thing,
                action,
                askWhom,
              })}
            </Text>
          </Alert>
        ) : null}
        {(typeof warning === 'string' ? [warning] : warning).map((paragraph) => (
          <Text as="p" key={paragraph}>
            {paragraph}
          </Text>
        ))}
      </Stack>
    </ActionDialog>
  );
}
