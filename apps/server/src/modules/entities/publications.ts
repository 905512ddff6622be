import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PartnerPublication } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { healthcareServices, partnerPublications, partnerServices } from '#db/schema/index.ts';

/**
 * Partner services an entity is published to: the standing preferences of the given organisations
 * (an entity inherits its parent's) and the subscriptions of the given healthcare services.
 */
export async function loadPartnerPublications(
  db: Database,
  { organisationIds, serviceIds }: { organisationIds: string[]; serviceIds: string[] },
): Promise<PartnerPublication[]> {
  // Independent reads: issued together rather than one after the other.
  const [preferences, subscriptions] = await Promise.all([
    organisationIds.length
      ? db
          .select({
            partnerServiceId: partnerServices.id,
            name: partnerServices.name,
            role: partnerServices.role,
            publishFuturePractitioners: partnerPublications.publishFuturePractitioners,
          })
          .from(partnerPublications)
          .innerJoin(partnerServices, eq(partnerServices.id, partnerPublications.partnerServiceId))
          .where(
            and(
              inArray(partnerPublications.organisationId, organisationIds),
              isNull(partnerPublications.locationId),
              isNull(partnerPublications.healthcareServiceId),
              eq(partnerPublications.publish, true),
            ),
          )
      : [],
    serviceIds.length
      ? db
          .select({
            partnerServiceId: partnerServices.id,
            name: partnerServices.name,
            role: partnerServices.role,
            publishFuturePractitioners: partnerPublications.publishFuturePractitioners,
            healthcareServiceName: healthcareServices.name,
          })
          .from(partnerPublications)
          .innerJoin(partnerServices, eq(partnerServices.id, partnerPublications.partnerServiceId))
          .innerJoin(
            healthcareServices,
            eq(healthcareServices.id, partnerPublications.healthcareServiceId),
          )
          .where(
            and(
              inArray(partnerPublications.healthcareServiceId, serviceIds),
              eq(partnerPublications.publish, true),
            ),
          )
      : [],
  ]);
  const seen = new Set<string>();
  const result: PartnerPublication[] = [];
  for (const p of preferences) {
    if (seen.has(p.partnerServiceId)) continue;
    seen.add(p.partnerServiceId);
    result.push({ ...p, source: 'Preference', healthcareServiceName: null });
  }
  for (const s of subscriptions) result.push({ ...s, source: 'Subscription' });
  return result.sort(
    (a, b) =>
      a.name.localeCompare(b.name, 'en-AU') ||
      (a.healthcareServiceName ?? '').localeCompare(b.healthcareServiceName ?? '', 'en-AU'),
  );
}
