import {
  transfersListLimit,
  type StartTransfer,
  type Transfer,
  type TransferOptions,
} from '@pca/contracts';
import type { Database, Transaction } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { queueMail } from '#platform/outbox.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '#platform/errors.ts';
import type { TransferOutcomeRecord } from '#db/schema/index.ts';
import { transfersRepository } from './repository.ts';

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof transfersRepository>['one']>>>;

const entityWord = (type: string) => (type === 'Location' ? 'location' : 'healthcare service');

/** The organisation ids the caller manages (directly or from one above), in their own account. */
function managedIds(caller: AuthContext): string[] {
  return [...caller.scope.organisationRoles.entries()]
    .filter(([, roles]) => roles.has('OrganisationManager'))
    .map(([id]) => id);
}

/**
 * Transfers (docs/decisions/067-transfers.md): the operator starts one, the receiving organisation's managers
 * accept or decline it, the operator may withdraw it while it is pending. Completing moves the entity, its
 * services (a location's), their practitioner roles, publications and open tasks in one transaction, with an
 * audit event in each organisation's trail.
 */
export function transfersService(db: Database) {
  const repository = transfersRepository(db);

  /** Who the caller is to transfers: the operator, a manager of some organisations, or nobody (403). */
  function viewer(caller: AuthContext) {
    if (caller.currentUser.managingPractitioner)
      throw new ForbiddenError('Switch back to your own account to see transfers.');
    const operator = caller.scope.isOperator;
    const managed = managedIds(caller);
    if (!operator && !managed.length)
      throw new ForbiddenError('Only the operator and organisation managers see transfers.');
    return { operator, managed: new Set(managed) };
  }

  function requireOperator(caller: AuthContext) {
    const who = viewer(caller);
    if (!who.operator) throw new ForbiddenError('Only the operator can do this.');
    return who;
  }

  function toTransfer(row: Row, who: ReturnType<typeof viewer>): Transfer {
    const t = row.transfer;
    const pending = t.status === 'Pending';
    const receiving = who.managed.has(t.toOrganisationId);
    return {
      id: t.id,
      entityType: t.entityType,
      entityId: t.locationId ?? t.healthcareServiceId,
      entityName: t.entityName,
      from: { id: t.fromOrganisationId, name: row.fromName },
      to: { id: t.toOrganisationId, name: row.toName },
      status: t.status,
      reason: t.reason,
      requestedBy: row.requestedBy ?? 'A former user',
      requestedAt: t.createdAt.toISOString(),
      decidedBy: t.decidedByUserId ? (row.decidedBy ?? 'A former user') : null,
      decidedAt: t.decidedAt?.toISOString() ?? null,
      declineReason: t.declineReason,
      outcome: t.outcome ?? null,
      canAccept: pending && receiving,
      canDecline: pending && receiving,
      canCancel: pending && who.operator,
    };
  }

  /** A transfer the caller may see, else 404 (never 403, which would say it exists). */
  async function visible(caller: AuthContext, id: string) {
    const who = viewer(caller);
    const row = await repository.one(id);
    if (
      !row ||
      (!who.operator &&
        !who.managed.has(row.transfer.fromOrganisationId) &&
        !who.managed.has(row.transfer.toOrganisationId))
    )
      throw new NotFoundError('The transfer does not exist.');
    return { who, row };
  }

  async function list(caller: AuthContext) {
    const who = viewer(caller);
    // One more than shown says whether older ones were left out, in the same statement.
    const rows = await repository.list(
      who.operator ? null : [...who.managed],
      transfersListLimit + 1,
    );
    return {
      transfers: rows.slice(0, transfersListLimit).map((r) => toTransfer(r, who)),
      olderNotShown: rows.length > transfersListLimit,
    };
  }

  async function get(caller: AuthContext, id: string) {
    const { who, row } = await visible(caller, id);
    return toTransfer(row, who);
  }

  async function options(caller: AuthContext): Promise<TransferOptions> {
    requireOperator(caller);
    return { organisations: await repository.options() };
  }

  /** Mails the managers of both organisations, inside the change's transaction. */
  async function mailManagers(
    tx: Transaction,
    organisationIds: string[],
    subject: string,
    body: string,
  ) {
    for (const organisationId of organisationIds)
      for (const m of await repository.managers(tx, organisationId))
        if (m.email)
          await queueMail(tx, { to: m.email, subject, text: `Dear ${m.given_name},\n\n${body}\n` });
  }

  /** Both sides' audit events of one step of a transfer (each organisation's managers see theirs). */
  async function auditBoth(
    tx: Transaction,
    t: {
      id: string;
      entityType: string;
      locationId: string | null;
      healthcareServiceId: string | null;
      fromOrganisationId: string;
      toOrganisationId: string;
    },
    action: string,
    actorUserId: string,
    requestId: string,
    changedFields: Record<string, unknown>,
  ) {
    for (const [side, organisationId] of [
      ['giving', t.fromOrganisationId],
      ['receiving', t.toOrganisationId],
    ] as const)
      await appendAudit(tx, {
        actorUserId,
        action,
        entityType: t.entityType,
        entityId: t.locationId ?? t.healthcareServiceId,
        organisationId,
        subjectPractitionerId: null,
        requestId,
        changedFields: {
          transferId: t.id,
          side,
          fromOrganisationId: t.fromOrganisationId,
          toOrganisationId: t.toOrganisationId,
          ...changedFields,
        },
      });
  }

  async function start(caller: AuthContext, input: StartTransfer, requestId: string) {
    const who = requireOperator(caller);
    const entity = await repository.entity(input.entityType, input.entityId);
    if (!entity)
      throw new ValidationError([
        { field: 'entityId', message: `The ${entityWord(input.entityType)} does not exist` },
      ]);
    // Either kind of organisation may receive it: participating organisations hold their registration's
    // primary location themselves, HI organisations theirs (decision 067).
    const [from, to] = await Promise.all([
      repository.organisation(db, entity.organisation_id),
      repository.organisation(db, input.toOrganisationId),
    ]);
    const refuse = (message: string) =>
      new ValidationError([{ field: 'toOrganisationId', message }]);
    if (!to) throw refuse('The organisation does not exist');
    if (to.id === entity.organisation_id)
      throw refuse(`The ${entityWord(input.entityType)} already belongs to ${to.name}`);
    if (!to.live) throw refuse(`${to.name} is cancelled or terminated, or belongs to one that is`);
    const id = await db
      .transaction(async (tx) => {
        const row = await repository.insert(tx, {
          entityType: input.entityType,
          locationId: input.entityType === 'Location' ? entity.id : null,
          healthcareServiceId: input.entityType === 'HealthcareService' ? entity.id : null,
          entityName: entity.name,
          fromOrganisationId: entity.organisation_id,
          toOrganisationId: to.id,
          reason: input.reason,
          requestedByUserId: caller.user.id,
        });
        await auditBoth(tx, row, 'transfer.requested', caller.user.id, requestId, {
          entityName: entity.name,
          reason: input.reason,
        });
        await mailManagers(
          tx,
          [row.toOrganisationId],
          `A ${entityWord(row.entityType)} is being transferred to ${to.name}`,
          `The Provider Connect Australia operator has started moving ${entity.name} from ${from?.name ?? 'another organisation'} to ${to.name}:\n\n${input.reason}\n\nSign in, open Businesses and then Transfers of my businesses to accept or decline it.`,
        );
        return row.id;
      })
      .catch((error: unknown) => {
        // The pending-transfer unique index: another transfer of this entity started first.
        if (
          JSON.stringify(error).includes('transfers_pending_') ||
          String(error).includes('transfers_pending_')
        )
          throw new ConflictError(
            `This ${entityWord(input.entityType)} already has a pending transfer.`,
          );
        throw error;
      });
    return toTransfer((await repository.one(id))!, who);
  }

  /** The receiving organisation's manager accepts: everything moves, or nothing does. */
  async function accept(caller: AuthContext, id: string, requestId: string) {
    const { who, row } = await visible(caller, id);
    if (!who.managed.has(row.transfer.toOrganisationId))
      throw new ForbiddenError("Only the receiving organisation's managers can accept it.");
    await db.transaction(async (tx) => {
      const t = await repository.lockTransfer(tx, id);
      if (t?.status !== 'Pending') throw new ConflictError('This transfer is no longer pending.');
      const entityId = t.locationId ?? t.healthcareServiceId;
      if (!entityId) throw new ConflictError(`The ${entityWord(t.entityType)} no longer exists.`);
      const { entity, services } = await repository.lockEntity(tx, t.entityType, entityId);
      if (!entity) throw new ConflictError(`The ${entityWord(t.entityType)} no longer exists.`);
      if (entity.organisation_id !== t.fromOrganisationId)
        throw new ConflictError(
          `The ${entityWord(t.entityType)} has moved to another organisation since the transfer started.`,
        );
      const to = await repository.organisation(tx, t.toOrganisationId);
      if (!to?.live)
        throw new ConflictError(`${to?.name ?? 'The organisation'} can no longer receive it.`);
      const serviceIds = services.map((s) => s.id);
      const isLocation = t.entityType === 'Location';
      await repository.move(
        tx,
        t.toOrganisationId,
        isLocation ? entity.id : null,
        serviceIds,
        !isLocation,
      );
      const roleIds = await repository.roleIds(tx, serviceIds);
      const publications = await repository.movePublications(
        tx,
        t.fromOrganisationId,
        t.toOrganisationId,
        isLocation ? entity.id : null,
        serviceIds,
        caller.user.id,
      );
      const tasks = await repository.moveTasks(tx, t.toOrganisationId, [
        entity.id,
        ...serviceIds,
        ...roleIds,
      ]);
      const outcome: TransferOutcomeRecord = {
        services: isLocation ? services.map((s) => s.name) : [],
        practitionerRoles: roleIds.length,
        tasks,
        publicationsMoved: publications.length,
        publicationsPaused: publications
          .filter((p) => p.paused)
          .map((p) => ({ partnerServiceName: p.partner_service_name, entityName: p.entity_name })),
      };
      await repository.decide(tx, id, {
        status: 'Completed',
        decidedByUserId: caller.user.id,
        outcome,
      });
      await auditBoth(tx, t, 'transfer.completed', caller.user.id, requestId, {
        organisationId: { from: t.fromOrganisationId, to: t.toOrganisationId },
        entityName: entity.name,
        ...outcome,
      });
      const paused = outcome.publicationsPaused.length
        ? `\n\nPublishing paused until ${to.name} accepts the partner's information use statement:\n${outcome.publicationsPaused.map((p) => `- ${p.entityName} to ${p.partnerServiceName}`).join('\n')}`
        : '';
      await mailManagers(
        tx,
        [t.fromOrganisationId, t.toOrganisationId],
        `Transfer completed: ${entity.name}`,
        `${entity.name} now belongs to ${to.name}.${paused}`,
      );
    });
    return get(caller, id);
  }

  /** The receiving manager declines, or the operator withdraws, a pending transfer. */
  async function close(
    caller: AuthContext,
    id: string,
    how: { decline: string } | { cancel: true },
    requestId: string,
  ) {
    const { who, row } = await visible(caller, id);
    const declining = 'decline' in how;
    if (declining && !who.managed.has(row.transfer.toOrganisationId))
      throw new ForbiddenError("Only the receiving organisation's managers can decline it.");
    if (!declining && !who.operator) throw new ForbiddenError('Only the operator can withdraw it.');
    await db.transaction(async (tx) => {
      const t = await repository.decide(tx, id, {
        status: declining ? 'Declined' : 'Cancelled',
        decidedByUserId: caller.user.id,
        declineReason: declining ? how.decline : null,
      });
      if (!t) throw new ConflictError('This transfer is no longer pending.');
      await auditBoth(
        tx,
        t,
        declining ? 'transfer.declined' : 'transfer.cancelled',
        caller.user.id,
        requestId,
        declining ? { reason: how.decline } : {},
      );
    });
    return get(caller, id);
  }

  return {
    list,
    get,
    options,
    start,
    accept,
    decline: (caller: AuthContext, id: string, reason: string, requestId: string) =>
      close(caller, id, { decline: reason }, requestId),
    cancel: (caller: AuthContext, id: string, requestId: string) =>
      close(caller, id, { cancel: true }, requestId),
  };
}
