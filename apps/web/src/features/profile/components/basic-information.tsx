import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useWatch } from 'react-hook-form';
import { BasicInformationUpdate, constants, profileMessages, type Profile } from '@pca/contracts';
import { pages } from '@pca/contracts/pages.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { H2 } from '@pca/ui/primitives/heading.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import {
  SummaryList,
  SummaryListItem,
  SummaryListItemDescription,
  SummaryListItemTerm,
} from '@pca/ui/primitives/summary-list.ts';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Chip } from '@pca/ui/chips/chip.tsx';
import { ApiError } from '#lib/http.ts';
import { FormTextField, useFieldId } from '#lib/forms/form-kit.tsx';
import { useSchemaForm } from '#lib/forms/use-schema-form.ts';
import { profileChanges, useProfileChange } from '../api/change-profile.ts';
import { emailStatus } from '../email-status.ts';
import { HpiiIndicator } from './hpii-indicator.tsx';
import { RegistrationsTable } from './registrations-table.tsx';

/** Props of BasicInformation. */
export type BasicInformationProps = {
  profile: Profile;
  /** Shows (or, with null, clears) the page's status banner. */
  onStatus: (message: string | null) => void;
  /** Where to go after saving, if the page was opened with one. */
  previousPath: string | null;
};

/** Whether the resend lock (server's date) is still running, re-evaluated when it ends. */
function useLockedUntil(until: string | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  const end = until ? Date.parse(until) : 0;
  useEffect(() => {
    if (end <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), end - now);
    return () => clearTimeout(timer);
  }, [end, now]);
  return end > now;
}

/**
 * 'Your details' (docs/product/features.md#profile): read-only names, preferred name, RA number, HPI-I and
 * registrations, then the email (with its verification) and phone the user keeps here.
 */
export function BasicInformation({ profile, onStatus, previousPath }: BasicInformationProps) {
  const navigate = useNavigate();
  const fieldId = useFieldId();
  const save = useProfileChange(profileChanges.basicInformation);
  const resend = useProfileChange(profileChanges.resendVerification);
  const [resendWarning, setResendWarning] = useState(false);
  const form = useSchemaForm(BasicInformationUpdate, {
    mode: 'all',
    defaultValues: { email: profile.email ?? '', phone: profile.phone ?? '' },
  });
  const typedEmail = useWatch({ control: form.control, name: 'email' }) ?? '';
  const status = emailStatus(profile.email, profile.emailConfirmed, typedEmail);
  const locked = useLockedUntil(profile.emailVerificationResendLockedUntil);
  const canEdit = profile.isOwnProfile;
  const hasBoth = Boolean(profile.email && profile.phone);

  const onSubmit = form.handleSubmit((body) => {
    onStatus(null);
    save.mutate(
      { userId: profile.id, body },
      {
        onSuccess: (saved) => {
          form.reset({ email: saved.email ?? '', phone: saved.phone ?? '' });
          if (previousPath) void navigate(previousPath);
          else onStatus(profileMessages.saved);
        },
      },
    );
  });

  const onResend = () => {
    onStatus(null);
    setResendWarning(false);
    resend.mutate(
      { userId: profile.id },
      {
        onError: (error) => {
          if (
            error instanceof ApiError &&
            error.problem?.detail?.includes(profileMessages.resendLocked)
          )
            setResendWarning(true);
        },
      },
    );
  };
  const resendFailed = resend.isError && !resendWarning;

  return (
    <Stack gap={1.5}>
      <H2>Your details</H2>
      <SummaryList>
        <SummaryListItem>
          <SummaryListItemTerm>Names</SummaryListItemTerm>
          <SummaryListItemDescription>
            {profile.givenName} {profile.familyName}
          </SummaryListItemDescription>
        </SummaryListItem>
        {profile.practitionerPreferredName ? (
          <SummaryListItem>
            <SummaryListItemTerm>Preferred name</SummaryListItemTerm>
            <SummaryListItemDescription>
              <Stack gap={0.25}>
                <span>{profile.practitionerPreferredName.text}</span>
                <Text fontSize="sm" color="muted">
                  {profileMessages.preferredNameHint}
                </Text>
              </Stack>
            </SummaryListItemDescription>
          </SummaryListItem>
        ) : null}
        <SummaryListItem>
          <SummaryListItemTerm>Registration Authority number</SummaryListItemTerm>
          <SummaryListItemDescription>{profile.authIdentifier}</SummaryListItemDescription>
        </SummaryListItem>
        {profile.hpii ? (
          <SummaryListItem>
            <SummaryListItemTerm>HPI-I number</SummaryListItemTerm>
            <SummaryListItemDescription>
              <Flex gap={0.5} alignItems="center">
                <span>{profile.hpii.slice(0, constants.hpiiLength)}</span>
                <HpiiIndicator state="valid" />
              </Flex>
            </SummaryListItemDescription>
          </SummaryListItem>
        ) : null}
      </SummaryList>
      {profile.ahpraPractitionerDetails.length ? (
        <RegistrationsTable rows={profile.ahpraPractitionerDetails} />
      ) : null}

      {save.isError ? (
        <div>
          <Alert tone="error" title={profileMessages.saveFailed} focusable>
            <Text as="p">
              {save.error instanceof ApiError && save.error.problem?.detail
                ? save.error.problem.detail
                : 'Please check your details and try again.'}
            </Text>
          </Alert>
        </div>
      ) : null}
      {resendWarning ? (
        <div>
          <Alert
            tone="warning"
            title={profileMessages.resendLockedWarning}
            onClose={() => setResendWarning(false)}
            closeLabel="Dismiss"
          >
            <Text as="p">A verification email was sent less than 5 minutes ago.</Text>
          </Alert>
        </div>
      ) : null}
      {resendFailed ? (
        <div>
          <Alert tone="error" title="The verification email could not be sent">
            <Text as="p">Please try again later.</Text>
          </Alert>
        </div>
      ) : null}
      {resend.isSuccess ? (
        <Text as="p" role="status">
          We have sent a verification email to {profile.email}.
        </Text>
      ) : null}

      {canEdit ? (
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Your details">
          <Stack gap={1.5}>
            <Stack gap={0.5}>
              <FormTextField
                control={form.control}
                name="email"
                fieldId={fieldId}
                label="Email"
                type="email"
                required
                maxLength={constants.emailMaxLength}
                maxWidth="xl"
              />
              {typedEmail.trim() ? (
                <Flex gap={1} alignItems="center" flexWrap="wrap">
                  <Chip tone={status.verified ? 'success' : 'warning'}>
                    {status.verified ? 'Verified' : 'Not verified'}
                  </Chip>
                  {status.set && !status.verified ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={onResend}
                      loading={resend.isPending}
                      disabled={locked}
                    >
                      Resend validation email
                    </Button>
                  ) : null}
                </Flex>
              ) : null}
            </Stack>
            <FormTextField
              control={form.control}
              name="phone"
              fieldId={fieldId}
              label="Phone"
              type="tel"
              required
              maxLength={constants.phoneMaxLength}
              maxWidth="md"
            />
            <ButtonGroup>
              <Button
                type="submit"
                loading={save.isPending}
                loadingLabel="Saving"
                disabled={!form.formState.isValid || save.isPending}
              >
                Save
              </Button>
              {hasBoth ? (
                <Button
                  variant="secondary"
                  onClick={() => void navigate(pages.welcome.dashboard.href())}
                >
                  Cancel
                </Button>
              ) : null}
            </ButtonGroup>
          </Stack>
        </form>
      ) : (
        <SummaryList>
          <SummaryListItem>
            <SummaryListItemTerm>Email</SummaryListItemTerm>
            <SummaryListItemDescription>
              <Flex gap={1} alignItems="center" flexWrap="wrap">
                <span>{profile.email ?? 'Not given'}</span>
                {profile.email ? (
                  <Chip tone={profile.emailConfirmed ? 'success' : 'warning'}>
                    {profile.emailConfirmed ? 'Verified' : 'Not verified'}
                  </Chip>
                ) : null}
              </Flex>
            </SummaryListItemDescription>
          </SummaryListItem>
          <SummaryListItem>
            <SummaryListItemTerm>Phone</SummaryListItemTerm>
            <SummaryListItemDescription>{profile.phone ?? 'Not given'}</SummaryListItemDescription>
          </SummaryListItem>
        </SummaryList>
      )}
    </Stack>
  );
}
