import type { AdminSummary, PendingRegistration } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import { queueMail } from '#platform/outbox.ts';
import { ConflictError, NotFoundError } from '#platform/errors.ts';
import { addressText } from '#platform/entities/summaries.ts';
import { adminRepository } from './repository.ts';

/** System admin (PcaOperator): the queue of business registrations pending approval. */
export function adminService(db: Database) {
  const repository = adminRepository(db);

  /** Business registrations waiting for an operator, oldest first. */
  async function listPendingRegistrations(): Promise<PendingRegistration[]> {
    const rows = await repository.pendingOrganisations();
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [places, managers] = await Promise.all([
      repository.locationsOf(ids),
      repository.managersOf(ids),
    ]);
    return rows.map((o) => {
      const place = places.find((l) => l.organisationId === o.id);
      return {
        id: o.id,
        name: o.name,
        businessName: o.businessName,
        abn: o.abn,
        phone: o.phone,
        email: o.email,
        primaryLocation: place ? addressText(place) : null,
        dateCreated: o.createdAt.toISOString(),
        managers: managers
          .filter((m) => m.organisationId === o.id)
          .map((m) => `${m.givenName} ${m.familyName}${m.email ? ` (${m.email})` : ''}`),
      };
    });
  }

  const NOT_PENDING = 'This registration is not pending approval.';

  async function pending(id: string) {
    const o = await repository.organisation(id);
    if (!o || o.type !== 'ParticipatingOrganisation' || !o.isPublisher)
      throw new NotFoundError('The registration does not exist.');
    if (o.publisherApprovalStatus !== 'PendingApproval') throw new ConflictError(NOT_PENDING);
    return o;
  }

  async function managerEmails(organisationId: string) {
    const rows = await repository.managersOf([organisationId]);
    return rows.filter((r): r is typeof r & { email: string } => Boolean(r.email));
  }

  /**
   * Approves or declines a pending registration. Approval makes the organisation an Approved publisher;
   * declining returns it to Pending Submission so its managers can correct and resubmit it. Managers are
   * emailed through the outbox in the same transaction.
   */
  async function decideRegistration(
    operatorId: string,
    id: string,
    decision: { approve: true } | { approve: false; reason: string },
    requestId: string,
  ) {
    const o = await pending(id);
    const to = await managerEmails(id);
    const businessName = o.businessName ?? o.name;
    const status = decision.approve ? 'Approved' : 'PendingSubmission';
    await db.transaction(async (tx) => {
      // A declined registration must be agreed to again when it is resubmitted. The check above was outside
      // this transaction: a decision that committed since then leaves nothing to decide (no mail, no event).
      if (!(await repository.setApprovalStatus(tx, id, status, !decision.approve)))
        throw new ConflictError(NOT_PENDING);
      await appendAudit(tx, {
        actorUserId: operatorId,
        action: decision.approve
          ? 'business-registration.approved'
          : 'business-registration.declined',
        entityType: 'Organisation',
        entityId: id,
        changedFields: {
          publisherApprovalStatus: { from: 'PendingApproval', to: status },
          ...(decision.approve ? {} : { reason: decision.reason }),
        },
        requestId,
      });
      for (const m of to)
        await queueMail(tx, {
          to: m.email,
          subject: decision.approve
            ? `Registration approved: ${businessName}`
            : `Registration declined: ${businessName}`,
          text: decision.approve
            ? `Dear ${m.givenName},\n\n${businessName} is now registered with Provider Connect Australia. You can now manage and publish its details.\n`
            : `Dear ${m.givenName},\n\nThe registration of ${businessName} was not approved:\n\n${decision.reason}\n\nPlease sign in, update the registration and submit it again.\n`,
        });
    });
  }

  /** The operator's home: a count per operator area. */
  async function summary(): Promise<AdminSummary> {
    const r = await repository.summary();
    return {
      pendingRegistrations: Number(r.pending_registrations),
      users: { total: Number(r.users_total), inactive: Number(r.users_inactive) },
      partnerServices: Number(r.partner_services),
      informationUseStatements: Number(r.information_use_statements),
      publications: Number(r.publications),
      clientSystems: Number(r.client_systems),
      identifierSystems: Number(r.identifier_systems),
      pendingTransfers: Number(r.pending_transfers),
    };
  }

  return { listPendingRegistrations, decideRegistration, summary };
}
