import type { NhsdImportResult } from '@pca/contracts';
import { appendAudit } from '#platform/audit.ts';
import type { AppDeps } from '#platform/deps.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { identifierInUse, isIdentifierTaken, locationMoved } from './problems.ts';
import { locationTypeOf, type ImportRequest, type nhsdImportPlan } from './plan.ts';
import { saveStandingPreference } from './preference.ts';
import { nhsdImportRepository as repo } from './repository.ts';

/** "Import now": what the plan says, written in one transaction with an audit event for each row. */
export function nhsdImport(
  deps: Pick<AppDeps, 'db' | 'config'>,
  planner: Pick<ReturnType<typeof nhsdImportPlan>, 'plan' | 'checkConflicts'>,
) {
  const { db, config } = deps;
  const { plan, checkConflicts } = planner;

  return {
    /**
     * The import, in one transaction: the new location (pseudo-location '0'), the healthcare services, their
     * subscriptions, the preferences chosen now, and an audit event for each (and the preferences' mail). The
     * rules are read again inside the transaction; the unique identifier decides a race (the loser gets the
     * in-use 409, nothing written), the chosen location's row lock makes the duplicate-type rule hold between
     * concurrent imports, and a location moved to another organisation since the plan is a 409.
     */
    async import(
      auth: AuthContext,
      request: ImportRequest,
      requestId: string,
    ): Promise<NhsdImportResult> {
      const p = await plan(auth, request);
      const actor = {
        actorUserId: auth.user.id,
        actingForPractitionerId: auth.currentUser.managingPractitioner?.id ?? null,
        requestId,
      };
      try {
        return await db.transaction(async (tx) => {
          // The location was checked to be the organisation's outside the transaction: a transfer may have
          // moved it since, and then nothing is attached to it.
          if (p.location && !(await repo.lockLocation(tx, p.location.id, p.organisationId)))
            throw locationMoved();
          await checkConflicts(tx, p);
          let location = p.location;
          const first = p.services[0]!;
          if (!location) {
            const physical = p.appliesTo === 'si';
            location = await repo.insertLocation(tx, {
              organisationId: p.organisationId,
              name:
                physical && first.city
                  ? `${first.organisationName} ${first.city}`
                  : first.organisationName,
              type: locationTypeOf(p.appliesTo),
              addressLines: physical ? first.addressLines : [],
              locality: physical ? first.city || null : null,
              postcode: physical ? first.postcode || null : null,
              state: physical ? first.state || null : null,
              phone: first.phone,
              email: first.email,
              website: first.website,
            });
            await appendAudit(tx, {
              ...actor,
              action: 'location.created',
              entityType: 'Location',
              entityId: location.id,
              changedFields: {
                source: 'nhsd-import',
                nhsdResourceIdentifier: first.nhsdResourceIdentifier,
                name: location.name,
                type: location.type,
                addressLines: location.addressLines,
                locality: location.locality,
                postcode: location.postcode,
                state: location.state,
              },
            });
          }
          const created = await repo.insertServices(
            tx,
            p.services.map((s) => ({
              organisationId: p.organisationId,
              locationId: location.id,
              name: s.name,
              serviceType: s.serviceTypes[0] ?? '',
              phone: s.phone,
              email: s.email,
              website: s.website,
              nhsdResourceIdentifier: s.nhsdResourceIdentifier,
            })),
          );
          for (const c of created)
            await appendAudit(tx, {
              ...actor,
              action: 'healthcare-service.imported',
              entityType: 'HealthcareService',
              entityId: c.id,
              changedFields: {
                nhsdResourceIdentifier: c.nhsdResourceIdentifier,
                locationId: location.id,
                organisationId: p.organisationId,
              },
            });
          // The services' own choices: those made in the step (the acceptance of the statement it showed),
          // and "not published" where an inherited publication is not on the current statement and was not
          // accepted again (docs/decisions/056-publications-need-current-acceptance.md).
          const subscribed = await repo.insertSubscriptions(
            tx,
            created.flatMap((c) => [
              ...p.subscriptions.map((s) => ({
                organisationId: p.organisationId,
                healthcareServiceId: c.id,
                partnerServiceId: s.partnerServiceId,
                informationUseStatementId: s.informationUseStatementId,
                publishFuturePractitioners: s.publishFuturePractitioners,
                userId: auth.user.id,
              })),
              ...p.withheld.map((partnerServiceId) => ({
                organisationId: p.organisationId,
                healthcareServiceId: c.id,
                partnerServiceId,
                informationUseStatementId: null,
                publishFuturePractitioners: false,
                userId: auth.user.id,
              })),
            ]),
          );
          for (const s of subscribed)
            await appendAudit(tx, {
              ...actor,
              action: 'service-subscription.created',
              entityType: 'HealthcareService',
              entityId: s.healthcareServiceId!,
              changedFields: {
                subscriptionId: s.id,
                partnerServiceId: s.partnerServiceId,
                publish: s.publish,
              },
            });
          // The standing choices, at the highest level the caller may change, as the Partner services tab
          // saves them: the row, its audit event and the recipients' mail.
          for (const s of p.subscriptions.filter((x) => x.standing))
            await saveStandingPreference(tx, config, p.preference!, s, actor);
          return {
            locationId: location.id,
            locationName: location.name,
            locationCreated: !p.location,
            healthcareServiceIds: created.map((c) => c.id),
          };
        });
      } catch (error) {
        if (isIdentifierTaken(error)) throw identifierInUse();
        throw error;
      }
    },
  };
}
