import { z } from 'zod';
import type { UseFormReturn } from 'react-hook-form';
import {
  SubscriptionFormEntry,
  subscriptionDefaults,
  type InheritedNhsdPublication,
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
import { formatDate } from '#lib/format-date.ts';
import { nhsdErrorText } from '../wizard-state.ts';

const acceptFirst =
  'Accept the information use statement, or choose not to publish to this partner service';

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

/** A statement the step shows: what the person reads and, by ticking, accepts. */
type ShownStatement = PartnerServiceItem['informationUseStatement'];

/**
 * A partner the step asks about (docs/decisions/056-publications-need-current-acceptance.md): a national
 * directory the organisation has no current preference for, or a partner the services would inherit a
 * publication to under an older statement (`renews`), which they reach only if it is accepted again here.
 * `along`: partners that publishing to this one brings along (the providers-only directory), each statement
 * shown too.
 */
export type PublicationChoice = {
  id: string;
  code: string;
  name: string;
  statement: ShownStatement;
  along: Array<{ id: string; name: string; statement: ShownStatement }>;
  renews: InheritedNhsdPublication | null;
};

/** What the step asks about: the directories needed, then the inherited publications to accept again. */
export function publicationChoices(
  items: readonly PartnerServiceItem[],
  needs: PublicationNeeds,
  inherited: readonly InheritedNhsdPublication[],
): PublicationChoice[] {
  const stale = inherited.filter((i) => !i.current);
  const directories = offeredPartners(items, needs).map((p): PublicationChoice => ({
    id: p.id,
    code: p.code,
    name: p.name,
    statement: p.informationUseStatement,
    along: items
      .filter((i) => i.subscribedWith === p.code)
      .map((i) => ({ id: i.id, name: i.name, statement: i.informationUseStatement })),
    renews: stale.find((i) => i.partner.id === p.id) ?? null,
  }));
  const asked = new Set(directories.flatMap((d) => [d.id, ...d.along.map((a) => a.id)]));
  return [
    ...directories,
    ...stale
      .filter((i) => !asked.has(i.partner.id))
      .map((i): PublicationChoice => ({
        id: i.partner.id,
        code: i.partner.code,
        name: i.partner.name,
        statement: i.latestStatement,
        along: [],
        renews: i,
      })),
  ];
}

/**
 * The form's starting values: publish the services, statement not yet accepted; future practitioners as the
 * inherited publication had it, else on.
 */
export const publicationDefaults = (
  choices: readonly PublicationChoice[],
): PublicationFormValues => ({
  entries: Object.fromEntries(
    choices.map((c) => [
      c.id,
      {
        ...subscriptionDefaults(),
        ...(c.renews ? { publishFuturePractitioners: c.renews.publishFuturePractitioners } : {}),
      },
    ]),
  ),
});

/**
 * The subscriptions an import sends: each partner published to, on the statement the step showed; publishing
 * to the national directory for providers and consumers also subscribes the providers-only one, on its own
 * statement, shown beside it.
 */
export function subscriptionsOf(
  values: PublicationFormValues,
  choices: readonly PublicationChoice[],
): NhsdSubscription[] {
  const subscriptions: NhsdSubscription[] = [];
  for (const c of choices) {
    const entry = values.entries[c.id];
    if (!entry?.publishService) continue;
    const future = entry.publishFuturePractitioners;
    for (const p of [c, ...c.along])
      subscriptions.push({
        partnerServiceId: p.id,
        informationUseStatementId: p.statement.id,
        subscribeFuturePractitioners: future,
      });
  }
  return subscriptions;
}

/** "MediFund Health Insurance: inherited from the organisation Harbour Medical Group; …". */
export function inheritedText(i: InheritedNhsdPublication): string {
  const by = i.acceptedBy ? ` by ${i.acceptedBy}` : '';
  const on = i.acceptedAt ? ` on ${formatDate(i.acceptedAt)}` : '';
  return (
    `${i.partner.name}: inherited from the ${i.from.level} ${i.from.name}; information use statement ` +
    `version ${i.acceptedVersion ?? '–'} accepted${by}${on}; practitioners who join ` +
    `${i.publishFuturePractitioners ? 'are published too' : 'are not published'}.`
  );
}

/** Why a partner is asked about again: its inherited publication names an older statement. */
function renewalText(c: PublicationChoice, renews: InheritedNhsdPublication): string {
  const by = renews.acceptedBy
    ? `, accepted by ${renews.acceptedBy}`
    : ', with nobody recorded as accepting it';
  const version =
    renews.acceptedVersion === null ? 'no version' : `version ${renews.acceptedVersion}`;
  return (
    `The ${renews.from.level} ${renews.from.name} publishes to ${c.name} on ${version} of its information use ` +
    `statement${by}; version ${c.statement.version} is current. Accept it to publish the imported services to ` +
    `${c.name}; otherwise they are not published to it.`
  );
}

/** Props of Publication. */
export type PublicationProps = {
  form: UseFormReturn<PublicationFormValues>;
  fieldId: (name: string) => string;
  /** What the step asks about (undefined while the partner services load). */
  choices: PublicationChoice[] | undefined;
  partnersError: unknown;
  /** What the services would inherit on a current acceptance, without a choice here. */
  inherited: InheritedNhsdPublication[];
};

/**
 * Step 5, publish to national directories (docs/product/features.md#nhsd-import,
 * docs/decisions/056-publications-need-current-acceptance.md): every partner the imported services would
 * inherit a publication to, and for each directory the organisation has no current preference for — or
 * inherited publication under an older statement — publish the services (on by default), publish future
 * practitioners and accept the statement shown.
 */
export function Publication({
  form,
  fieldId,
  choices,
  partnersError,
  inherited,
}: PublicationProps) {
  const current = inherited.filter((i) => i.current);
  const already = current.length ? (
    <Stack gap={0.5}>
      <Text as="p">
        The imported services will be published to these partner services, as their organisation or
        location already is:
      </Text>
      <ul aria-label="Published already">
        {current.map((i) => (
          <li key={i.partner.id}>
            <Text as="p">{inheritedText(i)}</Text>
          </li>
        ))}
      </ul>
    </Stack>
  ) : null;
  if (partnersError)
    return (
      <Stack gap={1.5}>
        {already}
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
      </Stack>
    );
  if (!choices) return <Loading message="Loading national directories" />;
  return (
    <Stack gap={1.5}>
      {already}
      {choices.length ? (
        <Text as="p">
          Choose where else the imported services are published. A national directory you choose is
          kept for the services you import later.
        </Text>
      ) : (
        <Text as="p">There is nothing else to choose for this organisation.</Text>
      )}
      <ErrorSummary form={form} fieldId={fieldId} />
      {choices.map((c) => {
        const name = (field: string) =>
          `entries.${c.id}.${field}` as `entries.${string}.publishService`;
        const names = [c.name, ...c.along.map((a) => a.name)].join(' and ');
        return (
          <Stack key={c.id} gap={0.75}>
            <H3>{c.name}</H3>
            {c.renews ? <Text as="p">{renewalText(c, c.renews)}</Text> : null}
            <FormCheckbox control={form.control} name={name('publishService')} fieldId={fieldId}>
              {`Publish the imported services to ${c.name}`}
            </FormCheckbox>
            {c.along.length ? (
              <Text as="p" fontSize="sm" color="muted">
                {`Publishing to ${c.name} also publishes to ${c.along.map((a) => a.name).join(' and ')}.`}
              </Text>
            ) : null}
            <FormCheckbox
              control={form.control}
              name={name('publishFuturePractitioners')}
              fieldId={fieldId}
            >
              Also publish practitioners who join these services in future
            </FormCheckbox>
            {[c, ...c.along].map((p) => (
              <ExpandingHelp key={p.id} label={p.statement.title}>
                <Text as="p">{p.statement.content}</Text>
              </ExpandingHelp>
            ))}
            <FormCheckbox
              control={form.control}
              name={name('acceptIus')}
              fieldId={fieldId}
              legend={c.along.length ? 'Information use statements' : 'Information use statement'}
            >
              {c.along.length
                ? `I accept the information use statements of ${names}`
                : `I accept the information use statement of ${c.name}`}
            </FormCheckbox>
          </Stack>
        );
      })}
    </Stack>
  );
}
