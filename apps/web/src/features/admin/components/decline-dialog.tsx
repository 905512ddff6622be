import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, ButtonGroup, Modal, TextareaField } from '@pca/ui';
import { DeclineRegistration } from '@pca/contracts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';

/** Props of DeclineDialog. */
export type DeclineDialogProps = {
  /** The business being declined (shown in the title). */
  businessName: string;
  /** Whether the dialog is open. */
  isOpen: boolean;
  /** Closes without declining. */
  onClose: () => void;
  /** Declines with the reason given. */
  onDecline: (reason: string) => void;
  /** True while the decline is being saved. */
  saving: boolean;
  /** The server's answer when declining failed. */
  serverError: unknown;
};

const REASON_ID = 'decline-reason';

/** Asks the operator for the reason before declining a registration. */
export function DeclineDialog({
  businessName,
  isOpen,
  onClose,
  onDecline,
  saving,
  serverError,
}: DeclineDialogProps) {
  const form = useForm<DeclineRegistration>({
    resolver: zodResolver(DeclineRegistration),
    // The error summary takes focus, not the field.
    shouldFocusError: false,
    defaultValues: { reason: '' },
  });
  const summary = useRef<HTMLDivElement>(null);
  const { errors, submitCount } = form.formState;
  const message = errors.reason?.message;
  const general = serverError
    ? describeApiErrorText(serverError, {
        thing: 'the decision',
        action: 'save',
        askWhom: 'a Provider Connect Australia operator',
      })
    : null;
  useEffect(() => {
    if (message || general) summary.current?.querySelector<HTMLElement>('[tabindex="-1"]')?.focus();
  }, [submitCount, message, general]);

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={`Decline ${businessName}`}
      width={640}
      dismissOnClickOutside={false}
      actions={
        <ButtonGroup>
          <Button type="submit" form="decline-form" loading={saving}>
            Decline registration
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </ButtonGroup>
      }
    >
      <form
        id="decline-form"
        noValidate
        onSubmit={(event) => void form.handleSubmit((v) => onDecline(v.reason))(event)}
      >
        {message || general ? (
          <div ref={summary} style={{ marginBottom: '1rem' }}>
            <Alert tone="error" title="There is a problem" focusable>
              {message ? (
                <a
                  href={`#${REASON_ID}`}
                  onClick={(event) => {
                    event.preventDefault();
                    document.getElementById(REASON_ID)?.focus();
                  }}
                >
                  {message}
                </a>
              ) : (
                <p style={{ margin: 0 }}>{general}</p>
              )}
            </Alert>
          </div>
        ) : null}
        <Controller
          control={form.control}
          name="reason"
          render={({ field }) => (
            <TextareaField
              id={REASON_ID}
              label="Reason for declining"
              hint="The business’s managers are emailed this reason so they can correct and resubmit the registration"
              required
              name={field.name}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              maxLength={1000}
              message={message}
            />
          )}
        />
      </form>
    </Modal>
  );
}
