import {
  publicationMessages,
  publicationProblemTypes,
  type InformationUseStatement,
  practitionerPublicationMessages as messages,
  practitionerPublicationProblemTypes as problemTypes,
  type AvailablePublicationPartners,
  type PractitionerPublication,
  type PractitionerPublicationRequest,
  type PractitionerPublicationSettings,
  type PractitionerPublications,
  type RuntimeConfig,
} from '@pca/contracts';
import type { Database, Transaction } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import { statementNotAcceptable } from '#platform/statement-acceptance.ts';
import type { AppDeps } from '#platform/deps.ts';
import { ForbiddenError, HttpError, NotFoundError } from '#platform/errors.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { actingAudit, type Acting } from '#platform/access/acting.ts';
import { escapeHtml } from '#lib/escape-html.ts';
import { storeNotification } from '#db/notifications.ts';
import {
  practitionerPublicationsRepository,
  type Acceptance,
  type PublicationRow,
} from './repository.ts';

/** The slug of a problem type (`/problems/<slug>`). */
const slug = (type: string) => type.replace(/^\/problems\//, '');

const iso = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString();

function flagOn(features: RuntimeConfig['features'], flag: string | null) {
  return flag === null || (features as Record<string, boolean>)[flag] === true;
}

type Executor = Database | Transaction;

/** Who the call acts for: the practitioner, and whether a delegate is acting for them. */
/** Partner services' latest statements, by partner id. */
type LatestStatements = Map<string, InformationUseStatement>;

/**
 * Whether a row's acceptance is current: it names the partner's latest statement and the person who accepted it
 * (docs/decisions/081-practitioner-publication-acceptance.md; the consent check asks the same).
 */
const acceptanceCurrent = (
  row: {
    informationUseStatementId: string | null;
    acceptedByUserId: string | null;
    acceptedAt: unknown;
  },
  latest: InformationUseStatement | undefined,
) =>
  latest !== undefined &&
  row.informationUseStatementId === latest.id &&
  row.acceptedByUserId !== null &&
  row.acceptedAt !== null;

const toItem = (row: PublicationRow, latest: LatestStatements): PractitionerPublication => ({
  partner: {
    id: row.partner.id,
    code: row.partner.code,
    name: row.partner.name,
    role: row.partner.role,
    latestStatement: latest.get(row.partner.id) ?? null,
  },
  publish: row.publish,
  acceptance:
    row.acceptedVersion !== null && row.acceptedAt !== null
      ? {
          version: row.acceptedVersion,
          acceptedBy:
            row.acceptedByGivenName !== null
              ? `${row.acceptedByGivenName} ${row.acceptedByFamilyName}`
              : null,
          byDelegate: row.acceptedByDelegate,
          acceptedAt: iso(row.acceptedAt),
        }
      : null,
  needsAcceptance: row.publish === true && !acceptanceCurrent(row, latest.get(row.partner.id)),
  personalContactRequested: row.personalContactRequestedAt !== null,
  personalContactRequestedAt: row.personalContactRequestedAt
    ? iso(row.personalContactRequestedAt)
    : null,
  sharePersonalContact: row.sharePersonalContact,
  updatedAt: iso(row.updatedAt),
});

/**
 * A practitioner's own publication choices (docs/decisions/030-publishing-to-partners.md): the practitioner,
 * or a delegate managing them, chooses the partner services that receive their practitioner details; personal
 * contact details go only to a partner that asked for them, and a delegate changes their sharing only with the
 * practitioner's consent (docs/product/publishing.md#personal-contact-requests). Every write is one
 * transaction with its audit event and, when a delegate changes the sharing, the practitioner's notification.
 */
export function practitionerPublicationsService(deps: Pick<AppDeps, 'db' | 'config'>) {
  const { db, config } = deps;
  const repo = practitionerPublicationsRepository(db);
  const features = config.runtime.features;

  /** The managed practitioner for a delegate, else the caller's own practitioner record; 403 without either. */
  function actingFor(auth: AuthContext): Acting {
    const { currentUser } = auth;
    if (currentUser.managingPractitioner)
      return { practitionerId: currentUser.managingPractitioner.id, managing: true };
    if (currentUser.isPractitioner && currentUser.practitionerId)
      return { practitionerId: currentUser.practitionerId, managing: false };
    throw new ForbiddenError(messages.noPractitioner, slug(problemTypes.noPractitioner));
  }

  // Inside a write, the transaction's own connection must ask (PGlite has only one).
  async function mayChangeSharing(auth: AuthContext, acting: Acting, tx: Executor = db) {
    return (
      !acting.managing || repo.delegateMayShareContact(tx, auth.user.id, acting.practitionerId)
    );
  }

  /** A change of sharing: refused before the partner's request (409), and for a delegate without consent (403). */
  async function checkSharing(
    tx: Executor,
    auth: AuthContext,
    acting: Acting,
    change: { from: boolean; to: boolean; requested: boolean },
  ) {
    if (change.from === change.to) return;
    if (!(await mayChangeSharing(auth, acting, tx)))
      throw new ForbiddenError(
        messages.delegateConsentMissing,
        slug(problemTypes.delegateConsentMissing),
      );
    if (change.to && !change.requested)
      throw new HttpError(
        409,
        'Conflict',
        messages.personalContactNotRequested,
        slug(problemTypes.personalContactNotRequested),
      );
  }

  /** A partner the practitioner may choose: known, and its feature flag on (404 otherwise). */
  async function offeredPartner(partnerServiceId: string) {
    const partner = await repo.partner(db, partnerServiceId);
    if (!partner || !flagOn(features, partner.featureFlag))
      throw new NotFoundError(messages.partnerNotOffered);
    return partner;
  }

  /** The practitioner hears when a delegate changes the sharing of their personal contact details. */
  async function notifySharingChange(
    tx: Transaction,
    auth: AuthContext,
    acting: Acting,
    partnerName: string,
    shared: boolean,
  ) {
    if (!acting.managing) return;
    const delegate = `${auth.user.givenName} ${auth.user.familyName}`;
    await storeNotification(tx, {
      practitionerId: acting.practitionerId,
      subject: messages.notificationSubject,
      message: `<p>${escapeHtml(messages.notificationMessage(delegate, partnerName, shared))}</p>`,
    });
  }

  /**
   * What a write accepts (docs/decisions/081-practitioner-publication-acceptance.md): the statement the page showed,
   * which must be the partner's latest (409, the Partner services tab's problem) and the partner's own (400 on the
   * field). Publishing needs it accepted now or already on the row, by a person; otherwise 409. A delegate
   * accepts on the practitioner's behalf, and the row records both.
   */
  async function acceptanceFor(
    tx: Executor,
    auth: AuthContext,
    acting: Acting,
    partner: { id: string; name: string },
    input: { publish: boolean; acceptInformationUseStatementId?: string | undefined },
    row: {
      informationUseStatementId: string | null;
      acceptedByUserId: string | null;
      acceptedAt: unknown;
    } | null,
  ): Promise<{ acceptance: Acceptance | null; version: number | null }> {
    const latest = (await repo.latestStatements(tx)).get(partner.id);
    const accept = input.acceptInformationUseStatementId;
    if (accept !== undefined && accept !== latest?.id)
      throw await statementNotAcceptable(tx, accept, partner);
    const current = row !== null && acceptanceCurrent(row, latest);
    if (input.publish && accept === undefined && !current)
      throw new HttpError(
        409,
        'Conflict',
        publicationMessages.statementNotAccepted(partner.name),
        slug(publicationProblemTypes.statementNotAccepted),
      );
    // Accepting a statement already accepted on the row keeps the first acceptance: it records when it was agreed.
    if (accept === undefined || current || !latest) return { acceptance: null, version: null };
    return {
      acceptance: {
        informationUseStatementId: latest.id,
        acceptedByUserId: auth.user.id,
        acceptedAt: new Date(),
        acceptedByDelegate: acting.managing,
      },
      version: latest.version,
    };
  }

  /** One item as it now stands, read inside the write's transaction. */
  async function itemOf(tx: Executor, practitionerId: string, partnerServiceId: string) {
    const [rows, latest] = await Promise.all([
      repo.list(tx, practitionerId),
      repo.latestStatements(tx),
    ]);
    return toItem(
      rows.find((r) => r.partner.id === partnerServiceId)!,
      latest,
    );
  }

  const auditOf = actingAudit('practitioner-publication');

  return {
    async list(auth: AuthContext): Promise<PractitionerPublications> {
      const acting = actingFor(auth);
      const practitioner = await repo.practitioner(acting.practitionerId);
      if (!practitioner)
        throw new ForbiddenError(messages.noPractitioner, slug(problemTypes.noPractitioner));
      const [rows, mayChange, latest] = await Promise.all([
        repo.list(db, acting.practitionerId),
        mayChangeSharing(auth, acting),
        repo.latestStatements(db),
      ]);
      return {
        practitioner: {
          id: practitioner.id,
          givenName: practitioner.givenName,
          familyName: practitioner.familyName,
        },
        managing: acting.managing,
        mayChangePersonalContactSharing: mayChange,
        items: rows.map((row) => toItem(row, latest)),
      };
    },

    async availablePartners(auth: AuthContext): Promise<AvailablePublicationPartners> {
      const acting = actingFor(auth);
      const [rows, latest] = await Promise.all([
        repo.partnersNotAdded(acting.practitionerId),
        repo.latestStatements(db),
      ]);
      return {
        items: rows
          .filter((p) => flagOn(features, p.featureFlag))
          .map(({ featureFlag: _flag, ...p }) => ({
            ...p,
            latestStatement: latest.get(p.id) ?? null,
          })),
      };
    },

    async add(
      auth: AuthContext,
      body: PractitionerPublicationRequest,
      requestId: string,
    ): Promise<PractitionerPublication> {
      const acting = actingFor(auth);
      const partner = await offeredPartner(body.partnerServiceId);
      // A new row has no request from the partner yet, so sharing is refused here, before the CHECK could be.
      await checkSharing(db, auth, acting, {
        from: false,
        to: body.sharePersonalContact,
        requested: false,
      });
      return db.transaction(async (tx) => {
        const { acceptance, version } = await acceptanceFor(tx, auth, acting, partner, body, null);
        const inserted = await repo.insert(tx, {
          practitionerId: acting.practitionerId,
          partnerServiceId: partner.id,
          publish: body.publish,
          userId: auth.user.id,
          acceptance,
        });
        if (!inserted) throw new HttpError(409, 'Conflict', messages.alreadyAdded, 'conflict');
        await repo.touchPractitioner(tx, acting.practitionerId);
        await appendAudit(tx, {
          ...auditOf(auth, acting, requestId),
          action: 'practitioner-publication.created',
          entityId: inserted.id,
          changedFields: {
            practitionerId: acting.practitionerId,
            partnerServiceId: partner.id,
            publish: body.publish,
            sharePersonalContact: false,
            ...(version !== null ? { acceptedVersion: version } : {}),
          },
        });
        return itemOf(tx, acting.practitionerId, partner.id);
      });
    },

    async update(
      auth: AuthContext,
      partnerServiceId: string,
      body: PractitionerPublicationSettings,
      requestId: string,
    ): Promise<PractitionerPublication> {
      const acting = actingFor(auth);
      const partner = await repo.partner(db, partnerServiceId);
      if (!partner) throw new NotFoundError(messages.notFound);
      return db.transaction(async (tx) => {
        const row = await repo.findForUpdate(tx, acting.practitionerId, partnerServiceId);
        if (!row) throw new NotFoundError(messages.notFound);
        await checkSharing(tx, auth, acting, {
          from: row.sharePersonalContact,
          to: body.sharePersonalContact,
          requested: row.personalContactRequestedAt !== null,
        });
        const { acceptance, version } = await acceptanceFor(tx, auth, acting, partner, body, row);
        await repo.update(tx, row.id, {
          publish: body.publish,
          sharePersonalContact: body.sharePersonalContact,
          userId: auth.user.id,
          acceptance,
        });
        await repo.touchPractitioner(tx, acting.practitionerId);
        const changed = Object.fromEntries(
          (['publish', 'sharePersonalContact'] as const)
            .filter((k) => row[k] !== body[k])
            .map((k) => [k, body[k]]),
        );
        await appendAudit(tx, {
          ...auditOf(auth, acting, requestId),
          action: 'practitioner-publication.updated',
          entityId: row.id,
          changedFields: {
            practitionerId: acting.practitionerId,
            partnerServiceId,
            ...changed,
            ...(version !== null ? { acceptedVersion: version } : {}),
          },
        });
        if (row.sharePersonalContact !== body.sharePersonalContact)
          await notifySharingChange(tx, auth, acting, partner.name, body.sharePersonalContact);
        return itemOf(tx, acting.practitionerId, partnerServiceId);
      });
    },

    async remove(auth: AuthContext, partnerServiceId: string, requestId: string): Promise<void> {
      const acting = actingFor(auth);
      const partner = await repo.partner(db, partnerServiceId);
      if (!partner) throw new NotFoundError(messages.notFound);
      await db.transaction(async (tx) => {
        const row = await repo.findForUpdate(tx, acting.practitionerId, partnerServiceId);
        if (!row) throw new NotFoundError(messages.notFound);
        // Removing a partner that receives personal contact details stops sharing them: a change of sharing.
        await checkSharing(tx, auth, acting, {
          from: row.sharePersonalContact,
          to: false,
          requested: true,
        });
        await repo.remove(tx, row.id);
        await repo.touchPractitioner(tx, acting.practitionerId);
        await appendAudit(tx, {
          ...auditOf(auth, acting, requestId),
          action: 'practitioner-publication.deleted',
          entityId: row.id,
          changedFields: { practitionerId: acting.practitionerId, partnerServiceId },
        });
        if (row.sharePersonalContact)
          await notifySharingChange(tx, auth, acting, partner.name, false);
      });
    },
  };
}
