import { organisationHref } from '@pca/contracts/pages.ts';
import { appendAudit, type AuditEntry } from '#platform/audit.ts';
import type { AppDeps } from '#platform/deps.ts';
import { changedFields } from '#platform/entities/audited-write.ts';
import { queueMail } from '#platform/outbox.ts';
import { publicationChangedMail, recordedChoice } from '#platform/mail/publication-changed-mail.ts';
import type { ImportPlan, PreferenceLevel } from './plan.ts';
import { nhsdImportRepository as repo } from './repository.ts';

/** The import's transaction. */
type Executor = Parameters<typeof repo.savePreference>[0];

/**
 * Saves the standing choice for a directory chosen in the publication step at `level` (the highest
 * organisation the importer may change, plan.ts) as the Partner services tab saves an organisation's choice
 * (docs/decisions/030-publishing-to-partners.md): in the import's transaction, the row (the statement accepted
 * now, so who accepted it and when), a `publication.changed` audit event with the changed fields, and a mail to
 * every publication email recipient of the organisation and of those above it. A choice that changes nothing
 * and was already accepted by a person on this statement writes nothing.
 */
export async function saveStandingPreference(
  tx: Executor,
  config: AppDeps['config'],
  level: PreferenceLevel,
  choice: ImportPlan['subscriptions'][number],
  actor: Omit<AuditEntry, 'action' | 'entityType' | 'entityId'> & { actorUserId: string },
) {
  const row = await repo.preferenceForUpdate(tx, level.organisationId, choice.partnerServiceId);
  const next = {
    publish: true,
    publishFuturePractitioners: choice.publishFuturePractitioners,
    informationUseStatementId: choice.informationUseStatementId,
  };
  const before = recordedChoice(row);
  const changed = changedFields<typeof next>(before, next);
  const newlyAccepted =
    choice.informationUseStatementId !== row?.informationUseStatementId || !row?.acceptedByUserId;
  if (row && !Object.keys(changed).length && !newlyAccepted) return;
  const id = await repo.savePreference(tx, {
    organisationId: level.organisationId,
    partnerServiceId: choice.partnerServiceId,
    informationUseStatementId: choice.informationUseStatementId,
    publishFuturePractitioners: choice.publishFuturePractitioners,
    userId: actor.actorUserId,
    accepted: newlyAccepted,
  });
  await appendAudit(tx, {
    ...actor,
    action: 'publication.changed',
    entityType: 'PartnerPublication',
    entityId: id,
    changedFields: {
      ...changed,
      ...(newlyAccepted ? { acceptedVersion: { from: null, to: choice.version } } : {}),
    },
  });
  // The Partner services tab's mail, about the organisation level.
  const mail = publicationChangedMail({
    publicUrl: config.publicUrl,
    entity: {
      name: level.name,
      level: 'organisation',
      href: organisationHref(level.type, level.organisationId, { tab: 'Partner services' }),
    },
    partnerName: choice.partnerName,
    before,
    after: next,
    acceptedVersion: newlyAccepted ? choice.version : null,
  });
  for (const to of await repo.recipientEmails(tx, level.organisationIds))
    await queueMail(tx, { to, ...mail });
}
