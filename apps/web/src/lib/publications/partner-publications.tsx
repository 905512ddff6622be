import { useState } from 'react';
import type {
  PartnerPublicationChange,
  PartnerPublicationView,
  PublicationChoice,
  PublicationLevel,
} from '@pca/contracts';
import {
  publicationLevelLabel,
  publicationMessages as m,
} from '@pca/contracts/publications-paths.ts';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
import { Card } from '@pca/ui/card/card.tsx';
import { Checkbox } from '@pca/ui/checkbox/checkbox.tsx';
import { Modal } from '@pca/ui/modal/modal.tsx';
import { Toggle } from '@pca/ui/toggle/toggle.tsx';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Text } from '@pca/ui/primitives/text.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { pages } from '@pca/contracts/pages.ts';
import { ApiError } from '#lib/api-error.ts';
import { ApiErrorAlert } from '#lib/errors/api-error-alert.tsx';
import { formatDate } from '#lib/format-date.ts';
import { InformationUseStatementText } from './information-use-statement.tsx';
import { PartnerPublicationsSkeleton } from './partner-publications-skeleton.tsx';
import { useChangePartnerPublication, usePartnerPublications } from './publications-api.ts';

// The Partner services tab's publication choices (docs/decisions/030-publishing-to-partners.md): one card per
// partner offered, what applies here and where it comes from, and — for those who may change it — a switch,
// a checkbox and the statement to read and accept.

/** Props of PartnerPublications. */
export type PartnerPublicationsProps = {
  level: PublicationLevel;
  /** The organisation's, location's or healthcare service's id. */
  id: string;
};

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "version 1, accepted by Alice Nguyen on 4 Mar 2026" (or what of it is known). */
function acceptanceText(choice: PublicationChoice): string {
  if (choice.acceptedVersion === null) return 'Information use statement not accepted';
  const by = choice.acceptedBy ? ` by ${choice.acceptedBy}` : '';
  const on = choice.acceptedAt ? ` on ${formatDate(choice.acceptedAt)}` : '';
  return `Information use statement version ${choice.acceptedVersion} accepted${by}${on}`;
}

/** What applies to the entity for a partner, in words. */
function appliesText(p: PartnerPublicationView, level: PublicationLevel): string {
  if (p.own)
    return `${p.own.publish ? 'Published' : 'Not published'}: this ${publicationLevelLabel[level]}'s own choice`;
  if (p.inherited)
    return `${p.inherited.publish ? 'Published' : 'Not published'}: inherited from the ${publicationLevelLabel[p.inherited.from.level]} ${p.inherited.from.name}`;
  return 'Not published';
}

/** The statement dialog: read it, and accept it (then publish) when a change is waiting for it. */
type Reading = { partner: PartnerPublicationView; pending: PartnerPublicationChange | null };

export function PartnerPublications({ level, id }: PartnerPublicationsProps) {
  const query = usePartnerPublications(level, id);
  const mutation = useChangePartnerPublication(level, id);
  const [reading, setReading] = useState<Reading | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [failed, setFailed] = useState<{ partner: string; detail: string | null } | null>(null);

  if (query.isPending) return <PartnerPublicationsSkeleton />;
  if (query.isError)
    return (
      <ApiErrorAlert
        error={query.error}
        thing="the partner services"
        onRetry={() => void query.refetch()}
        logMessage="Partner services failed to load"
      />
    );

  const { partners, canEdit, organisationId } = query.data;

  function save(p: PartnerPublicationView, change: PartnerPublicationChange | null) {
    setSaved(null);
    setFailed(null);
    mutation.mutate(
      { partnerServiceId: p.partner.id, change },
      {
        onSuccess: () => {
          setReading(null);
          setSaved(m.saved(p.partner.name));
        },
        onError: (error) => {
          setReading(null);
          setFailed({
            partner: p.partner.name,
            detail: error instanceof ApiError ? (error.problem?.detail ?? null) : null,
          });
        },
      },
    );
  }

  /** Publishing needs the latest statement accepted at this level: ask for it first when it is not. */
  function request(p: PartnerPublicationView, change: PartnerPublicationChange) {
    if (change.publish && p.own?.acceptedVersion !== p.latestStatement.version)
      setReading({ partner: p, pending: change });
    else save(p, change);
  }

  return (
    <Stack gap={1.5}>
      {saved ? <Alert tone="success" title={saved} onClose={() => setSaved(null)} /> : null}
      {failed ? (
        <Alert tone="error" title={m.saveError} onClose={() => setFailed(null)}>
          {failed.detail ? <Text as="p">{failed.detail}</Text> : null}
        </Alert>
      ) : null}
      {!canEdit ? <Text as="p">{m.readOnly}</Text> : null}
      <Text as="p">
        <TextLink href={pages.publishing.emailNotifications.href({ organisationId })}>
          Who is emailed when publication changes
        </TextLink>
      </Text>
      {partners.length === 0 ? <Text as="p">{m.noPartners}</Text> : null}
      {partners.map((p) => {
        const applies = p.own ?? p.inherited;
        const publish = applies?.publish ?? false;
        const future = applies?.publishFuturePractitioners ?? false;
        const busy = mutation.isPending && mutation.variables?.partnerServiceId === p.partner.id;
        return (
          // A named group per partner, so its switch and texts are found (and announced) as that partner's.
          <div key={p.partner.id} role="group" aria-label={p.partner.name}>
            <Card title={p.partner.name} headingLevel="h3" variant="outlined">
              <Stack gap={0.75}>
                <Text as="p" color="muted">
                  {capitalised(p.partner.role)}
                </Text>
                <Text as="p">{appliesText(p, level)}</Text>
                {applies ? <Text as="p">{acceptanceText(applies)}</Text> : null}
                {applies ? (
                  <Text as="p">Publish future practitioners: {future ? 'Yes' : 'No'}</Text>
                ) : null}
                {p.needsLatestAcceptance ? (
                  <Alert
                    tone="warning"
                    title={`${p.partner.name} has a new information use statement (version ${p.latestStatement.version})`}
                  >
                    <Text as="p">
                      Nothing is published to {p.partner.name} until the new version is accepted.
                    </Text>
                    {canEdit ? (
                      <Button
                        variant="secondary"
                        onClick={() =>
                          setReading({
                            partner: p,
                            pending: { publish: true, publishFuturePractitioners: future },
                          })
                        }
                      >
                        {m.acceptLatest}
                      </Button>
                    ) : (
                      <Text as="p">A manager needs to accept the latest version.</Text>
                    )}
                  </Alert>
                ) : null}
                {canEdit ? (
                  <Stack gap={0.75}>
                    <Toggle
                      label={m.publishLabel(p.partner.name)}
                      checked={publish}
                      onChange={(checked) =>
                        busy
                          ? undefined
                          : request(p, { publish: checked, publishFuturePractitioners: future })
                      }
                    />
                    <Checkbox
                      checked={future}
                      disabled={busy}
                      onCheckedChange={(checked) =>
                        request(p, { publish, publishFuturePractitioners: checked })
                      }
                    >
                      {m.futureLabel}
                    </Checkbox>
                    <ButtonGroup>
                      <Button
                        variant="tertiary"
                        onClick={() => setReading({ partner: p, pending: null })}
                      >
                        {m.readStatement}
                      </Button>
                      {p.own && p.inherited ? (
                        <Button variant="tertiary" disabled={busy} onClick={() => save(p, null)}>
                          {m.useInherited}
                        </Button>
                      ) : null}
                    </ButtonGroup>
                  </Stack>
                ) : null}
              </Stack>
            </Card>
          </div>
        );
      })}
      {reading ? (
        <Modal
          isOpen
          title={reading.partner.latestStatement.title}
          onClose={() => setReading(null)}
          width={800}
          actions={
            reading.pending && canEdit ? (
              <ButtonGroup>
                <Button
                  loading={mutation.isPending}
                  onClick={() =>
                    save(reading.partner, {
                      ...reading.pending!,
                      acceptInformationUseStatementId: reading.partner.latestStatement.id,
                    })
                  }
                >
                  {m.acceptAndPublish}
                </Button>
                <Button variant="tertiary" onClick={() => setReading(null)}>
                  Cancel
                </Button>
              </ButtonGroup>
            ) : undefined
          }
        >
          <InformationUseStatementText statement={reading.partner.latestStatement} />
        </Modal>
      ) : null}
    </Stack>
  );
}
