import { finished, type Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import {
  CredentialDocumentDetails,
  credentialDocumentLimits,
  credentialDocumentMessages as messages,
  credentialDocumentParts,
  credentialDocumentProblemTypes as problemTypes,
  type CredentialDocument,
  type CredentialDocumentStatus,
  type CredentialDocuments,
  type SharedCredentialDocuments,
} from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import type { AppDeps } from '#platform/deps.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { actingAudit, type Acting } from '#platform/access/acting.ts';
import { rolesOnOrganisation } from '#platform/access/scope.ts';
import { ForbiddenError, HttpError, NotFoundError, ValidationError } from '#platform/errors.ts';
import {
  newStorageKey,
  StoredObjectMissing,
  type DocumentStorage,
} from '#platform/storage/document-storage.ts';
import { inspector, refusals, safeFileName, type Inspected } from './inspect.ts';
import { credentialDocumentsRepository, type DocumentRow } from './repository.ts';

/** Today in Sydney: the portal's dates are Australian calendar dates (docs/decisions/027-reminders.md). */
const portalDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

const slug = (type: string) => type.replace(/^\/problems\//, '');
const DAY_MS = 86_400_000;
const STORAGE_PREFIX = 'credential-documents';

/** Who the call acts for: the practitioner, and whether a delegate is acting for them. */
/** Where a document stands on `today` (Sydney): expired after its expiry date, expiring within 30 days. */
export function statusOf(expiryDate: string, today: string): CredentialDocumentStatus {
  if (expiryDate < today) return 'expired';
  const soon = new Date(
    Date.parse(`${today}T00:00:00Z`) + credentialDocumentLimits.expiresSoonDays * DAY_MS,
  )
    .toISOString()
    .slice(0, 10);
  return expiryDate <= soon ? 'expires-soon' : 'current';
}

/** What the audit keeps of a document: its details and file name, never its content. */
const audited = (
  row: Pick<DocumentRow, 'type' | 'title' | 'issueDate' | 'expiryDate' | 'fileName'>,
) => ({
  type: row.type,
  title: row.title,
  issueDate: row.issueDate,
  expiryDate: row.expiryDate,
  fileName: row.fileName,
});

/** The fields that changed, each as { from, to }. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  return Object.fromEntries(
    Object.keys(after)
      .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
      .map((k) => [k, { from: before[k], to: after[k] }]),
  );
}

/** A body that is not the multipart upload the page sends (no details, no file, a truncated form). */
const badUpload = (detail: string) =>
  new HttpError(400, 'Invalid request', detail, 'validation', [{ field: 'file', message: detail }]);

/**
 * Credential documents (docs/decisions/057-credential-documents.md): the practitioner, or a delegate
 * managing them, uploads, lists, changes, replaces and removes them, and shares each with organisations where
 * the practitioner holds a role; those organisations' managers can list and download them; everyone else is
 * told they do not exist. An upload streams through the inspector into storage under a fresh key; the row and
 * its audit event are then written in one transaction.
 */
export function credentialDocumentsService(deps: Pick<AppDeps, 'db'>, storage: DocumentStorage) {
  const db: Database = deps.db;
  const repo = credentialDocumentsRepository(db);
  const today = () => portalDate(new Date());

  /** The managed practitioner for a delegate, else the caller's own practitioner record; 403 without either. */
  function actingFor(auth: AuthContext): Acting {
    const { currentUser } = auth;
    if (currentUser.managingPractitioner)
      return { practitionerId: currentUser.managingPractitioner.id, managing: true };
    if (currentUser.practitionerId)
      return { practitionerId: currentUser.practitionerId, managing: false };
    throw new ForbiddenError(messages.noPractitioner, slug(problemTypes.noPractitioner));
  }

  /** The caller's own document (as practitioner or managing delegate); 404 for any other. */
  async function ownDocument(
    auth: AuthContext,
    id: string,
    executor = db as Parameters<typeof repo.find>[0],
    forUpdate = false,
  ) {
    // No practitioner of their own and managing none: no document is theirs (404, like anyone else's).
    if (!auth.currentUser.managingPractitioner && !auth.currentUser.practitionerId)
      throw new NotFoundError(messages.notFound);
    const acting = actingFor(auth);
    const row = await repo.find(executor, id, forUpdate);
    if (!row || row.practitionerId !== acting.practitionerId)
      throw new NotFoundError(messages.notFound);
    return { acting, row };
  }

  /** Organisation ids the caller manages in their own account (none while managing a practitioner). */
  function managedOrganisationIds(auth: AuthContext) {
    if (auth.currentUser.managingPractitioner) return [];
    return [...auth.scope.organisationRoles]
      .filter(([, roles]) => roles.has('OrganisationManager'))
      .map(([id]) => id);
  }

  /**
   * The organisations newly chosen must be the practitioner's own (a role there or beneath it). Those the
   * document is already shared with (`kept`) may stay after the role ended, and any may be removed: a
   * practitioner who left an organisation can still renew the document and withdraw that organisation.
   */
  async function checkShares(
    executor: Parameters<typeof repo.shareableOrganisations>[0],
    practitionerId: string,
    organisationIds: string[],
    kept: string[] = [],
  ) {
    const added = organisationIds.filter((id) => !kept.includes(id));
    if (!added.length) return;
    const shareable = new Set(
      (await repo.shareableOrganisations(executor, practitionerId, today())).map((o) => o.id),
    );
    if (added.some((id) => !shareable.has(id)))
      throw new ValidationError([{ field: 'organisationIds', message: messages.notShareable }]);
  }

  async function toItem(
    row: DocumentRow,
    executor = db as Parameters<typeof repo.sharesOf>[0],
  ): Promise<CredentialDocument> {
    const shares = await repo.sharesOf(executor, [row.id]);
    return itemOf(row, shares.get(row.id) ?? [], today());
  }

  function itemOf(
    row: DocumentRow,
    sharedWith: Array<{ id: string; name: string }>,
    on: string,
  ): CredentialDocument {
    return {
      id: row.id,
      type: row.type,
      title: row.title,
      description: row.description,
      issueDate: row.issueDate,
      expiryDate: row.expiryDate,
      status: statusOf(row.expiryDate, on),
      fileName: row.fileName,
      mediaType: row.mediaType,
      sizeBytes: row.sizeBytes,
      sharedWith,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /**
   * Streams one file part through the inspector into storage under a fresh key. Whatever goes wrong — the
   * inspector's refusal, a form cut off mid-file, storage failing — the partial object is gone by the time
   * this throws (the storage's put promises it).
   */
  async function store(file: Readable, filename: string | undefined) {
    const key = newStorageKey(STORAGE_PREFIX);
    const inspect = inspector();
    // A form cut off mid-file ends the file stream early, with an error or (when the parser saw the end
    // before this part was handed over) already destroyed: either way the upload is incomplete.
    finished(file, (error) => {
      if (error) inspect.destroy(refusals.incomplete());
    });
    // Busboy's own limit (one byte past ours) is never the one that trips first, but if it did the
    // file would end short: that is too big, not a file to keep.
    file.once('limit', () => inspect.destroy(refusals.tooBig()));
    // The inspector may refuse the first chunk before the storage has attached to it: keep that refusal
    // (the storage sees the stream errored) rather than let it go unheard.
    let refused: unknown = null;
    inspect.on('error', (error) => (refused ??= error));
    file.pipe(inspect);
    try {
      await storage.put(key, inspect);
      if (refused) throw refused;
    } catch (error) {
      // Whatever the storage kept goes; then drain what the client is still sending, so the form can end.
      await storage.delete(key).catch(() => undefined);
      file.unpipe(inspect);
      file.resume();
      throw refused ?? error;
    }
    const found = inspect.result as Inspected;
    return { key, ...found, fileName: safeFileName(filename, found.mediaType) };
  }

  /** Reads the upload: the details field (when asked), then the file, streamed to storage. */
  async function readUpload(parts: AsyncIterableIterator<Multipart>, withDetails: boolean) {
    let details: CredentialDocumentDetails | undefined;
    // Storage's own failures are the server's (500); everything else that goes wrong while the form is read
    // is the body's fault: a form cut off or malformed, whatever the parser calls it, is a 400.
    let storing = false;
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname !== credentialDocumentParts.details || !withDetails || details)
            continue;
          details = detailsOf(String(part.value));
          continue;
        }
        if (part.fieldname !== credentialDocumentParts.file) {
          part.file.resume();
          continue;
        }
        // The details come first: a file before them is refused before a byte of it is stored.
        if (withDetails && !details) throw badUpload('Send the details before the file.');
        storing = true;
        const stored = await store(part.file, part.filename);
        return { details, stored };
      }
    } catch (error) {
      if (error instanceof HttpError || storing) throw error;
      throw refusals.incomplete();
    }
    throw badUpload(messages.fileRequired);
  }

  /** The details field, parsed by the contract the page validates with. */
  function detailsOf(value: string): CredentialDocumentDetails {
    let json: unknown;
    try {
      json = JSON.parse(value);
    } catch {
      throw new ValidationError([{ field: 'details', message: 'Send the details as JSON.' }]);
    }
    const parsed = CredentialDocumentDetails.safeParse(json);
    if (!parsed.success)
      throw new ValidationError(
        parsed.error.issues.map((issue) => ({
          field: issue.path.join('.') || 'details',
          message: issue.message,
        })),
      );
    return parsed.data;
  }

  /** Deletes an object once the row no longer points at it (a failure is logged by the caller, not fatal). */
  const forget = (key: string) => storage.delete(key).catch(() => undefined);

  const auditOf = actingAudit('credential-document');

  return {
    async list(auth: AuthContext): Promise<CredentialDocuments> {
      const acting = actingFor(auth);
      const practitioner = await repo.practitioner(acting.practitionerId);
      if (!practitioner)
        throw new ForbiddenError(messages.noPractitioner, slug(problemTypes.noPractitioner));
      const on = today();
      const [rows, organisations] = await Promise.all([
        repo.list(acting.practitionerId),
        repo.shareableOrganisations(db, acting.practitionerId, on),
      ]);
      const shares = await repo.sharesOf(
        db,
        rows.map((r) => r.id),
      );
      return {
        practitioner,
        managing: acting.managing,
        organisations,
        items: rows.map((row) => itemOf(row, shares.get(row.id) ?? [], on)),
      };
    },

    async get(auth: AuthContext, id: string): Promise<CredentialDocument> {
      const { row } = await ownDocument(auth, id);
      return toItem(row);
    },

    async create(
      auth: AuthContext,
      parts: AsyncIterableIterator<Multipart>,
      requestId: string,
    ): Promise<CredentialDocument> {
      const acting = actingFor(auth);
      const { details, stored } = await readUpload(parts, true);
      const input = details!;
      try {
        await checkShares(db, acting.practitionerId, input.organisationIds);
        return await db.transaction(async (tx) => {
          const row = await repo.insert(tx, {
            practitionerId: acting.practitionerId,
            type: input.type,
            title: input.title,
            description: input.description,
            issueDate: input.issueDate,
            expiryDate: input.expiryDate,
            fileName: stored.fileName,
            mediaType: stored.mediaType,
            sizeBytes: stored.sizeBytes,
            storageKey: stored.key,
            sha256: stored.sha256,
            uploadedByUserId: auth.user.id,
          });
          await repo.replaceShares(tx, row.id, input.organisationIds);
          await appendAudit(tx, {
            ...auditOf(auth, acting, requestId),
            action: 'credential-document.created',
            entityId: row.id,
            changedFields: {
              practitionerId: acting.practitionerId,
              ...audited(row),
              sizeBytes: stored.sizeBytes,
              sha256: stored.sha256,
              organisationIds: input.organisationIds,
            },
          });
          return toItem(row, tx);
        });
      } catch (error) {
        // Nothing points at the new object: it goes with the failed write.
        await forget(stored.key);
        throw error;
      }
    },

    async update(
      auth: AuthContext,
      id: string,
      input: CredentialDocumentDetails,
      requestId: string,
    ): Promise<CredentialDocument> {
      return db.transaction(async (tx) => {
        const { acting, row } = await ownDocument(auth, id, tx, true);
        const shared = await repo.sharedOrganisationIds(tx, id);
        // Read under the row's lock, so the shares kept are the ones the update replaces.
        await checkShares(tx, acting.practitionerId, input.organisationIds, shared);
        const before = { ...audited(row), organisationIds: [...shared].sort() };
        const values = {
          type: input.type,
          title: input.title,
          description: input.description,
          issueDate: input.issueDate,
          expiryDate: input.expiryDate,
        };
        await repo.update(tx, id, values);
        await repo.replaceShares(tx, id, input.organisationIds);
        if (values.expiryDate !== row.expiryDate)
          await repo.completeExpiryTasks(tx, id, auth.user.id);
        const after = {
          ...audited({ ...row, ...values }),
          organisationIds: [...input.organisationIds].sort(),
        };
        await appendAudit(tx, {
          ...auditOf(auth, acting, requestId),
          action: 'credential-document.updated',
          entityId: id,
          changedFields: { practitionerId: acting.practitionerId, ...changes(before, after) },
        });
        return toItem((await repo.find(tx, id))!, tx);
      });
    },

    async replaceFile(
      auth: AuthContext,
      id: string,
      parts: AsyncIterableIterator<Multipart>,
      requestId: string,
    ): Promise<CredentialDocument> {
      // Whose document it is is settled before a byte of the file is read.
      await ownDocument(auth, id);
      const { stored } = await readUpload(parts, false);
      let previousKey: string;
      let answer: CredentialDocument;
      try {
        ({ previousKey, answer } = await db.transaction(async (tx) => {
          const { acting, row } = await ownDocument(auth, id, tx, true);
          await repo.update(tx, id, {
            fileName: stored.fileName,
            mediaType: stored.mediaType,
            sizeBytes: stored.sizeBytes,
            storageKey: stored.key,
            sha256: stored.sha256,
            uploadedByUserId: auth.user.id,
          });
          await repo.completeExpiryTasks(tx, id, auth.user.id);
          await appendAudit(tx, {
            ...auditOf(auth, acting, requestId),
            action: 'credential-document.file-replaced',
            entityId: id,
            changedFields: {
              practitionerId: acting.practitionerId,
              fileName: { from: row.fileName, to: stored.fileName },
              sizeBytes: { from: row.sizeBytes, to: stored.sizeBytes },
              sha256: { from: row.sha256, to: stored.sha256 },
            },
          });
          return {
            previousKey: row.storageKey,
            answer: await toItem((await repo.find(tx, id))!, tx),
          };
        }));
      } catch (error) {
        await forget(stored.key);
        throw error;
      }
      // Only after the commit: until then the row still pointed at the old object, and a rollback must
      // find it there. A delete that fails leaves an orphan object, never a row without its file.
      await forget(previousKey);
      return answer;
    },

    async remove(auth: AuthContext, id: string, requestId: string): Promise<void> {
      const key = await db.transaction(async (tx) => {
        const { acting, row } = await ownDocument(auth, id, tx, true);
        await repo.completeExpiryTasks(tx, id, auth.user.id);
        await repo.remove(tx, id);
        await appendAudit(tx, {
          ...auditOf(auth, acting, requestId),
          action: 'credential-document.deleted',
          entityId: id,
          changedFields: { practitionerId: acting.practitionerId, ...audited(row) },
        });
        return row.storageKey;
      });
      // After the commit, for the same reason as a replaced file's.
      await forget(key);
    },

    /**
     * The file, for the practitioner, a delegate managing them, or a manager of an organisation it is shared
     * with (in their own account); 404 for anyone else.
     */
    async download(auth: AuthContext, id: string) {
      const row = await repo.find(db, id);
      if (!row) throw new NotFoundError(messages.notFound);
      const { currentUser } = auth;
      const acting = currentUser.managingPractitioner?.id ?? currentUser.practitionerId;
      const mayRead =
        row.practitionerId === acting ||
        (await repo.sharedWithAny(row.id, managedOrganisationIds(auth)));
      if (!mayRead) throw new NotFoundError(messages.notFound);
      try {
        return { row, body: await storage.get(row.storageKey) };
      } catch (error) {
        if (error instanceof StoredObjectMissing) throw new NotFoundError(messages.notFound);
        throw error;
      }
    },

    /** The documents shared with an organisation, for its OrganisationManagers only (404 otherwise). */
    async sharedWith(
      auth: AuthContext,
      organisationId: string,
    ): Promise<SharedCredentialDocuments> {
      const manages =
        !auth.currentUser.managingPractitioner &&
        rolesOnOrganisation(auth.scope, organisationId).includes('OrganisationManager');
      const organisation = manages ? await repo.organisation(organisationId) : null;
      if (!organisation) throw new NotFoundError('Organisation not found.');
      const on = today();
      const rows = await repo.sharedWith(organisationId);
      return {
        organisation,
        items: rows.map(({ document: d, givenName, familyName }) => ({
          id: d.id,
          practitioner: { id: d.practitionerId, name: `${givenName} ${familyName}` },
          type: d.type,
          title: d.title,
          issueDate: d.issueDate,
          expiryDate: d.expiryDate,
          status: statusOf(d.expiryDate, on),
          fileName: d.fileName,
          mediaType: d.mediaType,
          sizeBytes: d.sizeBytes,
        })),
      };
    },
  };
}
