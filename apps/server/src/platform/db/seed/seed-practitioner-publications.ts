import { practitionerPublications } from '../schema/index.ts';
import type { Transaction } from '../client.ts';
import { demoIds } from './ids.ts';
import { daysFromBase } from './world.ts';

/**
 * Alice's own publication choices (docs/decisions/030-publishing-to-partners.md): MediFund receives her
 * practitioner details and has asked for her personal contact details, which she has not shared yet — so the
 * demo shows the request rule (docs/product/publishing.md#personal-contact-requests: sharing waits for the
 * partner's request). She accepted MediFund's current statement (version 1) herself when she added it
 * (docs/decisions/081-practitioner-publication-acceptance.md: the consent check finds nothing here).
 */
export async function seedPractitionerPublications(tx: Transaction): Promise<void> {
  await tx.insert(practitionerPublications).values({
    id: demoIds.practitioner('alice/publication/medifund'),
    practitionerId: demoIds.practitioner('alice'),
    partnerServiceId: demoIds.partnerService('medifund'),
    publish: true,
    informationUseStatementId: demoIds.informationUseStatement('medifund', 1),
    acceptedByUserId: demoIds.user('alice'),
    acceptedAt: daysFromBase(-40),
    personalContactRequestedAt: daysFromBase(-10),
    sharePersonalContact: false,
    createdAt: daysFromBase(-40),
    updatedAt: daysFromBase(-10),
  });
}
