import { fhirApiPaths, fhirRequestPersonalContact } from '@pca/contracts/fhir-paths.ts';
import { pages } from '@pca/contracts/pages.ts';
import { practitionerPublicationMessages as messages } from '@pca/contracts/practitioner-publications-paths.ts';
import type { Database } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import { escapeHtml } from '#lib/escape-html.ts';
import { storeNotification } from '#db/notifications.ts';
import { partnerServiceName, recordContactRequest } from './repository.ts';
import { operationOutcome, type Json } from './resources.ts';
import { fhirService, isUuid, type PartnerCaller } from './service.ts';

// A partner asks for a practitioner's personal contact details (docs/product/publishing.md#personal-contact-requests:
// "Organisations must request your personal contact details before it's shared by your delegates. We will notify
// you of these requests."; docs/decisions/048-partner-asks-for-personal-contact.md). The request is what lets the
// practitioner, or a delegate with their consent, share them with that partner (decision 030's CHECK); it never
// shares anything itself.

/** Where the operation's definition is served, under the partner API's `base` and inside its plugin. */
export const definitionPath = fhirRequestPersonalContact.definition.slice(fhirApiPaths.base.length);
export const definitionUrl = (base: string) => `${base}${definitionPath}`;

/** The operation's definition (`GET /fhir/OperationDefinition/request-personal-contact`). */
export function requestPersonalContactDefinition(base: string): Json {
  return {
    resourceType: 'OperationDefinition',
    id: fhirRequestPersonalContact.name,
    url: definitionUrl(base),
    name: 'RequestPersonalContact',
    title: "Ask for a practitioner's personal contact details",
    status: 'active',
    kind: 'operation',
    date: '2026-11-25',
    publisher: 'Provider Connect Australia',
    description:
      'Records that the calling partner asks for the practitioner’s personal email and phone, and notifies the practitioner. Nothing is shared until the practitioner (or a delegate with their consent) chooses to share them with this partner; from then on they appear in the Practitioner’s telecom. Asking again changes nothing.',
    affectsState: true,
    code: fhirRequestPersonalContact.name,
    resource: ['Practitioner'],
    system: false,
    type: false,
    instance: true,
    parameter: [
      {
        name: 'return',
        use: 'out',
        min: 1,
        max: '1',
        documentation: 'Whether the request was recorded now or had been made before, and when.',
        type: 'OperationOutcome',
      },
    ],
  };
}

export function contactRequests(db: Database) {
  const reads = fhirService(db);
  return {
    /**
     * Records `partner`'s request for the personal contact details of a practitioner it sees, and notifies the
     * practitioner, in one transaction with its audit event. Null when the practitioner is not one the partner
     * sees (the caller answers 404, as for a read).
     */
    async request(
      partner: PartnerCaller,
      practitionerId: string,
      httpRequestId: string,
    ): Promise<Json | null> {
      if (!isUuid(practitionerId) || !(await reads.read(partner, 'Practitioner', practitionerId)))
        return null;
      return db.transaction(async (tx) => {
        // The practitioner is published to this partner now (it sees them), so a row made for the request
        // records that as their choice; the practitioner can change it on their publishing settings.
        const row = await recordContactRequest(tx, practitionerId, partner.partnerServiceId);
        const requestedAt = new Date(row.requestedAt!).toISOString();
        if (!row.fresh)
          return operationOutcome(
            'informational',
            `This partner asked for the practitioner's personal contact details on ${requestedAt}; they were notified then.`,
            'information',
          );
        const name = (await partnerServiceName(tx, partner.partnerServiceId))!;
        const href = pages.publishing.editPractitioner.href({
          partnerServiceId: partner.partnerServiceId,
        });
        await storeNotification(tx, {
          practitionerId,
          subject: messages.requestNotificationSubject(name),
          message: `<p>${escapeHtml(messages.requestNotificationMessage(name))}</p><p><a href="${escapeHtml(href)}">${escapeHtml(messages.requestNotificationLink(name))}</a></p>`,
        });
        await appendAudit(tx, {
          actorUserId: null,
          action: 'practitioner-publication.contact-requested',
          entityType: 'Practitioner',
          entityId: practitionerId,
          changedFields: {
            partnerServiceId: partner.partnerServiceId,
            clientSystemId: partner.clientSystemId,
            personalContactRequestedAt: requestedAt,
          },
          requestId: httpRequestId,
        });
        return operationOutcome(
          'informational',
          `The request was recorded on ${requestedAt} and the practitioner notified. Their personal contact details appear in the Practitioner's telecom once they share them with this partner.`,
          'information',
        );
      });
    },
  };
}
