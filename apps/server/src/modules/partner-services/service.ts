import { createHash } from 'node:crypto';
import {
  partnerServiceMessages as m,
  partnerServiceProblemTypes as problemTypes,
  reacceptanceNotice,
  type StatementVersion,
  type PartnerIdentifierSystem,
  type PartnerIdentifierSystemInput,
  type PartnerIdentifierSystemList,
  type PartnerServiceDetail,
  type PartnerServiceInput,
  type PartnerServiceList,
  type PartnerServiceLogoUpload,
  type PartnerServiceSummary,
  type PublishedStatement,
  type PublishStatement,
  type RegisterPartnerService,
} from '@pca/contracts';
import { organisationHref, pages } from '@pca/contracts/pages.ts';
import type { AppDeps } from '#platform/deps.ts';
import { appendAudit } from '#platform/audit.ts';
import { queueMail } from '#platform/outbox.ts';
import { storeNotification } from '#db/notifications.ts';
import { sanitiseNotificationHtml } from '#lib/sanitise-notification.ts';
import { escapeHtml } from '#lib/escape-html.ts';
import { photoDataOf, processPhoto } from '#platform/images.ts';
import { HttpError, NotFoundError, ValidationError } from '#platform/errors.ts';
import { partnerServicesRepository, type PartnerServiceRow } from './repository.ts';

// Partner services, their versioned information use statements and identifier systems, run by the agency's
// operators (docs/decisions/064-partner-services.md).

const slug = (type: string) => type.replace(/^\/problems\//, '');

const view = (r: PartnerServiceRow): PartnerServiceSummary => ({
  id: r.id,
  code: r.code,
  name: r.name,
  role: r.role,
  shownToProviders: r.shownToProviders,
  contactName: r.contactName ?? '',
  contactEmail: r.contactEmail ?? '',
  contactPhone: r.contactPhone ?? '',
  logo: r.logo ? `data:${r.logo.mimeType};base64,${r.logo.data}` : null,
  logoDescription: r.logo?.description ?? '',
  latestVersion: r.latestVersion ?? null,
  awaitingAcceptance: r.awaitingAcceptance ?? 0,
});

/** What an audit entry records of a partner's details (never the logo's bytes). */
const details = (
  r: Pick<
    PartnerServiceRow,
    'name' | 'role' | 'shownToProviders' | 'contactName' | 'contactEmail' | 'contactPhone'
  >,
) => ({
  name: r.name,
  role: r.role,
  shownToProviders: r.shownToProviders,
  contactName: r.contactName ?? '',
  contactEmail: r.contactEmail ?? '',
  contactPhone: r.contactPhone ?? '',
});

/** The fields that changed, as { from, to }. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  return Object.fromEntries(
    Object.keys(after)
      .filter((k) => before[k] !== after[k])
      .map((k) => [k, { from: before[k], to: after[k] }]),
  );
}

/**
 * The rich text editor (packages/ui rich-text-editor.tsx) writes the browser's b, i and div; the one allow-list
 * (packages/contracts/src/rich-text-allow-list.ts) keeps strong, em and p. Renamed first, so formatting survives.
 */
const editorTagsToAllowed = (html: string) =>
  html
    .replace(/<(\/?)b(\s[^>]*)?>/gi, '<$1strong>')
    .replace(/<(\/?)i(\s[^>]*)?>/gi, '<$1em>')
    .replace(/<(\/?)div(\s[^>]*)?>/gi, '<$1p>');

const nullable = (value: string) => (value === '' ? null : value);

const codeExists = () =>
  new HttpError(409, 'Conflict', m.codeExists, slug(problemTypes.codeExists), [
    { field: 'code', message: m.codeExists },
  ]);
const systemExists = () =>
  new HttpError(409, 'Conflict', m.systemExists, slug(problemTypes.systemExists), [
    { field: 'system', message: m.systemExists },
  ]);

/** The partner services service (PcaOperator only; the routes guard it). */
export function partnerServicesService(deps: Pick<AppDeps, 'db' | 'config'>) {
  const { db, config } = deps;
  const repo = partnerServicesRepository(db);

  async function found(id: string) {
    const row = await repo.byId(id);
    if (!row) throw new NotFoundError('The partner service does not exist.');
    return row;
  }

  async function detail(id: string): Promise<PartnerServiceDetail> {
    const row = await found(id);
    const [statements, systems] = await Promise.all([
      repo.statements(id),
      repo.identifierSystems(id),
    ]);
    return {
      ...view(row),
      statements: statements.map((s): StatementVersion => ({
        id: s.id,
        version: s.version,
        title: s.title,
        content: s.content,
        publishedAt: s.publishedAt.toISOString(),
        publishedBy: s.givenName ? `${s.givenName} ${s.familyName ?? ''}`.trim() : null,
      })),
      identifierSystems: systems,
    };
  }

  async function partnerForSystem(partnerServiceId: string) {
    if (!(await repo.byId(partnerServiceId)))
      throw new ValidationError(
        [{ field: 'partnerServiceId', message: 'Select a partner service' }],
        'The partner service does not exist.',
      );
  }

  return {
    async list(): Promise<PartnerServiceList> {
      return { partnerServices: (await repo.list()).map(view) };
    },

    detail,

    async register(operatorId: string, input: RegisterPartnerService, requestId: string) {
      if (await repo.codeTaken(input.code)) throw codeExists();
      const id = await db.transaction(async (tx) => {
        const r = partnerServicesRepository(tx);
        const values = {
          code: input.code,
          name: input.name,
          role: input.role,
          shownToProviders: input.shownToProviders,
          contactName: nullable(input.contactName),
          contactEmail: nullable(input.contactEmail),
          contactPhone: nullable(input.contactPhone),
        };
        const id = await r.insert(values);
        await appendAudit(tx, {
          actorUserId: operatorId,
          action: 'partner-service.registered',
          entityType: 'PartnerService',
          entityId: id,
          changedFields: { code: input.code, ...details(values) },
          requestId,
        });
        return id;
      });
      return detail(id);
    },

    async update(operatorId: string, id: string, input: PartnerServiceInput, requestId: string) {
      await db.transaction(async (tx) => {
        const r = partnerServicesRepository(tx);
        const before = await r.byId(id, true);
        if (!before) throw new NotFoundError('The partner service does not exist.');
        const values = {
          name: input.name,
          role: input.role,
          shownToProviders: input.shownToProviders,
          contactName: nullable(input.contactName),
          contactEmail: nullable(input.contactEmail),
          contactPhone: nullable(input.contactPhone),
        };
        const changed = changes(details(before), details(values));
        if (!Object.keys(changed).length) return;
        await r.update(id, values);
        await appendAudit(tx, {
          actorUserId: operatorId,
          action: 'partner-service.updated',
          entityType: 'PartnerService',
          entityId: id,
          changedFields: changed,
          requestId,
        });
      });
      return detail(id);
    },

    /** The logo goes through the profile photo's pipeline: magic bytes, size, sides, sharp's re-encode. */
    async setLogo(
      operatorId: string,
      id: string,
      input: PartnerServiceLogoUpload,
      requestId: string,
    ) {
      await found(id);
      const png = await processPhoto(Buffer.from(input.data, 'base64'));
      const data = photoDataOf(png).replace(/^data:image\/png;base64,/, '');
      await db.transaction(async (tx) => {
        const r = partnerServicesRepository(tx);
        if (!(await r.byId(id, true)))
          throw new NotFoundError('The partner service does not exist.');
        await r.update(id, {
          logo: { mimeType: 'image/png', data, description: input.description },
        });
        await appendAudit(tx, {
          actorUserId: operatorId,
          action: 'partner-service.logo-changed',
          entityType: 'PartnerService',
          entityId: id,
          changedFields: {
            logo: {
              bytes: png.length,
              sha256: createHash('sha256').update(png).digest('hex'),
              description: input.description,
            },
          },
          requestId,
        });
      });
      return detail(id);
    },

    /**
     * Publishes a new version of the statement in one transaction with its audit event, and tells the managers
     * of every organisation that publishes to the partner on an older one, held on it or on an organisation above
     * it (mail through the outbox, and a notification for those who are practitioners, each naming the
     * organisation whose row needs accepting), and notifies each practitioner whose own publication to the
     * partner it pauses (decision 081). Their publication pauses until one of them accepts it:
     * the partner API serves only rows naming the latest statement (fhir/repository.ts, `visibility`).
     */
    async publishStatement(
      operatorId: string,
      id: string,
      input: PublishStatement,
      requestId: string,
    ): Promise<PublishedStatement> {
      const content = sanitiseNotificationHtml(editorTagsToAllowed(input.content)).trim();
      if (!content.replace(/<[^>]*>/g, '').trim())
        throw new ValidationError([{ field: 'content', message: m.statementRequired }]);
      const { statementId, organisations } = await db.transaction(async (tx) => {
        const r = partnerServicesRepository(tx);
        // Locking the partner orders concurrent publications: each one sees the version before it.
        const partner = await r.byId(id, true);
        if (!partner) throw new NotFoundError('The partner service does not exist.');
        const version = (partner.latestVersion ?? 0) + 1;
        const statementId = await r.insertStatement({
          partnerServiceId: id,
          version,
          title: input.title,
          content,
          publishedAt: new Date(),
          publishedByUserId: operatorId,
        });
        const organisations = await r.organisationsToAccept(id, statementId);
        const practitioners = await r.practitionersToAccept(id, statementId);
        await appendAudit(tx, {
          actorUserId: operatorId,
          action: 'partner-service.statement-published',
          entityType: 'PartnerService',
          entityId: id,
          changedFields: {
            informationUseStatement: { id: statementId, version, title: input.title },
            organisationsToAccept: organisations.map((o) => o.id),
            practitionersToAccept: practitioners.length,
          },
          requestId,
        });
        const managers = await r.managers(organisations.map((o) => o.id));
        for (const o of organisations) {
          const href = organisationHref(o.type, o.id, { tab: 'Partner services' });
          const subject = reacceptanceNotice.subject(partner.name);
          const text = reacceptanceNotice.text(
            partner.name,
            o.name,
            version,
            `${config.publicUrl}${href}`,
          );
          const mine = managers.filter((x) => x.organisationId === o.id);
          for (const manager of mine) {
            if (manager.email) await queueMail(tx, { to: manager.email, subject, text });
            if (manager.practitionerId)
              await storeNotification(tx, {
                practitionerId: manager.practitionerId,
                subject,
                message: `<p>${escapeHtml(partner.name)} has published version ${version} of its information use statement. Publication of ${escapeHtml(o.name)} to ${escapeHtml(partner.name)} is paused until a manager accepts it on the <a href="${href}">Partner services tab</a>.</p>`,
              });
          }
        }
        // Practitioners who chose this partner themselves are paused too; their publishing settings offer the new
        // version (docs/decisions/081-practitioner-publication-acceptance.md).
        const settings = pages.publishing.editPractitioner.href({ partnerServiceId: id });
        await storeNotification(
          tx,
          practitioners.map((practitionerId) => ({
            practitionerId,
            subject: reacceptanceNotice.subject(partner.name),
            message: `<p>${escapeHtml(partner.name)} has published version ${version} of its information use statement. Your practitioner details are not published to it until you accept it in <a href="${settings}">your publishing settings</a>.</p>`,
          })),
        );
        return { statementId, organisations };
      });
      const statement = (await detail(id)).statements.find((s) => s.id === statementId)!;
      return { statement, organisationsToAccept: organisations.length };
    },

    async identifierSystems(): Promise<PartnerIdentifierSystemList> {
      const [identifierSystems, partnerServices] = await Promise.all([
        repo.identifierSystems(),
        repo.partnerNames(),
      ]);
      return { identifierSystems, partnerServices };
    },

    async addIdentifierSystem(
      operatorId: string,
      input: PartnerIdentifierSystemInput,
      requestId: string,
    ): Promise<PartnerIdentifierSystem> {
      await partnerForSystem(input.partnerServiceId);
      if (await repo.systemTaken(input.partnerServiceId, input.system)) throw systemExists();
      const id = await db.transaction(async (tx) => {
        const r = partnerServicesRepository(tx);
        const id = await r.insertIdentifierSystem({ ...input, createdByUserId: operatorId });
        await appendAudit(tx, {
          actorUserId: operatorId,
          action: 'partner-identifier-system.added',
          entityType: 'PartnerIdentifierSystem',
          entityId: id,
          changedFields: { ...input },
          requestId,
        });
        return id;
      });
      return (await repo.identifierSystem(id))!;
    },

    async updateIdentifierSystem(
      operatorId: string,
      id: string,
      input: PartnerIdentifierSystemInput,
      requestId: string,
    ): Promise<PartnerIdentifierSystem> {
      await partnerForSystem(input.partnerServiceId);
      if (await repo.systemTaken(input.partnerServiceId, input.system, id)) throw systemExists();
      await db.transaction(async (tx) => {
        const r = partnerServicesRepository(tx);
        const before = await r.identifierSystem(id, true);
        if (!before) throw new NotFoundError('The identifier system does not exist.');
        const was = {
          partnerServiceId: before.partnerServiceId,
          system: before.system,
          name: before.name,
        };
        const changed = changes(was, { ...input });
        if (!Object.keys(changed).length) return;
        await r.updateIdentifierSystem(id, input);
        await appendAudit(tx, {
          actorUserId: operatorId,
          action: 'partner-identifier-system.updated',
          entityType: 'PartnerIdentifierSystem',
          entityId: id,
          changedFields: changed,
          requestId,
        });
      });
      return (await repo.identifierSystem(id))!;
    },

    async removeIdentifierSystem(operatorId: string, id: string, requestId: string) {
      await db.transaction(async (tx) => {
        const r = partnerServicesRepository(tx);
        const before = await r.identifierSystem(id, true);
        if (!before) throw new NotFoundError('The identifier system does not exist.');
        await r.deleteIdentifierSystem(id);
        await appendAudit(tx, {
          actorUserId: operatorId,
          action: 'partner-identifier-system.removed',
          entityType: 'PartnerIdentifierSystem',
          entityId: id,
          changedFields: {
            partnerServiceId: before.partnerServiceId,
            system: before.system,
            name: before.name,
          },
          requestId,
        });
      });
    },
  };
}
