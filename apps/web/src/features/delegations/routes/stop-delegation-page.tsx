import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { pages } from '@pca/contracts/pages.ts';
import {
  delegationMessages,
  delegationTexts,
  possessive,
} from '@pca/contracts/delegation-rules.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Stepper } from '@pca/ui/stepper/stepper.tsx';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import { useDelegationConsent } from '../api/get-delegation-consent.ts';
import { delegationChanges, useDelegationChange } from '../api/change-delegation.ts';
import { ConsentList } from '../components/consent-list.tsx';
import { stopStateOf, type StopState } from '../components/delegation-outcome.ts';
import { ConsentTick } from '../components/consent-tick.tsx';
import { DelegationFormLayout } from '../components/delegation-form-layout.tsx';
import { StepSection } from '../components/step-section.tsx';

/** Stop delegation (docs/product/features.md#delegation): needs the delegate's name and email in the navigation state. */
export function StopDelegationPage() {
  const state = stopStateOf(useLocation().state);
  if (!state) return <Navigate to={pages.delegates.list.href()} replace />;
  return <StopDelegation delegate={state} />;
}

function StopDelegation({ delegate }: { delegate: StopState }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const consent = useDelegationConsent();
  const stop = useDelegationChange(delegationChanges.stop);
  const [consented, setConsented] = useState(false);
  const [tried, setTried] = useState(false);

  return (
    <DelegationFormLayout>
      <Stack gap={2}>
        <Stack gap={1}>
          <H1>{`Stopping ${possessive(delegate.givenName)} delegation`}</H1>
          <Text as="p">{delegationTexts.stopIntro}</Text>
        </Stack>
        <Stepper
          label="Stopping the delegation: progress"
          steps={['Review', 'Confirm']}
          activeIndex={consented ? 2 : 1}
        />
        {stop.isError ? (
          <div>
            <Alert tone="error" title="Error stopping delegation" focusable>
              <Text as="p">
                {describeApiErrorText(stop.error, { thing: 'the delegation', action: 'save' })}
              </Text>
            </Alert>
          </div>
        ) : null}
        <StepSection id="stop-review" heading="1. Review">
          <ConsentList intro={`${delegate.givenName} will no longer be able to:`} />
        </StepSection>
        <StepSection id="stop-confirm" heading="2. Confirm">
          <ConsentTick
            label={delegationTexts.consentStop}
            message={delegationMessages.consentStop}
            checked={consented}
            onChange={setConsented}
            showError={tried}
          />
        </StepSection>
        <ButtonGroup>
          <Button
            loading={stop.isPending}
            disabled={!consent.data}
            onClick={() => {
              setTried(true);
              if (!consented || !consent.data) return;
              stop.mutate(
                { id, body: { consent: true, consentVersion: consent.data.version } },
                {
                  onSuccess: () =>
                    void navigate(pages.delegates.list.href(), {
                      state: {
                        outcome: 'stopped',
                        givenName: delegate.givenName,
                        email: delegate.email,
                      },
                    }),
                },
              );
            }}
          >
            Stop
          </Button>
          <Button variant="secondary" onClick={() => void navigate(pages.delegates.list.href())}>
            Cancel
          </Button>
        </ButtonGroup>
      </Stack>
    </DelegationFormLayout>
  );
}

export { StopDelegationPage as Component };
