import { useEffect, useRef, useState } from 'react';
import { BankAccountConsentTick, type BankAccountPayer } from '@pca/contracts/bank-account.ts';
import { bankAccountMessages as messages } from '@pca/contracts/bank-account-paths.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { Chip } from '@pca/ui/chips/chip.tsx';
import { CalloutBox } from '@pca/ui/callout-box/callout-box.tsx';
import { H3, H4 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { FormCheckbox, FormFrame, useFieldId } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';
import { formatDate } from '#lib/dates.ts';

/** Props of PayerSharing. */
export type PayerSharingProps = {
  payer: BankAccountPayer;
  /** A saved account exists (there is nothing to share before). */
  hasAccount: boolean;
  sharing: boolean;
  shareError: unknown;
  withdrawing: boolean;
  withdrawError: unknown;
  onShare: (payer: BankAccountPayer, done: () => void) => void;
  onWithdraw: (payer: BankAccountPayer) => void;
};

/**
 * One payer organisation: shared (since when, under which consent version) with Withdraw consent, or not shared
 * with Share, which shows the consent text and asks for the tick before anything is sent
 * (docs/decisions/058-bank-account.md).
 */
export function PayerSharing({
  payer,
  hasAccount,
  sharing,
  shareError,
  withdrawing,
  withdrawError,
  onShare,
  onWithdraw,
}: PayerSharingProps) {
  const [asking, setAsking] = useState(false);
  const fieldId = useFieldId();
  const shareRef = useRef<HTMLButtonElement>(null);
  // Opening the consent form takes away the Share button, and Cancel the form, with the focus they held:
  // it goes to the form's heading, and back to Share.
  const focusNext = useRef<'consent' | 'share' | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    focusNext.current = null;
    if (next === 'consent') document.getElementById(fieldId('consent-heading'))?.focus();
    else shareRef.current?.focus();
  });
  const { share } = payer;

  return (
    <Stack gap={1}>
      <H3>{payer.name}</H3>
      <div>
        {share ? (
          <Chip tone="success">{messages.shared}</Chip>
        ) : (
          <Chip tone="neutral">{messages.notShared}</Chip>
        )}
      </div>
      {share ? (
        <>
          <Text as="p">
            {messages.sharedSince(formatDate(share.sharedAt, 'medium'), share.consentVersion)}
          </Text>
          {withdrawError ? (
            <ApiErrorAlert error={withdrawError} thing="the withdrawal" action="save" />
          ) : null}
          <div>
            <Button
              variant="secondary"
              loading={withdrawing}
              loadingLabel="Withdrawing"
              onClick={() => onWithdraw(payer)}
            >
              {messages.withdraw}
            </Button>
          </div>
        </>
      ) : !hasAccount ? (
        <Text as="p">{messages.sharingNeedsAccount}</Text>
      ) : asking ? (
        <ConsentForm
          payer={payer}
          fieldId={fieldId}
          sharing={sharing}
          shareError={shareError}
          onSubmit={() => onShare(payer, () => setAsking(false))}
          onCancel={() => {
            focusNext.current = 'share';
            setAsking(false);
          }}
        />
      ) : (
        <div>
          <Button
            ref={shareRef}
            onClick={() => {
              focusNext.current = 'consent';
              setAsking(true);
            }}
          >
            {messages.share(payer.name)}
          </Button>
        </div>
      )}
    </Stack>
  );
}

/**
 * The consent asked before sharing with one payer. It is mounted for one opening of the form, so its tick
 * and its error belong to that opening: after a share, a withdrawal or a Cancel, the next Share asks afresh.
 */
function ConsentForm({
  payer,
  fieldId,
  sharing,
  shareError,
  onSubmit,
  onCancel,
}: {
  payer: BankAccountPayer;
  fieldId: ReturnType<typeof useFieldId>;
  sharing: boolean;
  shareError: unknown;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const form = useSchemaForm(BankAccountConsentTick, { defaultValues: { consent: false } });
  // The share's last error may be of an earlier opening: it is shown once this one has been sent.
  const [sent, setSent] = useState(false);
  return (
    // Its own heading under the payer's (h4): FormFrame's heading would be an h2 inside this h3.
    <section aria-labelledby={fieldId('consent-heading')}>
      <Stack gap={1}>
        <H4 id={fieldId('consent-heading')} tabIndex={-1}>
          {messages.consentHeading(payer.name)}
        </H4>
        <FormFrame
          form={form}
          fieldId={fieldId}
          serverError={sent ? shareError : null}
          submitLabel={messages.confirmShare}
          saving={sharing}
          onSubmit={() => {
            setSent(true);
            onSubmit();
          }}
          otherActions={
            <Button variant="secondary" onClick={onCancel}>
              {messages.cancel}
            </Button>
          }
        >
          <CalloutBox tone="info" variant="compact">
            <Text as="p">{payer.consent.text}</Text>
            <Text as="p" fontSize="xs" color="muted">
              Consent version {payer.consent.version}
            </Text>
          </CalloutBox>
          <FormCheckbox control={form.control} name="consent" fieldId={fieldId} legend="Consent">
            {messages.consentLabel}
          </FormCheckbox>
        </FormFrame>
      </Stack>
    </section>
  );
}
