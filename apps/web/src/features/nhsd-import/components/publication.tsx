import { z } from 'zod';
import type { UseFormReturn } from 'react-hook-form';
import {
  SubscriptionFormEntry,
  subscriptionDefaults,
  type NhsdSubscription,
  type PartnerServiceItem,
  type PublicationPreferenceStatus,
} from '@pca/contracts';
import { nhsdMessages, nhsdPartnerCodes } from '@pca/contracts/nhsd-import-paths.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { ExpandingHelp } from '@pca/ui/expanding-help/expanding-help.tsx';
import { Loading } from '@pca/ui/loading/loading.tsx';
import { H3 } from '@pca/ui/primitives/heading.ts';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { ErrorSummary, FormCheckbox } from '#lib/forms/form-kit.tsx';
import { nhsdErrorText } from '../wizard-state.ts';

const acceptFirst =
  'Accept the information use statement, or choose not to publish to this directory';

/** The publication step's form: one entry per directory offered, by partner service id. */
export const PublicationForm = z
  .object({ entries: z.record(z.string(), SubscriptionFormEntry) })
  .superRefine((value, ctx) => {
    for (const [id, entry] of Object.entries(value.entries))
      if (entry.publishService && !entry.acceptIus)
        ctx.addIssue({ code: 'custom', path: ['entries', id, 'acceptIus'], message: acceptFirst });
  });
export type PublicationFormValues = z.infer<typeof PublicationForm>;

/** Which directories the step asks about (docs/product/features.md#nhsd-import). */
export type PublicationNeeds = { nationalDirectory: boolean; healthConnect: boolean };

/**
 * What the organisation lacks: national directory preferences, and Health Connect ones while its feature flag is
 * on. The step shows only when one of them is missing.
 */
export function publicationNeeds(
  status: PublicationPreferenceStatus,
  healthConnectFlag: boolean,
): PublicationNeeds {
  return {
    nationalDirectory: !status.hasNhsdPublicationPreferences,
    healthConnect: healthConnectFlag && !status.hasHcaPublicationPreferences,
  };
}

/** The partner services the step offers: the national directory and Health Connect, as needed. */
export function offeredPartners(
  items: readonly PartnerServiceItem[],
  needs: PublicationNeeds,
): PartnerServiceItem[] {
  return items.filter(
    (p) =>
      p.subscribedWith === null &&
      ((p.code === nhsdPartnerCodes.directory && needs.nationalDirectory) ||
        (p.code === nhsdPartnerCodes.healthConnect && needs.healthConnect)),
  );
}

/** The form's starting values: publish the services and future practitioners, statement not yet accepted. */
export const publicationDefaults = (
  offered: readonly PartnerServiceItem[],
): PublicationFormValues => ({
  entries: Object.fromEntries(offered.map((p) => [p.id, subscriptionDefaults()])),
});

/**
 * The subscriptions an import sends: each directory published to, on its latest statement; publishing to the
 * national directory for providers and consumers also subscribes the providers-only one.
 */
export function subscriptionsOf(
  values: PublicationFormValues,
  items: readonly PartnerServiceItem[],
): NhsdSubscription[] {
  const subscriptions: NhsdSubscription[] = [];
  for (const p of items) {
    const entry = values.entries[p.id];
    if (!entry?.publishService) continue;
    const subscription = {
      partnerServiceId: p.id,
      informationUseStatementId: p.informationUseStatement.id,
      subscribeFuturePractitioners: entry.publishFuturePractitioners,
    };
    subscriptions.push(subscription);
    for (const along of items.filter((i) => i.subscribedWith === p.code))
      subscriptions.push({
        ...subscription,
        partnerServiceId: along.id,
        informationUseStatementId: along.informationUseStatement.id,
      });
  }
  return subscriptions;
}

/** Props of Publication. */
export type PublicationProps = {
  form: UseFormReturn<PublicationFormValues>;
  fieldId: (name: string) => string;
  /** Partner services (undefined while loading). */
  partners: PartnerServiceItem[] | undefined;
  partnersError: unknown;
  needs: PublicationNeeds;
};

/**
 * Step 5, publish to national directories (docs/product/features.md#nhsd-import): for each directory the
 * organisation has no preferences for, publish the services (on by default), publish future practitioners (on by
 * default) and accept its information use statement.
 */
export function Publication({ form, fieldId, partners, partnersError, needs }: PublicationProps) {
  if (partnersError)
    return (
      <div>
        <Alert tone="error" title={nhsdMessages.partnerServiceError}>
          <Text as="p">
            {nhsdErrorText(
              partnersError,
              'You can import the services now and choose where they are published later.',
              'the partner services',
            )}
          </Text>
        </Alert>
      </div>
    );
  if (!partners) return <Loading message="Loading national directories" />;
  const offered = offeredPartners(partners, needs);
  if (offered.length === 0)
    return <Text as="p">There are no national directories to choose for this organisation.</Text>;
  return (
    <Stack gap={1.5}>
      <Text as="p">
        Choose the national directories the imported services are published to. Your choice is kept
        for the services you import later.
      </Text>
      <ErrorSummary
        errors={form.formState.errors}
        fieldId={fieldId}
        submitCount={form.formState.submitCount}
      />
      {offered.map((p) => {
        const along = partners.filter((i) => i.subscribedWith === p.code);
        const name = (field: string) =>
          `entries.${p.id}.${field}` as `entries.${string}.publishService`;
        return (
          <Stack key={p.id} gap={0.75}>
            <H3>{p.name}</H3>
            <FormCheckbox control={form.control} name={name('publishService')} fieldId={fieldId}>
              {`Publish the imported services to ${p.name}`}
            </FormCheckbox>
            {along.length ? (
              <Text as="p" fontSize="sm" color="muted">
                {`Publishing to ${p.name} also publishes to ${along.map((a) => a.name).join(' and ')}.`}
              </Text>
            ) : null}
            <FormCheckbox
              control={form.control}
              name={name('publishFuturePractitioners')}
              fieldId={fieldId}
            >
              Also publish practitioners who join these services in future
            </FormCheckbox>
            <ExpandingHelp label={p.informationUseStatement.title}>
              <Text as="p">{p.informationUseStatement.content}</Text>
            </ExpandingHelp>
            <FormCheckbox
              control={form.control}
              name={name('acceptIus')}
              fieldId={fieldId}
              legend="Information use statement"
            >
              {`I accept the information use statement of ${p.name}`}
            </FormCheckbox>
          </Stack>
        );
      })}
    </Stack>
  );
}
