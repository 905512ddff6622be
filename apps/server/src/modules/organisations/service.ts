import type { OrganisationDetail, OrganisationUpdate } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import type { AccessScope } from '#platform/access/scope.ts';
import { childrenOf, locationsOf, organisationName, organisationWrites } from './repository.ts';
import { organisationAccess, requireOrganisationManager } from '#platform/entities/access.ts';
import { requireLocality } from '#platform/entities/localities.ts';
import {
  loadPractitionerRoleSummaries,
  loadServiceSummaries,
  nullable,
  toLocationSummary,
} from '#platform/entities/summaries.ts';

/** Organisations: an organisation's view and edit. */
export function organisationsService(db: Database) {
  /**
   * An organisation with its tabs' data. A participating organisation's locations, services and practitioners
   * include those of its HI organisations, because in the demo world (as in the real service) they sit there;
   * each location names its organisation, as a service added here is at one of its own
   * (docs/decisions/098-service-locations-of-the-organisation.md).
   */
  async function getOrganisationDetail(
    caller: AccessScope,
    organisationId: string,
  ): Promise<OrganisationDetail> {
    const {
      organisation: o,
      roles,
      canEdit,
    } = await organisationAccess(db, caller, organisationId);
    const children = o.type === 'ParticipatingOrganisation' ? await childrenOf(db, o.id) : [];
    const parent = o.parentId ? await organisationName(db, o.parentId) : undefined;
    const subtree = [o.id, ...children.map((c) => c.id)];
    const [locations, services] = await Promise.all([
      locationsOf(db, subtree),
      loadServiceSummaries(db, { organisationIds: subtree }),
    ]);
    const serviceIds = services.map((s) => s.id);
    const practitioners = await loadPractitionerRoleSummaries(db, serviceIds);
    return {
      id: o.id,
      type: o.type,
      parent: parent ?? null,
      name: o.name,
      alias: o.alias,
      businessName: o.businessName,
      abn: o.abn,
      hpio: o.hpio,
      phone: o.phone,
      email: o.email,
      fax: o.fax,
      website: o.website,
      address:
        o.addressLine && o.locality && o.postcode && o.state
          ? {
              addressLine: o.addressLine,
              locality: o.locality,
              postcode: o.postcode,
              state: o.state,
            }
          : null,
      isPublisher: o.isPublisher,
      publisherApprovalStatus: o.publisherApprovalStatus ?? null,
      status: o.status,
      dateCreated: o.createdAt.toISOString(),
      effectiveRoles: roles,
      canEdit,
      hiOrganisations: children.map((c) => ({
        id: c.id,
        name: c.name,
        hpio: c.hpio,
        status: c.status,
      })),
      locations: locations.map((l) => ({
        ...toLocationSummary(l),
        organisationId: l.organisationId,
      })),
      healthcareServices: services.map(({ organisationId: _, ...s }) => s),
      practitioners,
    };
  }

  /**
   * The business address as columns, checked against the localities data as a location's is; left out when the
   * body does not send it, all null when it is cleared (docs/decisions/084-organisation-address.md).
   */
  async function addressColumns(input: OrganisationUpdate) {
    if (input.addressLine === undefined) return {};
    if (!input.addressLine)
      return { addressLine: null, locality: null, postcode: null, state: null };
    const place = {
      locality: input.locality ?? '',
      postcode: input.postcode ?? '',
      state: input.state ?? '',
    };
    await requireLocality(db, place);
    return { addressLine: input.addressLine.trim(), ...place };
  }

  /** Edits an organisation's details (OrganisationManager only), audited with the changed fields. */
  async function updateOrganisation(
    caller: AccessScope,
    organisationId: string,
    input: OrganisationUpdate,
    requestId: string,
  ): Promise<void> {
    const { organisation } = await requireOrganisationManager(db, caller, organisationId);
    const next = {
      name: input.name.trim(),
      alias: nullable(input.alias),
      businessName: nullable(input.businessName),
      fax: nullable(input.fax),
      website: nullable(input.website),
      ...(await addressColumns(input)),
    };
    await organisationWrites.save(db, organisationId, organisation, next, {
      actorUserId: caller.userId,
      action: 'organisation.updated',
      entityType: 'Organisation',
      requestId,
    });
  }

  return { getOrganisationDetail, updateOrganisation };
}
