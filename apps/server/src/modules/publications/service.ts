import {
  publicationMessages,
  publicationProblemTypes,
  type InheritedPublicationChoice,
  type PartnerPublicationChange,
  type PartnerPublicationList,
  type PublicationChoice,
  type PublicationEmailRecipientList,
  type PublicationLevel,
  type RuntimeConfig,
} from '@pca/contracts';
import { organisationHref, pages } from '@pca/contracts/pages.ts';
import { appendAudit } from '#platform/audit.ts';
import { statementNotAcceptable } from '#platform/statement-acceptance.ts';
import type { AccessScope } from '#platform/access/scope.ts';
import type { AppDeps } from '#platform/deps.ts';
import { ForbiddenError, HttpError, NotFoundError } from '#platform/errors.ts';
import { queueMail } from '#platform/outbox.ts';
import {
  publicationChangedMail,
  recordedChoice,
  type RecordedChoice,
} from '#platform/mail/publication-changed-mail.ts';
import { changedFields } from '#platform/entities/audited-write.ts';
import {
  locationAccess,
  organisationAccess,
  requireOrganisationManager,
  serviceAccess,
} from '#platform/entities/access.ts';
import {
  publicationsRepository as repo,
  type LevelKey,
  type PublicationRow,
} from './repository.ts';

/** The slug of a problem type (`/problems/<slug>`). */
const slug = (type: string) => type.replace(/^\/problems\//, '');

type RowWithAcceptance = Awaited<ReturnType<typeof repo.rowsFor>>[number];

/** A higher level whose row an entity inherits, nearest first. */
interface Source {
  level: PublicationLevel;
  id: string;
  name: string;
  holds: (row: PublicationRow) => boolean;
}

/** An entity at a level: who may change it, where its own row sits and what it inherits from. */
interface ResolvedEntity {
  level: PublicationLevel;
  id: string;
  name: string;
  canEdit: boolean;
  key: LevelKey;
  /** The organisation and those above it: their recipients are mailed about changes here. */
  organisationIds: string[];
  sources: Source[];
  locationId?: string;
  /** The entity's page (its Partner services tab), for the mail. */
  href: string;
}

const tab = { tab: 'Partner services' };

const isOrganisationLevel = (row: PublicationRow, organisationId: string) =>
  row.organisationId === organisationId && !row.locationId && !row.healthcareServiceId;

/** Whether a partner service's feature flag (if any) is on in this deployment (as the NHSD import offers). */
function flagOn(features: RuntimeConfig['features'], flag: string | null) {
  return flag === null || (features as Record<string, boolean>)[flag] === true;
}

function choiceOf(r: RowWithAcceptance): PublicationChoice {
  return {
    publish: r.row.publish,
    publishFuturePractitioners: r.row.publishFuturePractitioners,
    acceptedVersion: r.acceptedVersion,
    acceptedBy:
      r.acceptedByGivenName !== null
        ? `${r.acceptedByGivenName} ${r.acceptedByFamilyName ?? ''}`.trim()
        : null,
    acceptedAt: r.row.acceptedAt?.toISOString() ?? null,
  };
}

/**
 * Publication choices on the Partner services tab and the publication mail recipients
 * (docs/decisions/030-publishing-to-partners.md).
 */
export function publicationsService(deps: Pick<AppDeps, 'db' | 'config'>) {
  const { db, config } = deps;

  async function offeredPartners() {
    const rows = await repo.partnersWithLatestStatement(db);
    // A partner the operators hid from providers is not offered (docs/decisions/064-partner-services.md).
    return rows.filter((p) => p.shownToProviders && flagOn(config.runtime.features, p.featureFlag));
  }

  /** The entity, read with the caller's access (404 unknown, 403 no access). */
  async function resolve(
    scope: AccessScope,
    level: PublicationLevel,
    id: string,
  ): Promise<ResolvedEntity> {
    const orgSources = (chain: Array<{ id: string; name: string }>): Source[] =>
      chain.map((o) => ({
        level: 'organisation',
        id: o.id,
        name: o.name,
        holds: (row) => isOrganisationLevel(row, o.id),
      }));
    if (level === 'organisation') {
      const { organisation, canEdit } = await organisationAccess(db, scope, id);
      const chain = await repo.organisationChain(db, organisation.id);
      return {
        level,
        id,
        name: organisation.name,
        canEdit,
        key: { organisationId: id, locationId: null, healthcareServiceId: null },
        organisationIds: chain.map((o) => o.id),
        sources: orgSources(chain.slice(1)),
        href: organisationHref(organisation.type, id, tab),
      };
    }
    if (level === 'location') {
      const { location, canEdit } = await locationAccess(db, scope, id);
      const chain = await repo.organisationChain(db, location.organisationId);
      return {
        level,
        id,
        name: location.name,
        canEdit,
        key: { organisationId: location.organisationId, locationId: id, healthcareServiceId: null },
        organisationIds: chain.map((o) => o.id),
        sources: orgSources(chain),
        locationId: id,
        href: pages.locations.view.href({ id, ...tab }),
      };
    }
    const { service, canEdit } = await serviceAccess(db, scope, id);
    const [chain, location] = await Promise.all([
      repo.organisationChain(db, service.organisationId),
      service.locationId ? repo.location(db, service.locationId) : undefined,
    ]);
    const locationSources: Source[] = location
      ? [
          {
            level: 'location',
            id: location.id,
            name: location.name,
            holds: (row) => row.locationId === location.id,
          },
        ]
      : [];
    return {
      level,
      id,
      name: service.name,
      canEdit,
      key: { organisationId: service.organisationId, locationId: null, healthcareServiceId: id },
      organisationIds: chain.map((o) => o.id),
      sources: [...locationSources, ...orgSources(chain)],
      ...(location ? { locationId: location.id } : {}),
      href: pages.healthcareServices.view.href({ id, ...tab }),
    };
  }

  const holdsOwn = (entity: ResolvedEntity) => (row: PublicationRow) =>
    row.organisationId === entity.key.organisationId &&
    row.locationId === entity.key.locationId &&
    row.healthcareServiceId === entity.key.healthcareServiceId;

  async function listFor(entity: ResolvedEntity): Promise<PartnerPublicationList> {
    const [partners, rows] = await Promise.all([
      offeredPartners(),
      repo.rowsFor(db, {
        organisationIds: entity.organisationIds,
        ...(entity.locationId ? { locationId: entity.locationId } : {}),
        ...(entity.level === 'healthcare-service' ? { healthcareServiceId: entity.id } : {}),
      }),
    ]);
    const isOwn = holdsOwn(entity);
    return {
      level: entity.level,
      entityId: entity.id,
      organisationId: entity.key.organisationId,
      canEdit: entity.canEdit,
      partners: partners.map((p) => {
        const mine = rows.filter((r) => r.row.partnerServiceId === p.id);
        const ownRow = mine.find((r) => isOwn(r.row));
        let inherited: InheritedPublicationChoice | null = null;
        for (const source of entity.sources) {
          const found = mine.find((r) => source.holds(r.row));
          if (found) {
            inherited = {
              ...choiceOf(found),
              from: { level: source.level, id: source.id, name: source.name },
            };
            break;
          }
        }
        const own = ownRow ? choiceOf(ownRow) : null;
        const applies = own ?? inherited;
        return {
          partner: { id: p.id, code: p.code, name: p.name, role: p.role },
          latestStatement: {
            id: p.statementId,
            version: p.version,
            title: p.title,
            content: p.content,
          },
          own,
          inherited,
          needsLatestAcceptance: Boolean(
            applies?.publish &&
            applies.acceptedVersion !== null &&
            applies.acceptedVersion < p.version,
          ),
        };
      }),
    };
  }

  /** The partner as offered here (404 when unknown or not offered in this deployment). */
  async function offeredPartner(partnerServiceId: string) {
    const partner = (await offeredPartners()).find((p) => p.id === partnerServiceId);
    if (!partner) throw new NotFoundError('The partner service does not exist.');
    return partner;
  }

  const requireEdit = (entity: ResolvedEntity) => {
    if (!entity.canEdit)
      throw new ForbiddenError('Only a manager of this entity can change what it publishes.');
  };

  /** The mail each recipient gets about a change: what changed, where, and by whom. */
  async function mailRecipients(
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
    entity: ResolvedEntity,
    partnerName: string,
    before: RecordedChoice,
    after: RecordedChoice,
    accepted: number | null,
  ) {
    const mail = publicationChangedMail({
      publicUrl: config.publicUrl,
      entity,
      partnerName,
      before,
      after,
      acceptedVersion: accepted,
    });
    for (const to of await repo.recipientEmails(tx, entity.organisationIds))
      await queueMail(tx, { to, ...mail });
  }

  return {
    async list(scope: AccessScope, level: PublicationLevel, id: string) {
      return listFor(await resolve(scope, level, id));
    },

    /**
     * Sets a partner's choice at a level (insert or update) with its audit event and the recipients' mail in
     * one transaction. Publishing needs the latest statement accepted at this level, before or now;
     * turning publication off keeps the acceptance.
     */
    async change(
      scope: AccessScope,
      level: PublicationLevel,
      id: string,
      partnerServiceId: string,
      input: PartnerPublicationChange,
      requestId: string,
    ): Promise<PartnerPublicationList> {
      const entity = await resolve(scope, level, id);
      requireEdit(entity);
      const partner = await offeredPartner(partnerServiceId);
      const accept = input.acceptInformationUseStatementId;
      if (accept !== undefined && accept !== partner.statementId)
        throw await statementNotAcceptable(db, accept, partner);

      await db.transaction(async (tx) => {
        const row = await repo.ownRowForUpdate(tx, entity.key, partner.id);
        const statementId = accept ?? row?.informationUseStatementId ?? null;
        // A publication needs a person's acceptance of the latest statement: accepted now, or recorded on
        // this level's row (docs/decisions/056-publications-need-current-acceptance.md).
        const acceptedByPerson = accept !== undefined || Boolean(row?.acceptedByUserId);
        if (input.publish && (statementId !== partner.statementId || !acceptedByPerson))
          throw new HttpError(
            409,
            'Conflict',
            publicationMessages.statementNotAccepted(partner.name),
            slug(publicationProblemTypes.statementNotAccepted),
          );
        const next = {
          publish: input.publish,
          publishFuturePractitioners: input.publishFuturePractitioners,
          informationUseStatementId: statementId,
        };
        const before = recordedChoice(row);
        const changed = changedFields<typeof next>(before, next);
        const newlyAccepted =
          accept !== undefined &&
          (accept !== row?.informationUseStatementId || !row?.acceptedByUserId);
        if (row && !Object.keys(changed).length && !newlyAccepted) return;
        const acceptance = newlyAccepted
          ? { acceptedByUserId: scope.userId, acceptedAt: new Date() }
          : {};
        let rowId: string;
        if (row) {
          await repo.updateRow(tx, row.id, {
            ...next,
            ...acceptance,
            updatedByUserId: scope.userId,
          });
          rowId = row.id;
        } else {
          const inserted = await repo.insertRow(tx, {
            ...entity.key,
            partnerServiceId: partner.id,
            ...next,
            ...acceptance,
            updatedByUserId: scope.userId,
          });
          rowId = inserted.id;
        }
        await appendAudit(tx, {
          actorUserId: scope.userId,
          action: 'publication.changed',
          entityType: 'PartnerPublication',
          entityId: rowId,
          changedFields: {
            ...changed,
            ...(newlyAccepted ? { acceptedVersion: { from: null, to: partner.version } } : {}),
          },
          requestId,
        });
        await mailRecipients(
          tx,
          entity,
          partner.name,
          before,
          next,
          newlyAccepted ? partner.version : null,
        );
      });
      return listFor(entity);
    },

    /** Removes a level's own choice so the inherited one applies; audited and mailed like a change. */
    async reset(
      scope: AccessScope,
      level: PublicationLevel,
      id: string,
      partnerServiceId: string,
      requestId: string,
    ): Promise<PartnerPublicationList> {
      const entity = await resolve(scope, level, id);
      requireEdit(entity);
      const partner = await offeredPartner(partnerServiceId);
      await db.transaction(async (tx) => {
        const row = await repo.ownRowForUpdate(tx, entity.key, partner.id);
        if (!row) return;
        await repo.deleteRow(tx, row.id);
        const before = recordedChoice(row);
        const after = recordedChoice(undefined);
        await appendAudit(tx, {
          actorUserId: scope.userId,
          action: 'publication.reset',
          entityType: 'PartnerPublication',
          entityId: row.id,
          // The row is gone: appendAudit could not read its organisation from it.
          organisationId: row.organisationId,
          changedFields: changedFields(before, after),
          requestId,
        });
        await mailRecipients(tx, entity, partner.name, before, after, null);
      });
      return listFor(entity);
    },

    async recipients(
      scope: AccessScope,
      organisationId: string,
    ): Promise<PublicationEmailRecipientList> {
      const { organisation, canEdit } = await organisationAccess(db, scope, organisationId);
      const rows = await repo.recipients(db, organisationId);
      return {
        organisationId,
        organisationName: organisation.name,
        canEdit,
        recipients: rows.map((r) => ({
          id: r.id,
          email: r.email,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    async addRecipient(
      scope: AccessScope,
      organisationId: string,
      email: string,
      requestId: string,
    ): Promise<PublicationEmailRecipientList> {
      await requireOrganisationManager(db, scope, organisationId);
      await db.transaction(async (tx) => {
        const row = await repo.insertRecipient(tx, {
          organisationId,
          email,
          createdByUserId: scope.userId,
        });
        if (!row)
          throw new HttpError(
            409,
            'Conflict',
            publicationMessages.recipientExists,
            slug(publicationProblemTypes.recipientExists),
          );
        await appendAudit(tx, {
          actorUserId: scope.userId,
          action: 'publication-recipient.added',
          entityType: 'PublicationEmailRecipient',
          entityId: row.id,
          changedFields: { organisationId, email },
          requestId,
        });
      });
      return this.recipients(scope, organisationId);
    },

    async removeRecipient(
      scope: AccessScope,
      organisationId: string,
      recipientId: string,
      requestId: string,
    ): Promise<void> {
      await requireOrganisationManager(db, scope, organisationId);
      await db.transaction(async (tx) => {
        const row = await repo.deleteRecipient(tx, organisationId, recipientId);
        if (!row) throw new NotFoundError('The recipient does not exist.');
        await appendAudit(tx, {
          actorUserId: scope.userId,
          action: 'publication-recipient.removed',
          entityType: 'PublicationEmailRecipient',
          entityId: row.id,
          changedFields: { organisationId, email: row.email },
          requestId,
        });
      });
    },
  };
}
