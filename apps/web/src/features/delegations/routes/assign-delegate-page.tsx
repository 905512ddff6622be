import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { pages } from '@pca/contracts/pages.ts';
import {
  DelegateUserSearchRequest,
  InviteDelegateRequest,
  delegateSearchMessages,
  delegationMessages,
  delegationTexts,
  type DelegateCandidate,
  type DelegateUserSearchResult,
} from '@pca/contracts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { H1, H2 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { RadioGroup } from '@pca/ui/radio/radio.tsx';
import { Stepper } from '@pca/ui/stepper/stepper.tsx';
import { Tooltip } from '@pca/ui/tooltip/tooltip.tsx';
import { AutocompleteField } from '@pca/ui/input-fields/autocomplete-field.tsx';
import { ErrorSummary, FormTextField, useFieldId } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';
import { ApiError } from '#lib/http.ts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';
import { useDelegationConsent } from '../api/get-delegation-consent.ts';
import { usePotentialDelegates } from '../api/get-potential-delegates.ts';
import { useSearchDelegateUser } from '../api/search-delegate-user.ts';
import { delegationChanges, useDelegationChange } from '../api/change-delegation.ts';
import { ConsentList } from '../components/consent-list.tsx';
import { DelegateCard } from '../components/delegate-card.tsx';
import { DelegateDetailsFields } from '../components/delegate-details-fields.tsx';
import { ConsentTick } from '../components/consent-tick.tsx';
import { DelegationFormLayout } from '../components/delegation-form-layout.tsx';

type DelegateType = 'connections' | 'invite';

const DetailsForm = InviteDelegateRequest.pick({ givenName: true, familyName: true, email: true });
const EmailOnly = InviteDelegateRequest.pick({ email: true });

/** Focus delay after a failed search (docs/product/features.md#feature-constants). */
const SEARCH_FOCUS_DELAY_MS = 50;

/**
 * Assigning a delegate (docs/product/features.md#delegation): step 1 picks a connection or invites someone found
 * by RA number and last name (or described in the details form); step 2 is the consent. Assign is enabled
 * once a delegate is chosen or described, consent is given, and no save is in flight.
 */
export function AssignDelegatePage() {
  const navigate = useNavigate();
  const fieldId = useFieldId();
  const sorryId = useId();
  const [type, setType] = useState<DelegateType>('connections');
  const [connection, setConnection] = useState<DelegateCandidate | null>(null);
  // The search's answer with the RA number it was for (both change together; any edit clears them).
  const [result, setResult] = useState<
    (DelegateUserSearchResult & { authIdentifier: string }) | null
  >(null);
  const [consented, setConsented] = useState(false);
  const [triedAssign, setTriedAssign] = useState(false);
  const consent = useDelegationConsent();
  const connections = usePotentialDelegates(type === 'connections');
  const search = useSearchDelegateUser();
  const invite = useDelegationChange(delegationChanges.invite);
  const add = useDelegationChange(delegationChanges.add);
  const sorryRef = useRef<HTMLDivElement>(null);

  const searchForm = useSchemaForm(DelegateUserSearchRequest, {
    defaultValues: { authIdentifier: '', familyName: '' },
  });
  const details = useSchemaForm(DetailsForm, {
    defaultValues: { givenName: '', familyName: '', email: '' },
  });
  const emailForm = useSchemaForm(EmailOnly, { defaultValues: { email: '' } });

  // Any edit of the search form clears the result (4.3).
  useEffect(() => {
    const subscription = searchForm.watch(() => {
      setResult(null);
    });
    return () => subscription.unsubscribe();
  }, [searchForm]);

  const sorry = result?.alreadyInvited
    ? delegateSearchMessages.alreadyInvited
    : result?.lastNameDoesntMatch
      ? delegateSearchMessages.noMatch
      : null;
  useEffect(() => {
    if (!sorry) return;
    const timer = window.setTimeout(() => sorryRef.current?.focus(), SEARCH_FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [sorry]);

  const found = result && !sorry ? result.user : null;
  const needsDetails = Boolean(result && !sorry && !result.user);
  const needsEmail = Boolean(found && !found.email);
  const detailsValues = details.watch();
  const emailValue = emailForm.watch('email');
  const detailsEntered =
    needsDetails &&
    detailsValues.givenName.trim() !== '' &&
    detailsValues.familyName.trim() !== '' &&
    detailsValues.email.trim() !== '';
  const chosen =
    type === 'connections'
      ? connection !== null
      : (found !== null && (!needsEmail || emailValue.trim() !== '')) || detailsEntered;
  const saving = invite.isPending || add.isPending;
  const canAssign = chosen && consented && !saving && consent.data !== undefined;
  const saveError = invite.error ?? add.error;

  const finish = (outcome: 'added' | 'invited', givenName: string, email: string) =>
    void navigate(pages.delegates.list.href(), { state: { outcome, givenName, email } });

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
  const users = connections.data?.users ?? [];

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

        <section aria-labelledby={fieldId('step-1')}>
          <Stack gap={1.5}>
            <H2 id={fieldId('step-1')}>1. Choose a delegate</H2>
            <Flex gap={0.5} alignItems="flex-start">
              <RadioGroup
                name="delegate-type"
                label="How do you want to find your delegate?"
                required
                options={[
                  { value: 'connections', label: 'From your connections' },
                  { value: 'invite', label: 'Invite someone' },
                ]}
                value={type}
                onChange={(value) => {
                  setType(value as DelegateType);
                  invite.reset();
                  add.reset();
                }}
              />
              <Tooltip content="Search for practice or business managers linked to you">
                <button
                  type="button"
                  aria-label="About connections"
                  style={{
                    minWidth: 24,
                    minHeight: 24,
                    borderRadius: '50%',
                    border: '1px solid currentColor',
                    background: 'transparent',
                    font: 'inherit',
                    cursor: 'help',
                  }}
                >
                  ?
                </button>
              </Tooltip>
            </Flex>

            {type === 'connections' ? (
              <Stack gap={1}>
                <AutocompleteField
                  label="Type a name"
                  required
                  hint={
                    connections.isError
                      ? 'Your connections could not be loaded. Try again later, or invite someone'
                      : connections.data && users.length === 0
                        ? 'You have no connections who are not already your delegates: invite someone instead'
                        : 'Practice or business managers linked to you'
                  }
                  minChars={1}
                  debounceMs={200}
                  value={null}
                  loadOptions={async (query) => {
                    const q = query.trim().toLowerCase();
                    return users
                      .filter((u) => u.id !== connection?.id)
                      .filter((u) => `${u.givenName} ${u.familyName}`.toLowerCase().includes(q))
                      .map((u) => ({ value: u.id, label: `${u.givenName} ${u.familyName}` }));
                  }}
                  onChange={(option) => {
                    // Typing again does not drop the chosen person: only the card's close control does.
                    if (option) setConnection(users.find((u) => u.id === option.value) ?? null);
                  }}
                />
                {connection ? (
                  <DelegateCard user={connection} onRemove={() => setConnection(null)} />
                ) : null}
              </Stack>
            ) : (
              <Stack gap={1.5}>
                <form
                  noValidate
                  aria-label="Find the person to invite"
                  onSubmit={searchForm.handleSubmit((values) => {
                    setResult(null);
                    search.mutate(values, {
                      onSuccess: (answer) => {
                        setResult({ ...answer, authIdentifier: values.authIdentifier });
                        details.reset({ givenName: '', familyName: values.familyName, email: '' });
                      },
                    });
                  })}
                >
                  <Stack gap={1}>
                    <ErrorSummary
                      errors={searchForm.formState.errors}
                      fieldId={fieldId}
                      submitCount={searchForm.formState.submitCount}
                    />
                    <FormTextField
                      control={searchForm.control}
                      name="authIdentifier"
                      fieldId={fieldId}
                      label="RA number"
                      hint="The person's provider-login Registration Authority number: 10 digits"
                      required
                      maxLength={10}
                      maxWidth="md"
                    />
                    <FormTextField
                      control={searchForm.control}
                      name="familyName"
                      fieldId={fieldId}
                      label="Last name"
                      required
                      maxLength={100}
                      maxWidth="lg"
                    />
                    <div>
                      <Button type="submit" variant="secondary" loading={search.isPending}>
                        Search
                      </Button>
                    </div>
                  </Stack>
                </form>
                {sorry ? (
                  <div ref={sorryRef} tabIndex={-1} id={sorryId} style={{ outline: 'none' }}>
                    <Alert tone="warning" title={sorry.title}>
                      <Text as="p">{sorry.message}</Text>
                    </Alert>
                  </div>
                ) : null}
                {found ? (
                  <Stack gap={1}>
                    <DelegateCard user={found} />
                    {needsEmail ? (
                      <form
                        noValidate
                        aria-label="Their email"
                        onSubmit={(e) => e.preventDefault()}
                      >
                        <Stack gap={1}>
                          <Text as="p">{delegateSearchMessages.noEmailMatch}</Text>
                          <FormTextField
                            control={emailForm.control}
                            name="email"
                            fieldId={fieldId}
                            label="Email"
                            type="email"
                            required
                            maxLength={100}
                            maxWidth="xl"
                          />
                        </Stack>
                      </form>
                    ) : null}
                  </Stack>
                ) : null}
                {needsDetails ? (
                  <form noValidate aria-label="Their details" onSubmit={(e) => e.preventDefault()}>
                    <Stack gap={1}>
                      <Text as="p">
                        There is no Provider Connect Australia user with that RA number yet. Enter
                        their details and we will email the invitation on your behalf.
                      </Text>
                      <ErrorSummary
                        errors={details.formState.errors}
                        fieldId={fieldId}
                        submitCount={details.formState.submitCount}
                      />
                      <DelegateDetailsFields control={details.control} fieldId={fieldId} />
                    </Stack>
                  </form>
                ) : null}
              </Stack>
            )}
          </Stack>
        </section>

        <section aria-labelledby={fieldId('step-2')}>
          <Stack gap={1.5}>
            <H2 id={fieldId('step-2')}>2. Consent and delegate</H2>
            <ConsentList />
            <ConsentTick
              label={delegationTexts.consentAssign}
              message={delegationMessages.consentAssign}
              checked={consented}
              onChange={setConsented}
              showError={triedAssign}
            />
          </Stack>
        </section>

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
