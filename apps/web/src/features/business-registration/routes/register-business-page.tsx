import { organisationHref, registerBusinessHref } from '@pca/contracts/pages.ts';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H1, H2 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { LoadingBlanket } from '@pca/ui/primitives/loading.ts';
import { PageAlert } from '@pca/ui/primitives/page-alert.ts';
import { Stepper } from '@pca/ui';
import {
  registrationSteps,
  registrationStepTitle,
  type Registration,
  type RegistrationStepUpdate,
} from '@pca/contracts';
import { QueryView } from '#lib/query-view.tsx';
import {
  useRegistration,
  useSaveRegistrationStep,
  useSubmitRegistration,
} from '../api/registration.ts';
import {
  AgreementStep,
  BusinessDetailsStep,
  ContactDetailsStep,
  PrimaryLocationStep,
  type StepFormProps,
} from '../components/registration-steps.tsx';
import { TypedLines } from '#lib/typed-lines.tsx';

const stepForms = [BusinessDetailsStep, ContactDetailsStep, PrimaryLocationStep, AgreementStep];
const welcomePath = '/welcome';

function Wizard({ registration }: { registration: Registration | null }) {
  const navigate = useNavigate();
  const [step, setStep] = useState(
    registration ? registrationSteps.indexOf(registration.nextStep) : 0,
  );
  const save = useSaveRegistrationStep(registration?.id);
  const submit = useSubmitRegistration(registration?.id);

  const onSave = (body: RegistrationStepUpdate) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        if (body.step === 'agreement') {
          // The dashboard's sign-up banner follows the registration's state from here on.
          submit.mutate(undefined, {
            onSuccess: () => void navigate(`${welcomePath}?msg=success`),
          });
          return;
        }
        if (!registration) void navigate(registerBusinessHref(saved.id), { replace: true });
        setStep((s) => Math.min(s + 1, registrationSteps.length - 1));
        document.getElementById('registration-step-heading')?.focus();
      },
    });
  const Form = stepForms[step]!;
  const props: StepFormProps = {
    registration,
    onSave,
    saving: save.isPending || submit.isPending,
    serverError: save.error ?? submit.error,
    ...(step > 0
      ? {
          onBack: () => {
            save.reset();
            setStep(step - 1);
          },
        }
      : {}),
  };
  return (
    <Stack gap={2}>
      {registration?.declineReason ? (
        <PageAlert tone="warning" title="Your registration was not approved">
          <Text as="p">
            <TypedLines>{registration.declineReason}</TypedLines>
          </Text>
          <Text as="p">Update your registration and submit it again.</Text>
        </PageAlert>
      ) : null}
      <Stepper
        steps={registrationSteps.map((s) => registrationStepTitle[s])}
        activeIndex={step}
        label="Registration steps"
      />
      <Stack gap={1}>
        <H2 id="registration-step-heading" tabIndex={-1}>
          {`Step ${step + 1} of ${registrationSteps.length}: ${registrationStepTitle[registrationSteps[step]!]}`}
        </H2>
        <Form key={step} {...props} />
      </Stack>
    </Stack>
  );
}

/** Register a business: a new registration, or (with orgId) one continued in Pending Submission. */
export function RegisterBusinessPage() {
  const { orgId } = useParams();
  const query = useRegistration(orgId);
  return (
    <Stack gap={1.5}>
      <H1>Register a business</H1>
      <Text as="p">
        Register your business to manage its locations, healthcare services and practitioners, and
        choose the partner services it publishes to. Your progress is saved at every step.
      </Text>
      {!orgId ? (
        <Wizard registration={null} />
      ) : (
        <QueryView
          query={query}
          loading={
            <div style={{ position: 'relative', minHeight: '12rem' }}>
              <LoadingBlanket label="Loading registration" />
            </div>
          }
          thing="this registration"
          askWhom="the person who started the registration"
        >
          {(registration) =>
            registration.status !== 'PendingSubmission' ? (
              <PageAlert tone="info" title="This registration has been submitted">
                <Text as="p">
                  {registration.status === 'Approved'
                    ? `${registration.businessName} is registered.`
                    : 'Approval pending: You will be notified of the outcome. This is estimated to take 24 to 48 hours to complete.'}{' '}
                  <TextLink href={organisationHref('ParticipatingOrganisation', registration.id)}>
                    View the organisation
                  </TextLink>
                </Text>
              </PageAlert>
            ) : (
              <Wizard key={registration.id} registration={registration} />
            )
          }
        </QueryView>
      )}
    </Stack>
  );
}

export { RegisterBusinessPage as Component };
