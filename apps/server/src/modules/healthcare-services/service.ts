import type { HealthcareServiceDetail, HealthcareServiceInput } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import type { AccessScope } from '#platform/access/scope.ts';
import { ForbiddenError, ValidationError } from '#platform/errors.ts';
import { checkedSpecialty, serviceTypeConcept } from '#platform/terminology.ts';
import { requireOrganisationManager, serviceAccess } from '#platform/entities/access.ts';
import {
  addressText,
  contactColumns,
  contactView,
  isWithinDates,
  loadPractitionerRoleSummaries,
  nullable,
  text,
  toLocationSummary,
} from '#platform/entities/summaries.ts';
import { toOpeningDays, toStoredHours } from '#platform/entities/opening-hours.ts';
import { healthcareServiceWrites, isLocationOf, locationsOfOrganisation } from './repository.ts';

/** Healthcare services: view, edit, and add to an organisation. */
export function healthcareServicesService(db: Database) {
  /** A healthcare service with its contact details, opening hours, practitioners and partner services. */
  async function getServiceDetail(
    caller: AccessScope,
    serviceId: string,
  ): Promise<HealthcareServiceDetail> {
    const { service: s, organisation, roles, canEdit } = await serviceAccess(db, caller, serviceId);
    const [orgLocations, practitioners] = await Promise.all([
      locationsOfOrganisation(db, organisation.id),
      loadPractitionerRoleSummaries(db, [s.id]),
    ]);
    const location = orgLocations.find((l) => l.id === s.locationId);
    return {
      id: s.id,
      organisation: { id: organisation.id, name: organisation.name, type: organisation.type },
      location: location
        ? { id: location.id, name: location.name, address: addressText(location) }
        : null,
      name: s.name,
      serviceType: s.serviceType,
      specialty: s.specialty ?? '',
      description: text(s.description),
      startDate: text(s.startDate),
      endDate: text(s.endDate),
      isActive: isWithinDates(s.startDate, s.endDate),
      ...contactView(s),
      openingHours: toOpeningDays(s.openingHours),
      languages: s.languages,
      billing: s.billing,
      effectiveRoles: roles,
      canEdit,
      locationOptions: orgLocations.map(toLocationSummary),
      practitioners,
    };
  }

  async function toColumns(
    organisationId: string,
    input: HealthcareServiceInput,
    specialtyBefore: string | null = null,
    before: { languages: string[]; billing: string[] } = { languages: [], billing: [] },
  ) {
    if (!(await isLocationOf(db, input.locationId, organisationId)))
      throw new ValidationError([
        { field: 'locationId', message: 'Select a location of this organisation' },
      ]);
    return {
      name: input.name.trim(),
      serviceType: input.serviceType.trim(),
      specialty: await checkedSpecialty(db, input.specialty, specialtyBefore),
      description: nullable(input.description),
      locationId: input.locationId,
      startDate: input.startDate || null,
      endDate: input.endDate || null,
      ...contactColumns(input),
      openingHours: toStoredHours(input.openingHours),
      // Not sent: kept as they were (docs/decisions/078-languages-and-billing.md).
      languages: input.languages ?? before.languages,
      billing: input.billing ?? before.billing,
    };
  }

  /**
   * A service type is one of the terminology's (docs/decisions/071-terminology-and-codes.md): a text matched to
   * a SNOMED CT-AU service type, so the partner API serves it coded.
   */
  async function requireServiceType(serviceType: string) {
    if (!(await serviceTypeConcept(db, serviceType)))
      throw new ValidationError([
        { field: 'serviceType', message: 'Select a service type from the list' },
      ]);
  }

  /** Edits a healthcare service (OrganisationManager or HealthcareServiceManager), audited. */
  async function updateService(
    caller: AccessScope,
    serviceId: string,
    input: HealthcareServiceInput,
    requestId: string,
  ) {
    const { service, canEdit } = await serviceAccess(db, caller, serviceId);
    if (!canEdit)
      throw new ForbiddenError('Only a manager of this healthcare service can change it.');
    // A type kept as it was stays, matched or not (an operator maps it); a new one comes from the terminology.
    if (input.serviceType !== service.serviceType) await requireServiceType(input.serviceType);
    const next = await toColumns(service.organisationId, input, service.specialty, service);
    await healthcareServiceWrites.save(db, serviceId, service, next, {
      actorUserId: caller.userId,
      action: 'healthcare-service.updated',
      entityType: 'HealthcareService',
      requestId,
    });
  }

  /** Adds a healthcare service to an organisation (OrganisationManager), audited; returns its id. */
  async function createService(
    caller: AccessScope,
    organisationId: string,
    input: HealthcareServiceInput,
    requestId: string,
  ): Promise<string> {
    await requireOrganisationManager(db, caller, organisationId);
    await requireServiceType(input.serviceType);
    const values = await toColumns(organisationId, input);
    return healthcareServiceWrites.insert(
      db,
      { organisationId, ...values },
      {
        actorUserId: caller.userId,
        action: 'healthcare-service.created',
        entityType: 'HealthcareService',
        requestId,
      },
    );
  }

  return { getServiceDetail, updateService, createService };
}
