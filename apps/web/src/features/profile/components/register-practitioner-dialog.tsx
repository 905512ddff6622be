import { useState } from 'react';
import {
  HpiiCheckRequest,
  PractitionerRegistrationRequest,
  constants,
  dialogWidths,
  practitionerRegistrationMessages,
} from '@pca/contracts';
import { Modal } from '@pca/ui/modal/modal.tsx';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Tooltip } from '@pca/ui/tooltip/tooltip.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { InfoIcon } from '@pca/ui/primitives/icon.ts';
import { ApiError } from '#lib/http.ts';
import {
  ErrorSummary,
  FormCheckbox,
  FormFrame,
  FormNumberField,
  useFieldId,
} from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';
import { DocumentLink } from '#lib/documents.tsx';
import { useHpiiCheck, usePractitionerRegistration } from '../api/practitioner-registration.ts';

/** The identity step's help (docs/product/features.md#profile, in the specification's words). */
export const hpiiTooltip =
  'Login to your provider-login account and access the government services portal. Select My programs then Healthcare identifiers to find your HPI-I.';

/** Where an HPI-I is found (docs/decisions/023-register-as-practitioner.md). */
export const findHpiiUrl =
  'https://www.servicesaustralia.gov.au/healthcare-identifiers-hi-service-for-individual-health-care-providers';

/** The terms step asks only for the two ticks; the HPI-I is the one the identity step checked. */
const TermsRequest = PractitionerRegistrationRequest.pick({
  participationAccepted: true,
  privacyAccepted: true,
});

/** The words of the server's problem for a field, or null (docs/decisions/023-register-as-practitioner.md). */
function fieldMessage(error: unknown, field: string): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.problem?.errors?.find((e) => e.field === field)?.message ?? null;
}

/** Props of RegisterPractitionerButton. */
export type RegisterPractitionerButtonProps = {
  /** The signed-in user registering themselves. */
  userId: string;
  /** Called with the registered HPI-I once the dialog has closed. */
  onRegistered: (hpii: string) => void;
  /** Called as the dialog opens: another action begins, so the page's status banner goes. */
  onStart?: () => void;
};

/**
 * 'Register as a practitioner' and its dialog (docs/product/features.md#profile): the identity step checks
 * the HPI-I with the HI Service through the server, the terms step saves. The page decides whether the
 * button shows (no HPI-I, both email and phone).
 */
export function RegisterPractitionerButton({
  userId,
  onRegistered,
  onStart,
}: RegisterPractitionerButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          onStart?.();
          setOpen(true);
        }}
      >
        Register as a practitioner
      </Button>
      {open ? (
        <RegisterPractitionerDialog
          userId={userId}
          onClose={() => setOpen(false)}
          onRegistered={(hpii) => {
            setOpen(false);
            onRegistered(hpii);
          }}
        />
      ) : null}
    </>
  );
}

/** Props of RegisterPractitionerDialog. */
export type RegisterPractitionerDialogProps = {
  userId: string;
  onClose: () => void;
  onRegistered: (hpii: string) => void;
};

/** The two-step dialog: 500 px for the identity step, 950 px for the terms. */
export function RegisterPractitionerDialog({
  userId,
  onClose,
  onRegistered,
}: RegisterPractitionerDialogProps) {
  // The identity step moves on only when the check succeeds (docs/product/features.md#profile).
  const [checkedHpii, setCheckedHpii] = useState<string | null>(null);
  // Each step is a dialog of its own (keyed), so that the terms step takes focus to its title as a dialog
  // does when it opens; updated in place, focus stayed on the identity step's Next, which was gone.
  return checkedHpii === null ? (
    <Modal
      key="identity"
      isOpen
      onClose={onClose}
      title="Your professional identity"
      width={dialogWidths.registerPractitioner}
      dismissOnClickOutside={false}
    >
      <IdentityStep userId={userId} onChecked={setCheckedHpii} onCancel={onClose} />
    </Modal>
  ) : (
    <Modal
      key="terms"
      isOpen
      onClose={onClose}
      title="Terms and Conditions"
      width={dialogWidths.registerPractitionerTerms}
      dismissOnClickOutside={false}
    >
      <TermsStep
        userId={userId}
        hpii={checkedHpii}
        onRegistered={onRegistered}
        onCancel={onClose}
      />
    </Modal>
  );
}

function IdentityStep({
  userId,
  onChecked,
  onCancel,
}: {
  userId: string;
  onChecked: (hpii: string) => void;
  onCancel: () => void;
}) {
  const fieldId = useFieldId();
  const check = useHpiiCheck();
  const form = useSchemaForm(HpiiCheckRequest, { defaultValues: { hpii: '' } });

  const onSubmit = form.handleSubmit((body) =>
    check.mutate(
      { userId, body },
      {
        onSuccess: (result) => onChecked(result.hpii),
        // The HI Service's answer belongs on the field (hpiiNoMatch, hpiiNotActive, hpiiNotLinked,
        // hpiiError); anything the server did not word is the general error.
        onError: (error) =>
          form.setError('hpii', {
            type: 'server',
            message:
              fieldMessage(error, 'hpii') ??
              (error instanceof ApiError && error.problem?.detail
                ? error.problem.detail
                : 'We could not check your HPI-I number right now. Please try again later.'),
          }),
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap={1.5}>
        <Text as="p">
          Enter your Healthcare Provider Identifier – Individual (HPI-I). We check it with the
          Healthcare Identifiers Service.
        </Text>
        <ErrorSummary form={form} fieldId={fieldId} />
        <Flex gap={0.5} alignItems="flex-end">
          <FormNumberField
            control={form.control}
            name="hpii"
            fieldId={fieldId}
            label="HPI-I number"
            hint={`${constants.hpiiLength} digits`}
            required
            maxLength={constants.hpiiLength}
          />
          <Tooltip content={hpiiTooltip}>
            <button
              type="button"
              aria-label="Where to find your HPI-I"
              style={{
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
                minWidth: '2.75rem',
                minHeight: '2.75rem',
                background: 'none',
                border: 'none',
                cursor: 'help',
              }}
            >
              <InfoIcon color="action" />
            </button>
          </Tooltip>
        </Flex>
        <Text as="p">
          <TextLink href={findHpiiUrl} target="_blank" rel="noopener noreferrer">
            How to find your HPI-I (opens in a new tab)
          </TextLink>
        </Text>
        <div aria-live="polite">
          {check.isPending ? <Text as="p">Validating your HPI-I number…</Text> : null}
        </div>
        <ButtonGroup>
          <Button type="submit" loading={check.isPending} loadingLabel="Validating">
            Next
          </Button>
          <Button type="button" variant="tertiary" onClick={onCancel}>
            Cancel
          </Button>
        </ButtonGroup>
      </Stack>
    </form>
  );
}

function TermsStep({
  userId,
  hpii,
  onRegistered,
  onCancel,
}: {
  userId: string;
  hpii: string;
  onRegistered: (hpii: string) => void;
  onCancel: () => void;
}) {
  const fieldId = useFieldId();
  const register = usePractitionerRegistration();
  // The ticks start unticked: the schema's output is `true`, its input may be false until then.
  const form = useSchemaForm(TermsRequest, {
    defaultValues: { participationAccepted: false as true, privacyAccepted: false as true },
  });
  const failure = register.isError
    ? (fieldMessage(register.error, 'hpii') ?? 'Please try again.')
    : null;

  return (
    <FormFrame
      form={form}
      fieldId={fieldId}
      onSubmit={(ticks) =>
        register.mutate(
          { userId, body: { hpii, ...ticks } },
          { onSuccess: (result) => onRegistered(result.hpii) },
        )
      }
      intro={
        <Text as="p">
          To register as a practitioner with HPI-I {hpii} you need to accept the participation
          agreement and the privacy notice.
        </Text>
      }
      serverError={null}
      submitLabel="Agree and continue"
      saving={register.isPending}
      otherActions={
        <Button type="button" variant="tertiary" onClick={onCancel}>
          Cancel
        </Button>
      }
    >
      {failure ? (
        <Alert tone="error" title={practitionerRegistrationMessages.saveFailed}>
          <Text as="p">{failure}</Text>
        </Alert>
      ) : null}
      <FormCheckbox
        control={form.control}
        name="participationAccepted"
        fieldId={fieldId}
        legend="Participation agreement"
        before={<DocumentLink document="participationAgreement" />}
      >
        I accept the participation agreement
      </FormCheckbox>
      <FormCheckbox
        control={form.control}
        name="privacyAccepted"
        fieldId={fieldId}
        legend="Privacy notice"
        before={<DocumentLink document="privacy" />}
      >
        I have read and accept the privacy notice
      </FormCheckbox>
    </FormFrame>
  );
}
