import {
  keyContactMessages,
  type KeyContact,
  type KeyContactInput,
  type KeyContactsList,
  type NewKeyContact,
  type OrganisationNode,
} from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { changedFields } from '#platform/entities/audited-write.ts';
import { ConflictError, NotFoundError } from '#platform/errors.ts';
import { keyContactsRepository, type KeyContactRow } from './repository.ts';

/** The audit trail's name for a key contact (docs/decisions/060-key-contacts.md). */
const ENTITY_TYPE = 'key-contact';

const NOT_FOUND = 'The key contact does not exist.';
const ORGANISATION_NOT_FOUND = 'The organisation does not exist.';

/** What a key-contacts request knows of its caller: who they are, and their organisation trees. */
export interface KeyContactsCaller {
  auth: AuthContext;
  trees: OrganisationNode[];
}

const view = (r: KeyContactRow): KeyContact => ({
  id: r.id,
  organisationId: r.organisationId,
  organisationName: r.organisationName,
  name: r.name,
  role: r.role,
  email: r.email,
  phone: r.phone,
  isPrimary: r.isPrimary,
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * The organisations whose key contacts the caller keeps: live participating organisations that are
 * approved publishers and that the caller manages (an OrganisationManager role on them, direct or
 * inherited) — the key-contact capability of docs/product/rules.md#permissions, one organisation at a
 * time. A session managing a practitioner has no organisation roles, so none.
 */
export function keyContactOrganisations(trees: readonly OrganisationNode[]) {
  const found: Array<{ id: string; name: string }> = [];
  const walk = (nodes: readonly OrganisationNode[]) => {
    for (const n of nodes) {
      if (
        n.type === 'ParticipatingOrganisation' &&
        n.isPublisher &&
        n.publisherApprovalStatus === 'Approved' &&
        n.status !== 'Cancelled' &&
        n.status !== 'Terminated' &&
        n.effectiveRoles.includes('OrganisationManager')
      )
        found.push({ id: n.id, name: n.name });
      walk(n.children);
    }
  };
  walk(trees);
  return found.sort((a, b) => a.name.localeCompare(b.name, 'en-AU'));
}

/** Key contacts: list, read, add, update, make primary, remove — each write audited in its transaction. */
export function keyContactsService(db: Database) {
  const repository = keyContactsRepository(db);

  /** 404 unless the caller keeps the organisation's key contacts. */
  function requireOrganisation(caller: KeyContactsCaller, organisationId: string) {
    const organisation = keyContactOrganisations(caller.trees).find((o) => o.id === organisationId);
    if (!organisation) throw new NotFoundError(ORGANISATION_NOT_FOUND);
    return organisation;
  }

  /** The contact, 404 when it does not exist or belongs to an organisation the caller does not keep. */
  async function requireContact(caller: KeyContactsCaller, id: string) {
    const row = await repository.byId(id);
    if (!row) throw new NotFoundError(NOT_FOUND);
    if (!keyContactOrganisations(caller.trees).some((o) => o.id === row.organisationId))
      throw new NotFoundError(NOT_FOUND);
    return row;
  }

  /**
   * Every event names the contact's organisation: appendAudit cannot find it from a key contact, and without
   * it the event is in nobody's organisation trail (docs/decisions/061-audit-events.md).
   */
  const audit = (caller: KeyContactsCaller, requestId: string, organisationId: string) => ({
    actorUserId: caller.auth.user.id,
    // Managing sessions never reach here (the capability is off), so this stays null in practice.
    actingForPractitionerId: caller.auth.currentUser.managingPractitioner?.id ?? null,
    entityType: ENTITY_TYPE,
    organisationId,
    requestId,
  });

  async function list(
    caller: KeyContactsCaller,
    organisationId: string | undefined,
  ): Promise<KeyContactsList> {
    const organisations = keyContactOrganisations(caller.trees);
    const chosen = organisationId
      ? requireOrganisation(caller, organisationId).id
      : (organisations[0]?.id ?? null);
    const contacts = chosen ? (await repository.byOrganisation(chosen)).map(view) : [];
    return { organisations, organisationId: chosen, contacts };
  }

  async function get(caller: KeyContactsCaller, id: string): Promise<KeyContact> {
    return view(await requireContact(caller, id));
  }

  const valuesOf = (input: KeyContactInput) => ({
    name: input.name,
    role: input.role,
    email: input.email,
    phone: input.phone,
  });

  /** Adds a contact; the organisation's first contact is its primary whatever was asked. */
  async function create(
    caller: KeyContactsCaller,
    input: NewKeyContact,
    requestId: string,
  ): Promise<KeyContact> {
    requireOrganisation(caller, input.organisationId);
    const id = await db.transaction(async (tx) => {
      const r = keyContactsRepository(tx);
      await r.lockOrganisation(input.organisationId);
      const previousPrimary = await r.primaryOf(input.organisationId);
      const isPrimary = !previousPrimary || input.isPrimary === true;
      if (previousPrimary && isPrimary) await r.update(previousPrimary, { isPrimary: false });
      const values = { ...valuesOf(input), organisationId: input.organisationId, isPrimary };
      const id = await r.insert(values);
      await appendAudit(tx, {
        ...audit(caller, requestId, input.organisationId),
        action: 'key-contact.added',
        entityId: id,
        changedFields: { ...values, ...(previousPrimary && isPrimary ? { previousPrimary } : {}) },
      });
      return id;
    });
    return get(caller, id);
  }

  /**
   * Saves a contact's fields. Ticking primary moves the organisation's primary here; un-ticking it on
   * the primary is refused (409): another contact must be made primary instead.
   */
  async function update(
    caller: KeyContactsCaller,
    id: string,
    input: KeyContactInput,
    requestId: string,
  ): Promise<KeyContact> {
    const found = await requireContact(caller, id);
    await db.transaction(async (tx) => {
      const r = keyContactsRepository(tx);
      await r.lockOrganisation(found.organisationId);
      const before = await r.byId(id);
      if (!before) throw new NotFoundError(NOT_FOUND);
      const isPrimary = input.isPrimary ?? before.isPrimary;
      if (before.isPrimary && !isPrimary)
        throw new ConflictError(keyContactMessages.primaryCannotBeUnset);
      const next = { ...valuesOf(input), isPrimary };
      const changed = changedFields<Record<string, unknown>>(before, next);
      if (!Object.keys(changed).length) return;
      if (next.isPrimary && !before.isPrimary) {
        const previousPrimary = await r.primaryOf(before.organisationId);
        if (previousPrimary) await r.update(previousPrimary, { isPrimary: false });
      }
      await r.update(id, next);
      await appendAudit(tx, {
        ...audit(caller, requestId, before.organisationId),
        action: 'key-contact.updated',
        entityId: id,
        changedFields: changed,
      });
    });
    return get(caller, id);
  }

  /** Makes the contact its organisation's primary: one transaction moves it from the previous one. */
  async function makePrimary(caller: KeyContactsCaller, id: string, requestId: string) {
    const found = await requireContact(caller, id);
    await db.transaction(async (tx) => {
      const r = keyContactsRepository(tx);
      await r.lockOrganisation(found.organisationId);
      const previousPrimary = await r.primaryOf(found.organisationId);
      if (previousPrimary === id) return;
      if (!(await r.byId(id))) throw new NotFoundError(NOT_FOUND);
      if (previousPrimary) await r.update(previousPrimary, { isPrimary: false });
      await r.update(id, { isPrimary: true });
      await appendAudit(tx, {
        ...audit(caller, requestId, found.organisationId),
        action: 'key-contact.made-primary',
        entityId: id,
        changedFields: {
          isPrimary: { from: false, to: true },
          ...(previousPrimary ? { previousPrimary } : {}),
        },
      });
    });
  }

  /** Removes a contact; the primary only when it is the organisation's last contact (409 otherwise). */
  async function remove(caller: KeyContactsCaller, id: string, requestId: string) {
    const found = await requireContact(caller, id);
    await db.transaction(async (tx) => {
      const r = keyContactsRepository(tx);
      await r.lockOrganisation(found.organisationId);
      const row = await r.byId(id);
      if (!row) throw new NotFoundError(NOT_FOUND);
      if (row.isPrimary && (await r.hasOthers(row.organisationId, id)))
        throw new ConflictError(keyContactMessages.primaryCannotBeRemoved);
      await r.remove(id);
      const { organisationName: _, createdAt: __, updatedAt: ___, ...removed } = row;
      await appendAudit(tx, {
        ...audit(caller, requestId, row.organisationId),
        action: 'key-contact.removed',
        entityId: id,
        changedFields: removed,
      });
    });
  }

  return { list, get, create, update, makePrimary, remove };
}
