import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { pages } from '@pca/contracts/pages.ts';
import {
  ResendInvitationRequest,
  delegationMessages,
  delegationTexts,
  possessive,
} from '@pca/contracts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Stepper } from '@pca/ui/stepper/stepper.tsx';
import { TextField } from '@pca/ui/input-fields/text-field.tsx';
import { ErrorSummary, useFieldId } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import { useDelegationConsent } from '../api/get-delegation-consent.ts';
import { delegationChanges, useDelegationChange } from '../api/change-delegation.ts';
import { ConsentList } from '../components/consent-list.tsx';
import { DelegateDetailsFields } from '../components/delegate-details-fields.tsx';
import { resendStateOf, type ResendState } from '../components/delegation-outcome.ts';
import { ConsentTick } from '../components/consent-tick.tsx';
import { DelegationFormLayout } from '../components/delegation-form-layout.tsx';
import { StepSection } from '../components/step-section.tsx';

const ConfirmDelegate = ResendInvitationRequest.pick({
  givenName: true,
  familyName: true,
  email: true,
});

/** Resend invite (docs/product/features.md#delegation): needs the row's details in the navigation state. */
export function ResendInvitePage() {
  const state = resendStateOf(useLocation().state);
  if (!state) return <Navigate to={pages.delegates.list.href()} replace />;
  return <ResendInviteForm invitation={state} />;
}

function ResendInviteForm({ invitation }: { invitation: ResendState }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const fieldId = useFieldId();
  const consent = useDelegationConsent();
  const resend = useDelegationChange(delegationChanges.resend);
  const [consented, setConsented] = useState(false);
  const [tried, setTried] = useState(false);
  const form = useSchemaForm(ConfirmDelegate, {
    defaultValues: {
      givenName: invitation.givenName,
      familyName: invitation.familyName,
      email: invitation.email,
    },
  });

  return (
    <DelegationFormLayout>
      <Stack gap={2}>
        <H1>{`Resend ${possessive(invitation.givenName)} invite`}</H1>
        <Stepper
          label="Resending the invite: progress"
          steps={['Confirm delegate', 'Confirm']}
          activeIndex={consented ? 2 : form.formState.isValid ? 1 : 0}
        />
        {resend.isError ? (
          <div>
            <Alert tone="error" title="Error resending invitation" focusable>
              <Text as="p">
                {describeApiErrorText(resend.error, { thing: 'the invitation', action: 'save' })}
              </Text>
            </Alert>
          </div>
        ) : null}
        <form
          noValidate
          aria-labelledby={fieldId('heading')}
          onSubmit={form.handleSubmit(
            (values) => {
              setTried(true);
              if (!consented || !consent.data) return;
              resend.mutate(
                {
                  id,
                  body: {
                    ...values,
                    authIdentifier: invitation.authIdentifier,
                    delegateInvitationId: id,
                    consent: true,
                    consentVersion: consent.data.version,
                  },
                },
                {
                  onSuccess: (d) =>
                    void navigate(pages.delegates.list.href(), {
                      state: { outcome: 'resent', givenName: d.givenName, email: d.email },
                    }),
                },
              );
            },
            () => setTried(true),
          )}
        >
          <Stack gap={2}>
            <ErrorSummary
              form={form}
              fieldId={fieldId}

              serverError={resend.error}
            />
            <StepSection id={fieldId('heading')} heading="1. Confirm delegate">
              <DelegateDetailsFields
                control={form.control}
                fieldId={fieldId}
                emailHint={delegationTexts.inviteEmailHint}
              />
              <TextField
                label="Provider Digital Access (PRODA) RA number"
                value={invitation.authIdentifier}
                disabled
                hideOptionalLabel
                maxWidth="md"
              />
            </StepSection>
            <StepSection id={fieldId('confirm')} heading="2. Confirm">
              <ConsentList />
              <ConsentTick
                label={delegationTexts.consentResend}
                message={delegationMessages.consentResend}
                checked={consented}
                onChange={setConsented}
                showError={tried}
                id={fieldId('consent')}
              />
            </StepSection>
            <ButtonGroup>
              <Button type="submit" loading={resend.isPending} disabled={!consent.data}>
                Resend
              </Button>
              <Button
                variant="secondary"
                onClick={() => void navigate(pages.delegates.list.href())}
              >
                Cancel
              </Button>
            </ButtonGroup>
          </Stack>
        </form>
      </Stack>
    </DelegationFormLayout>
  );
}

export { ResendInvitePage as Component };
