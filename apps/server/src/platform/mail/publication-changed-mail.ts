import { publicationLevelLabel, type PublicationLevel } from '@pca/contracts';

/** What a publication row holds that its mail and audit event compare; nulls: no row of its own. */
export type RecordedChoice = {
  publish: boolean | null;
  publishFuturePractitioners: boolean | null;
  informationUseStatementId: string | null;
};

/** The choice a publication row holds, or nulls when there is no row. */
export const recordedChoice = (
  row:
    | {
        publish: boolean | null;
        publishFuturePractitioners: boolean;
        informationUseStatementId: string | null;
      }
    | undefined,
): RecordedChoice =>
  row
    ? {
        publish: row.publish,
        publishFuturePractitioners: row.publishFuturePractitioners,
        informationUseStatementId: row.informationUseStatementId,
      }
    : { publish: null, publishFuturePractitioners: null, informationUseStatementId: null };

const yesNo = (value: boolean | null) => (value === null ? 'inherited' : value ? 'yes' : 'no');

/**
 * The mail every publication email recipient gets about a change of what an organisation, location or
 * service publishes to a partner (docs/decisions/030-publishing-to-partners.md): on the Partner services tab,
 * and by the NHSD import's publication step. Only its subject and text; the caller queues one per recipient.
 */
export function publicationChangedMail(change: {
  publicUrl: string;
  /** The organisation's, location's or service's name, its level, and its Partner services tab. */
  entity: { name: string; level: PublicationLevel; href: string };
  partnerName: string;
  before: RecordedChoice;
  after: RecordedChoice;
  /** The statement version accepted with the change, if one was. */
  acceptedVersion: number | null;
}) {
  const { entity, partnerName, before, after } = change;
  const lines = [
    `What ${entity.name} (${publicationLevelLabel[entity.level]}) publishes to ${partnerName} has changed in Provider Connect Australia.`,
    '',
    `Publish: ${yesNo(before.publish)} → ${yesNo(after.publish)}`,
    `Publish future practitioners: ${yesNo(before.publishFuturePractitioners)} → ${yesNo(after.publishFuturePractitioners)}`,
    ...(change.acceptedVersion !== null
      ? [`Information use statement accepted: version ${change.acceptedVersion}`]
      : []),
    '',
    `Open ${change.publicUrl}${entity.href} to see the Partner services tab.`,
    '',
    'You receive this email because you are on the publication email notification list.',
  ];
  return {
    subject: `Publication changed: ${entity.name} and ${partnerName}`,
    text: `${lines.join('\n')}\n`,
  };
}
