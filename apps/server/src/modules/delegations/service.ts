import {
  canAssignDelegates,
  canTransition,
  sameName,
  delegationTransitions,
  delegateSearchMessages,
  delegationsPageSize,
  type AddDelegateRequest,
  type DelegateCandidate,
  type DelegateUserSearchResult,
  type DelegationAction,
  type DelegationConsent,
  type DelegationListItem,
  type DelegationsPage,
  type DetailsUpdateResponse,
  type DetailsUpdateResponseRequest,
  type InviteDelegateRequest,
  type ReassignDelegationRequest,
  type ResendInvitationRequest,
  type StopDelegationRequest,
} from '@pca/contracts';
import type { Database, Transaction } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import {
  ConflictError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  ValidationError,
} from '#platform/errors.ts';
import { queueMail, type OutgoingMail } from '#platform/outbox.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { delegationMails, type DelegationMailParties } from '#platform/mail/delegation-mails.ts';
import {
  delegationsRepository,
  isUniqueViolation,
  type DelegationRow,
  type NewDelegation,
} from './repository.ts';

/** Who is delegating: the caller acting for their own practitioner record. */
interface Delegator {
  auth: AuthContext;
  practitionerId: string;
  requestId: string;
}

/** 409 for a transition the state machine of docs/product/features.md#delegation does not allow. */
class IllegalTransitionError extends HttpError {
  constructor(status: string, action: DelegationAction) {
    super(
      409,
      'Conflict',
      `A delegation that is ${status === 'Accepted' ? 'Active' : status} cannot be ${transitionVerbs[action]}.`,
      'delegation-transition',
    );
  }
}

const transitionVerbs: Record<DelegationAction, string> = {
  stop: 'stopped',
  reassign: 're-assigned',
  cancel: 'cancelled',
  resend: 'resent',
  acceptDetailsUpdate: 'updated',
  declineDetailsUpdate: 'declined',
};

/**
 * Delegation (docs/decisions/020-delegation.md): a server-side state machine over a practitioner's
 * delegations. Only the practitioner, in their own account, changes them; each change is one transaction
 * with its audit event, its consent record where the practitioner consents, and its mail.
 */
export function delegationsService(db: Database, opts: { productName: string; publicUrl: string }) {
  const repo = delegationsRepository(db);
  const mails = delegationMails(opts.productName, opts.publicUrl);

  /** The caller's own practitioner record; managing someone else or having none is refused. */
  function delegator(auth: AuthContext, requestId: string): Delegator {
    const user = auth.currentUser;
    // The rule the UI shows by (capabilities.ts); the messages say which half of it failed.
    if (!canAssignDelegates(user) || !user.practitionerId)
      throw new ForbiddenError(
        user.managingPractitioner
          ? 'Switch back to your own account to manage your delegates.'
          : 'Only a practitioner can assign delegates.',
      );
    return { auth, practitionerId: user.practitionerId, requestId };
  }

  async function consentInForce(): Promise<DelegationConsent> {
    const consent = await repo.currentConsent();
    if (!consent)
      throw new Error('No delegation consent text is stored (migration 0004 writes one).');
    return consent;
  }

  /** The consent given must be to the text in force: a stale page cannot consent to words it did not show. */
  async function checkConsent(version: number): Promise<DelegationConsent> {
    const consent = await consentInForce();
    if (version !== consent.version)
      throw new HttpError(
        409,
        'Conflict',
        'The consent wording has changed since the page was opened. Please review it and consent again.',
        'consent-outdated',
      );
    return consent;
  }

  /** A body that names its delegation again must name the one of the path (400 on the field otherwise). */
  function requireNamed(id: string, named: string, message: string) {
    if (named !== id) throw new ValidationError([{ field: 'delegateInvitationId', message }]);
  }

  /** A delegation of the caller's, or 404 (another practitioner's is indistinguishable from none). */
  async function own(d: Delegator, id: string): Promise<DelegationRow> {
    const row = await repo.findOwn(d.practitionerId, id);
    if (!row) throw new NotFoundError('Delegation not found.');
    return row;
  }

  function parties(
    d: Delegator,
    row: Pick<DelegationRow, 'givenName' | 'email'>,
  ): DelegationMailParties {
    return {
      practitioner: { givenName: d.auth.user.givenName, familyName: d.auth.user.familyName },
      delegate: { givenName: row.givenName, email: row.email },
    };
  }

  async function audit(
    tx: Transaction,
    d: Delegator,
    action: string,
    row: DelegationRow,
    changedFields: Record<string, unknown>,
  ) {
    await appendAudit(tx, {
      actorUserId: d.auth.user.id,
      actingForPractitionerId: d.practitionerId,
      action: `delegation.${action}`,
      entityType: 'delegation',
      entityId: row.id,
      changedFields,
      requestId: d.requestId,
    });
  }

  /** Runs a change; a second live delegation for the same person (unique index) is a 409. */
  async function write<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ConflictError(
          'This person already has an open invitation or is already your delegate.',
        );
      throw error;
    }
  }

  /** Moves a delegation by `action`, or 409 when its status does not allow it (checked again in the update). */
  async function move(
    tx: Transaction,
    d: Delegator,
    row: DelegationRow,
    action: DelegationAction,
    values: Partial<DelegationRow> = {},
  ): Promise<DelegationRow> {
    const { from, to } = delegationTransitions[action];
    const moved = await repo.transition(tx, row.id, from, { ...values, status: to });
    if (!moved) throw new IllegalTransitionError(row.status, action);
    await audit(tx, d, action, moved, {
      from: row.status,
      to,
      ...Object.fromEntries(Object.entries(values).filter(([k]) => k !== 'lastUpdated')),
    });
    return moved;
  }

  /** The practitioner's consent to `action` on a delegation, recorded in the transaction of the change. */
  async function recordConsent(
    tx: Transaction,
    d: Delegator,
    row: DelegationRow,
    action: string,
    consent: DelegationConsent,
  ) {
    await repo.recordConsent(tx, {
      delegationId: row.id,
      action,
      consentVersion: consent.version,
      userId: d.auth.user.id,
    });
  }

  /**
   * A new delegation the practitioner consents to: the row, the consent record, the audit event (its
   * changed fields and the consent version) and the mail, in one transaction.
   */
  async function consentedCreate(
    d: Delegator,
    action: 'invite' | 'add',
    consentVersion: number,
    values: Omit<NewDelegation, 'practitionerId'>,
    changedFields: (row: DelegationRow) => Record<string, unknown>,
    mail: (row: DelegationRow, consent: DelegationConsent) => OutgoingMail,
  ): Promise<DelegationListItem> {
    const consent = await checkConsent(consentVersion);
    const row = await write(async (tx) => {
      const inserted = await repo.insert(tx, { practitionerId: d.practitionerId, ...values });
      await recordConsent(tx, d, inserted, action, consent);
      await audit(tx, d, action, inserted, {
        ...changedFields(inserted),
        consentVersion: consent.version,
      });
      await queueMail(tx, mail(inserted, consent));
      return inserted;
    });
    return toItem(row);
  }

  /**
   * A transition the practitioner consents to: the move, the consent record and the mail, in one
   * transaction. The status is checked before the consent, so a stale action says what is wrong with it.
   */
  async function consentedMove(
    d: Delegator,
    id: string,
    action: 'stop' | 'reassign' | 'resend',
    consentVersion: number,
    mail: (moved: DelegationRow, consent: DelegationConsent) => OutgoingMail,
    values: Partial<DelegationRow> = {},
    check: (row: DelegationRow) => void = () => undefined,
    also: (tx: Transaction, moved: DelegationRow) => Promise<unknown> = async () => undefined,
  ): Promise<DelegationListItem> {
    const row = await own(d, id);
    check(row);
    if (!canTransition(row.status, action)) throw new IllegalTransitionError(row.status, action);
    const consent = await checkConsent(consentVersion);
    const moved = await write(async (tx) => {
      const m = await move(tx, d, row, action, values);
      await recordConsent(tx, d, m, action, consent);
      await queueMail(tx, mail(m, consent));
      await also(tx, m);
      return m;
    });
    return toItem(moved);
  }

  const selfMessage = 'You cannot be your own delegate';

  return {
    consent: consentInForce,

    async list(
      auth: AuthContext,
      query: { page: number; status?: DelegationListItem['status'] },
      requestId: string,
    ): Promise<DelegationsPage> {
      const d = delegator(auth, requestId);
      const { items, total } = await repo.page(d.practitionerId, {
        page: query.page,
        pageSize: delegationsPageSize,
        ...(query.status ? { status: query.status } : {}),
      });
      return { items, total, page: query.page, pageSize: delegationsPageSize };
    },

    /**
     * The invite search (docs/product/features.md#delegation). A last name that does not match says
     * only that; an open invitation says only that; otherwise the user, or nobody (the details form).
     */
    async searchUser(
      auth: AuthContext,
      body: { authIdentifier: string; familyName: string },
      requestId: string,
    ): Promise<DelegateUserSearchResult> {
      const d = delegator(auth, requestId);
      if (body.authIdentifier === auth.user.raNumber)
        throw new ValidationError([{ field: 'authIdentifier', message: selfMessage }]);
      const [user, live] = await Promise.all([
        repo.userByRaNumber(body.authIdentifier),
        repo.findLive(d.practitionerId, body.authIdentifier),
      ]);
      const knownFamilyName = user?.familyName ?? live?.familyName;
      if (knownFamilyName !== undefined && !sameName(knownFamilyName, body.familyName))
        return { user: null, alreadyInvited: false, lastNameDoesntMatch: true };
      if (live) return { user: null, alreadyInvited: true, lastNameDoesntMatch: false };
      return { user, alreadyInvited: false, lastNameDoesntMatch: false };
    },

    async potentialDelegates(auth: AuthContext, requestId: string): Promise<DelegateCandidate[]> {
      const d = delegator(auth, requestId);
      return repo.potentialDelegates(d.practitionerId, auth.user.id);
    },

    /** Invites someone by RA number: Invited, with the consent recorded and the invitation mailed. */
    async invite(
      auth: AuthContext,
      body: InviteDelegateRequest,
      requestId: string,
    ): Promise<DelegationListItem> {
      const d = delegator(auth, requestId);
      if (body.authIdentifier === auth.user.raNumber)
        throw new ValidationError([{ field: 'authIdentifier', message: selfMessage }]);
      const existing = await repo.userByRaNumber(body.authIdentifier);
      if (existing && !sameName(existing.familyName, body.familyName))
        throw new ValidationError([
          { field: 'familyName', message: delegateSearchMessages.noMatch.message },
        ]);
      return consentedCreate(
        d,
        'invite',
        body.consentVersion,
        {
          raNumber: body.authIdentifier,
          givenName: body.givenName,
          familyName: body.familyName,
          email: body.email,
          status: 'Invited',
        },
        (row) => ({
          status: 'Invited',
          raNumber: row.raNumber,
          givenName: row.givenName,
          familyName: row.familyName,
          email: row.email,
        }),
        (row, consent) => mails.invitation(parties(d, row), consent, row.id, false),
      );
    },

    /** Adds a connection (a manager linked to the practitioner): Accepted at once. */
    async addConnection(
      auth: AuthContext,
      body: AddDelegateRequest,
      requestId: string,
    ): Promise<DelegationListItem> {
      const d = delegator(auth, requestId);
      const [user] = await repo.potentialDelegates(d.practitionerId, auth.user.id, body.userId);
      if (!user) throw new NotFoundError('That person is not one of your connections.');
      if (!user.email)
        throw new ValidationError([
          {
            field: 'userId',
            message: 'This person has no email address yet; invite them instead.',
          },
        ]);
      return consentedCreate(
        d,
        'add',
        body.consentVersion,
        {
          delegateUserId: user.id,
          raNumber: user.authIdentifier,
          givenName: user.givenName,
          familyName: user.familyName,
          email: user.email,
          status: 'Accepted',
        },
        () => ({ status: 'Accepted', delegateUserId: user.id }),
        (row, consent) => mails.added(parties(d, row), consent),
      );
    },

    async cancel(auth: AuthContext, id: string, requestId: string): Promise<DelegationListItem> {
      const d = delegator(auth, requestId);
      const row = await own(d, id);
      if (!canTransition(row.status, 'cancel'))
        throw new IllegalTransitionError(row.status, 'cancel');
      const moved = await write(async (tx) => {
        const m = await move(tx, d, row, 'cancel');
        await queueMail(tx, mails.cancelled(parties(d, m), false));
        return m;
      });
      return toItem(moved);
    },

    async stop(
      auth: AuthContext,
      id: string,
      body: StopDelegationRequest,
      requestId: string,
    ): Promise<DelegationListItem> {
      const d = delegator(auth, requestId);
      // The delegate's own copies of the practitioner's credential-expiry reminders go with the delegation,
      // in its transaction (docs/decisions/057-credential-documents.md).
      return consentedMove(
        d,
        id,
        'stop',
        body.consentVersion,
        (m, consent) => mails.stopped(parties(d, m), consent),
        {},
        undefined,
        (tx, m) => repo.removeDelegateExpiryTasks(tx, d.practitionerId, m.delegateUserId),
      );
    },

    async reassign(
      auth: AuthContext,
      id: string,
      body: ReassignDelegationRequest,
      requestId: string,
    ): Promise<DelegationListItem> {
      const d = delegator(auth, requestId);
      return consentedMove(d, id, 'reassign', body.consentVersion, (m, consent) =>
        mails.reassigned(parties(d, m), consent),
      );
    },

    /** Resends an invitation; the practitioner may correct the names and email, never the RA number. */
    async resend(
      auth: AuthContext,
      id: string,
      body: ResendInvitationRequest,
      requestId: string,
    ): Promise<DelegationListItem> {
      const d = delegator(auth, requestId);
      requireNamed(id, body.delegateInvitationId, 'This does not name the invitation being resent');
      return consentedMove(
        d,
        id,
        'resend',
        body.consentVersion,
        (m, consent) => mails.invitation(parties(d, m), consent, m.id, true),
        { givenName: body.givenName, familyName: body.familyName, email: body.email },
        (row) => {
          if (body.authIdentifier !== row.raNumber)
            throw new ValidationError([
              {
                field: 'authIdentifier',
                message: 'The RA number of an invitation cannot be changed',
              },
            ]);
        },
      );
    },

    /**
     * The practitioner's answer to a delegate who accepted under other names: accepting takes the names
     * the delegate signed in with and makes the delegation Accepted; declining cancels it.
     */
    async respondToDetailsUpdate(
      auth: AuthContext,
      id: string,
      body: DetailsUpdateResponseRequest,
      requestId: string,
    ): Promise<DetailsUpdateResponse> {
      const d = delegator(auth, requestId);
      requireNamed(
        id,
        body.delegateInvitationId,
        'This does not name the delegation being answered',
      );
      const row = await own(d, id);
      const action: DelegationAction = body.acceptDetailsUpdate
        ? 'acceptDetailsUpdate'
        : 'declineDetailsUpdate';
      if (!canTransition(row.status, action)) throw new IllegalTransitionError(row.status, action);
      const delegateUser = row.delegateUserId ? await repo.userById(row.delegateUserId) : null;
      const moved = await write(async (tx) => {
        const m = body.acceptDetailsUpdate
          ? await move(tx, d, row, action, {
              givenName: delegateUser?.givenName ?? row.givenName,
              familyName: delegateUser?.familyName ?? row.familyName,
            })
          : await move(tx, d, row, action);
        await queueMail(
          tx,
          body.acceptDetailsUpdate
            ? mails.detailsUpdated(parties(d, m))
            : mails.cancelled(parties(d, m), true),
        );
        return m;
      });
      return {
        authorisationUpdated: body.acceptDetailsUpdate,
        email: moved.email,
        givenName: moved.givenName,
      };
    },
  };
}

/** A row as the list shows it; a single change answers without the last login, which only the list reads. */
function toItem(row: DelegationRow): DelegationListItem {
  return {
    id: row.id,
    givenName: row.givenName,
    familyName: row.familyName,
    email: row.email,
    status: row.status,
    lastUpdated: row.lastUpdated.toISOString(),
    lastLogin: null,
    authIdentifier: row.raNumber,
    delegateUserId: row.delegateUserId,
  };
}
