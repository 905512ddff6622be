import {
  endpointPayloadMimeTypes,
  type EndpointInput,
  type EndpointList,
  type EndpointView,
} from '@pca/contracts';
import type { Database } from '#db/client.ts';
import type { AccessScope } from '#platform/access/scope.ts';
import { appendAudit } from '#platform/audit.ts';
import { locationAccess, organisationAccess, serviceAccess } from '#platform/entities/access.ts';
import { changedFields } from '#platform/entities/audited-write.ts';
import { ForbiddenError, NotFoundError } from '#platform/errors.ts';
import { endpointsRepository, type EndpointRow } from './repository.ts';

// Partner-facing endpoints of organisations, services and locations (docs/decisions/072-endpoint-and-provenance.md,
// 085-location-endpoints.md): read with the owner, changed by those who may edit it, each write audited in its
// transaction.

/** The audit trail's name for an endpoint (Provenance reads it back as an Endpoint target). */
const ENTITY_TYPE = 'Endpoint';
const NOT_FOUND = 'The endpoint does not exist.';

export type EndpointOwner = { kind: 'organisation' | 'service' | 'location'; id: string };

/** Who is asking: their access scope, and the practitioner a delegate acts for. */
export interface EndpointCaller {
  scope: AccessScope;
  userId: string;
  actingForPractitionerId: string | null;
}

const view = (r: EndpointRow): EndpointView => ({
  id: r.id,
  name: r.name,
  connectionType: r.connectionType,
  payloadType: r.payloadType,
  payloadMimeTypes: r.payloadMimeTypes,
  address: r.address,
  status: r.status,
});

const valuesOf = (input: EndpointInput) => ({
  name: input.name,
  connectionType: input.connectionType,
  payloadType: input.payloadType,
  // In the list's order, once each; left as it was when the body does not send it.
  ...(input.payloadMimeTypes === undefined
    ? {}
    : {
        payloadMimeTypes: endpointPayloadMimeTypes
          .map((m) => m.code)
          .filter((code) => input.payloadMimeTypes!.includes(code)),
      }),
  address: input.address,
  status: input.status,
});

export function endpointsService(db: Database) {
  const repository = endpointsRepository(db);

  /** The owner's organisation and whether the caller may change its endpoints (403/404 as the owner's page). */
  async function ownerAccess(caller: EndpointCaller, owner: EndpointOwner) {
    if (owner.kind === 'organisation') {
      const a = await organisationAccess(db, caller.scope, owner.id);
      return { organisationId: a.organisation.id, canEdit: a.canEdit };
    }
    if (owner.kind === 'location') {
      // As the location's other edits: read with its organisation, changed by its organisation's managers.
      const a = await locationAccess(db, caller.scope, owner.id);
      return { organisationId: a.location.organisationId, canEdit: a.canEdit };
    }
    const a = await serviceAccess(db, caller.scope, owner.id);
    return { organisationId: a.service.organisationId, canEdit: a.canEdit };
  }

  /** Who owns a stored endpoint. */
  const ownerOf = (row: EndpointRow): EndpointOwner =>
    row.healthcareServiceId
      ? { kind: 'service', id: row.healthcareServiceId }
      : row.locationId
        ? { kind: 'location', id: row.locationId }
        : { kind: 'organisation', id: row.organisationId };

  /** The owner column a new endpoint sets, also recorded in the audit trail. */
  const ownerColumns = (owner: EndpointOwner) =>
    owner.kind === 'service'
      ? { healthcareServiceId: owner.id }
      : owner.kind === 'location'
        ? { locationId: owner.id }
        : {};

  /** An endpoint the caller may change; 404 when it does not exist or the caller cannot see its owner. */
  async function requireEditable(caller: EndpointCaller, id: string) {
    const row = await repository.byId(id);
    if (!row) throw new NotFoundError(NOT_FOUND);
    // Only an owner the caller may not see (or that is gone) hides the endpoint as a 404; any other failure,
    // such as the database being unreachable, stays what it is (docs/decisions/010-outages-and-shutdown.md).
    const access = await ownerAccess(caller, ownerOf(row)).catch((error: unknown) => {
      if (error instanceof ForbiddenError || error instanceof NotFoundError)
        throw new NotFoundError(NOT_FOUND);
      throw error;
    });
    if (!access.canEdit)
      throw new ForbiddenError('Only a manager of its owner can change an endpoint.');
    return row;
  }

  const audit = (caller: EndpointCaller, requestId: string, organisationId: string) => ({
    actorUserId: caller.userId,
    actingForPractitionerId: caller.actingForPractitionerId,
    entityType: ENTITY_TYPE,
    organisationId,
    requestId,
  });

  return {
    async list(caller: EndpointCaller, owner: EndpointOwner): Promise<EndpointList> {
      const { canEdit } = await ownerAccess(caller, owner);
      const rows =
        owner.kind === 'organisation'
          ? await repository.ofOrganisation(owner.id)
          : owner.kind === 'location'
            ? await repository.ofLocation(owner.id)
            : await repository.ofService(owner.id);
      return { endpoints: rows.map(view), canEdit };
    },

    async create(
      caller: EndpointCaller,
      owner: EndpointOwner,
      input: EndpointInput,
      requestId: string,
    ): Promise<EndpointView> {
      const { organisationId, canEdit } = await ownerAccess(caller, owner);
      if (!canEdit) throw new ForbiddenError('Only a manager can add an endpoint.');
      const row = await db.transaction(async (tx) => {
        const values = valuesOf(input);
        const row = await endpointsRepository(tx).insert({
          ...values,
          organisationId,
          ...ownerColumns(owner),
        });
        await appendAudit(tx, {
          ...audit(caller, requestId, organisationId),
          action: 'endpoint.created',
          entityId: row.id,
          changedFields: { ...values, ...ownerColumns(owner) },
        });
        return row;
      });
      return view(row);
    },

    async update(
      caller: EndpointCaller,
      id: string,
      input: EndpointInput,
      requestId: string,
    ): Promise<EndpointView> {
      const before = await requireEditable(caller, id);
      const next = valuesOf(input);
      const changed = changedFields<Record<string, unknown>>(before, next);
      if (!Object.keys(changed).length) return view(before);
      const row = await db.transaction(async (tx) => {
        const row = await endpointsRepository(tx).update(id, next);
        if (!row) throw new NotFoundError(NOT_FOUND);
        await appendAudit(tx, {
          ...audit(caller, requestId, before.organisationId),
          action: 'endpoint.updated',
          entityId: id,
          changedFields: changed,
        });
        return row;
      });
      return view(row);
    },

    async remove(caller: EndpointCaller, id: string, requestId: string): Promise<void> {
      const before = await requireEditable(caller, id);
      await db.transaction(async (tx) => {
        await endpointsRepository(tx).remove(id);
        await appendAudit(tx, {
          ...audit(caller, requestId, before.organisationId),
          action: 'endpoint.deleted',
          entityId: id,
          changedFields: valuesOf(before),
        });
      });
    },
  };
}
