import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { pages } from '@pca/contracts/pages.ts';
import {
  delegateSearchMessages,
  delegationMessages,
  delegationTexts,
  type DelegateCandidate,
  type DelegateUserSearchRequest,
  type DelegateUserSearchResult,
} from '@pca/contracts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Stepper } from '@pca/ui/stepper/stepper.tsx';
import { useFieldId } from '#lib/forms/form-kit.tsx';
import { ApiError } from '#lib/http.ts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import { useDelegationConsent } from '../api/get-delegation-consent.ts';
import { usePotentialDelegates } from '../api/get-potential-delegates.ts';
import { useSearchDelegateUser } from '../api/search-delegate-user.ts';
import { delegationChanges, useDelegationChange } from '../api/change-delegation.ts';
import { DelegateCard } from '../components/delegate-card.tsx';
import { DelegationFormLayout } from '../components/delegation-form-layout.tsx';
import { ChooseDelegateStep, type DelegateType } from '../components/choose-delegate-step.tsx';
import { ChooseConnection } from '../components/choose-connection.tsx';
import { InviteSearchForm, useInviteSearchForm } from '../components/invite-search-form.tsx';
import { DelegateEmailForm, useDelegateEmailForm } from '../components/delegate-email-form.tsx';
import {
  DelegateDetailsForm,
  detailsEntered,
  useDelegateDetailsForm,
} from '../components/delegate-details-form.tsx';
import { ConsentList } from '../components/consent-list.tsx';
import { ConsentTick } from '../components/consent-tick.tsx';
import { StepSection } from '../components/step-section.tsx';

/**
 * Assigning a delegate (docs/product/features.md#delegation): step 1 picks a connection or invites someone found
 * by RA number and last name (or described in the details form); step 2 is the consent. Assign is enabled
 * once a delegate is chosen or described, consent is given, and no save is in flight. Each step and form is a
 * component of ../components; this page holds what they share and sends the assignment.
 */
export function AssignDelegatePage() {
  const navigate = useNavigate();
  const fieldId = useFieldId();
  const [type, setType] = useState<DelegateType>('connections');
  const [connection, setConnection] = useState<DelegateCandidate | null>(null);
  // The search's answer with the RA number it was for (both change together; any edit clears them).
  const [result, setResult] = useState<
    (DelegateUserSearchResult & { authIdentifier: string }) | null
  >(null);
  // Why the last search failed (a refusal such as the caller's own RA number); any edit clears it too.
  const [searchError, setSearchError] = useState<unknown>(null);
  const [consented, setConsented] = useState(false);
  const [triedAssign, setTriedAssign] = useState(false);
  const consent = useDelegationConsent();
  const connections = usePotentialDelegates(type === 'connections');
  const search = useSearchDelegateUser();
  const invite = useDelegationChange(delegationChanges.invite);
  const add = useDelegationChange(delegationChanges.add);
  const searchForm = useInviteSearchForm();
  const details = useDelegateDetailsForm();
  const emailForm = useDelegateEmailForm();
  const clearResult = useCallback(() => {
    setResult(null);
    setSearchError(null);
  }, []);

  const sorry = result?.alreadyInvited
    ? delegateSearchMessages.alreadyInvited
    : result?.lastNameDoesntMatch
      ? delegateSearchMessages.noMatch
      : null;
  const found = result && !sorry ? result.user : null;
  const needsDetails = Boolean(result && !sorry && !result.user);
  const needsEmail = Boolean(found && !found.email);
  const detailsValues = details.watch();
  const emailValue = emailForm.watch('email');
  const chosen =
    type === 'connections'
      ? connection !== null
      : (found !== null && (!needsEmail || emailValue.trim() !== '')) ||
        (needsDetails && detailsEntered(detailsValues));
  const saving = invite.isPending || add.isPending;
  const canAssign = chosen && consented && !saving && consent.data !== undefined;
  const saveError = invite.error ?? add.error;

  const finish = (outcome: 'added' | 'invited', givenName: string, email: string) =>
    void navigate(pages.delegates.list.href(), { state: { outcome, givenName, email } });

  const searchFor = (values: DelegateUserSearchRequest) => {
    setResult(null);
    setSearchError(null);
    search.mutate(values, {
      onSuccess: (answer) => {
        setResult({ ...answer, authIdentifier: values.authIdentifier });
        details.reset({ givenName: '', familyName: values.familyName, email: '' });
      },
      onError: (error) => setSearchError(error),
    });
  };

  const assign = async () => {
    setTriedAssign(true);
    if (!canAssign || !consent.data) return;
    const consentFields = { consent: true, consentVersion: consent.data.version };
    if (type === 'connections' && connection) {
      add.mutate(
        { userId: connection.id, ...consentFields },
        {
          onSuccess: (d) => finish('added', d.givenName, d.email),
        },
      );
      return;
    }
    if (found && result) {
      let email = found.email ?? '';
      if (needsEmail) {
        const ok = await emailForm.trigger();
        if (!ok) return;
        email = emailForm.getValues('email').trim();
      }
      invite.mutate(
        {
          authIdentifier: result.authIdentifier,
          givenName: found.givenName,
          familyName: found.familyName,
          email,
          ...consentFields,
        },
        { onSuccess: (d) => finish('invited', d.givenName, d.email) },
      );
      return;
    }
    if (needsDetails && result) {
      const ok = await details.trigger();
      if (!ok) return;
      const v = details.getValues();
      invite.mutate(
        {
          authIdentifier: result.authIdentifier,
          givenName: v.givenName.trim(),
          familyName: v.familyName.trim(),
          email: v.email.trim(),
          ...consentFields,
        },
        { onSuccess: (d) => finish('invited', d.givenName, d.email) },
      );
    }
  };

  const stepOneDone = chosen;
  const activeStep = stepOneDone ? (consented ? 2 : 1) : 0;

  return (
    <DelegationFormLayout>
      <Stack gap={2}>
        <H1>Assigning a delegate</H1>
        <Stepper
          label="Assigning a delegate: progress"
          steps={['Choose a delegate', 'Consent and delegate']}
          activeIndex={activeStep}
        />
        {saveError ? (
          <div>
            <Alert
              tone="error"
              title={
                type === 'connections' ? 'Error assigning delegate' : 'Error inviting delegate'
              }
              focusable
            >
              <Text as="p">
                {saveError instanceof ApiError && saveError.problem?.errors?.length
                  ? saveError.problem.errors.map((e) => e.message).join(' ')
                  : describeApiErrorText(saveError, { thing: 'your delegate', action: 'save' })}
              </Text>
            </Alert>
          </div>
        ) : null}

        <ChooseDelegateStep
          headingId={fieldId('step-1')}
          type={type}
          onTypeChange={(value) => {
            setType(value);
            invite.reset();
            add.reset();
          }}
        >
          {type === 'connections' ? (
            <ChooseConnection
              users={connections.data?.users}
              loadFailed={connections.isError}
              connection={connection}
              onChange={setConnection}
            />
          ) : (
            <Stack gap={1.5}>
              <InviteSearchForm
                form={searchForm}
                onSearch={searchFor}
                onEdit={clearResult}
                searching={search.isPending}
                sorry={sorry}
                error={searchError}
              />
              {found ? (
                <Stack gap={1}>
                  <DelegateCard user={found} />
                  {needsEmail ? <DelegateEmailForm form={emailForm} /> : null}
                </Stack>
              ) : null}
              {needsDetails ? <DelegateDetailsForm form={details} /> : null}
            </Stack>
          )}
        </ChooseDelegateStep>

        <StepSection id={fieldId('step-2')} heading="2. Consent and delegate" gap={1.5}>
          <ConsentList />
          <ConsentTick
            label={delegationTexts.consentAssign}
            message={delegationMessages.consentAssign}
            checked={consented}
            onChange={setConsented}
            showError={triedAssign}
          />
        </StepSection>

        <ButtonGroup>
          <Button onClick={() => void assign()} disabled={!canAssign} loading={saving}>
            Assign
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              window.history.length > 1
                ? void navigate(-1)
                : void navigate(pages.delegates.list.href())
            }
          >
            Cancel
          </Button>
        </ButtonGroup>
      </Stack>
    </DelegationFormLayout>
  );
}

export { AssignDelegatePage as Component };
