import { locationAmenities, type LocationDetail, type LocationInput } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import type { AccessScope } from '#platform/access/scope.ts';
import { requireLocality } from '#platform/entities/localities.ts';
import { locationWrites } from './repository.ts';
import { ForbiddenError } from '#platform/errors.ts';
import { locationAccess, requireOrganisationManager } from '#platform/entities/access.ts';
import {
  contactColumns,
  contactView,
  loadServiceSummaries,
  locationKind,
  text,
} from '#platform/entities/summaries.ts';

/** Locations: view, edit, and add to an organisation. */
export function locationsService(db: Database) {
  /** A location with its services and partner services. */
  async function getLocationDetail(
    caller: AccessScope,
    locationId: string,
  ): Promise<LocationDetail> {
    const { location: l, organisation, canEdit } = await locationAccess(db, caller, locationId);
    const services = await loadServiceSummaries(db, { locationId });
    return {
      id: l.id,
      organisation: { id: organisation.id, name: organisation.name, type: organisation.type },
      name: l.name,
      kind: locationKind(l.type),
      addressLine: l.addressLines.join(', '),
      locality: text(l.locality),
      postcode: text(l.postcode),
      state: text(l.state),
      amenities: l.amenities,
      postalAddressLine: text(l.postalAddressLine),
      postalLocality: text(l.postalLocality),
      postalPostcode: text(l.postalPostcode),
      postalState: text(l.postalState),
      latitude: l.latitude,
      longitude: l.longitude,
      ...contactView(l),
      isActive: l.isActive,
      canEdit,
      healthcareServices: services.map(({ organisationId: _, ...s }) => s),
    };
  }

  /**
   * The amenities, postal address and map position of a location form, as columns; each left out when the body
   * does not send it (it stays as it was). Only a physical place has a map position
   * (docs/decisions/079-location-amenities-postal-position.md).
   */
  async function hcpdColumns(input: LocationInput, physical: boolean) {
    const postal =
      input.postalAddressLine === undefined
        ? {}
        : input.postalAddressLine
          ? {
              postalAddressLine: input.postalAddressLine.trim(),
              postalLocality: input.postalLocality ?? '',
              postalPostcode: input.postalPostcode ?? '',
              postalState: input.postalState || null,
            }
          : {
              postalAddressLine: null,
              postalLocality: null,
              postalPostcode: null,
              postalState: null,
            };
    if (postal.postalAddressLine) {
      await requireLocality(
        db,
        {
          locality: postal.postalLocality!,
          postcode: postal.postalPostcode!,
          state: postal.postalState ?? '',
        },
        'postalLocality',
      );
    }
    const position =
      input.latitude === undefined
        ? {}
        : physical && input.latitude && input.longitude
          ? { latitude: Number(input.latitude), longitude: Number(input.longitude) }
          : { latitude: null, longitude: null };
    return {
      ...(input.amenities === undefined
        ? {}
        : {
            // In the list's order, once each: the same choice saves the same value (no audit entry).
            amenities: locationAmenities
              .map((a) => a.code)
              .filter((code) => input.amenities!.includes(code)),
          }),
      ...postal,
      ...position,
    };
  }

  /**
   * Column values of a location form; a mobile or virtual location has no street address. The form shows a
   * location's address lines joined by ", " in one field: given back unchanged, the stored lines stay as
   * they are (an imported ["Level 1", "120 Crown Street"] is not turned into one line).
   */
  async function toColumns(input: LocationInput, storedLines: string[] = []) {
    const physical = input.kind === 'physical';
    if (physical) await requireLocality(db, input);
    const addressLine = input.addressLine.trim();
    const addressLines =
      storedLines.length && addressLine === storedLines.join(', ').trim()
        ? storedLines
        : [addressLine];
    return {
      ...(await hcpdColumns(input, physical)),
      name: input.name.trim(),
      type: physical ? [] : [input.kind as 'MOBL' | 'VI'],
      addressLines: physical ? addressLines : [],
      locality: physical ? input.locality : null,
      postcode: physical ? input.postcode : null,
      state: physical ? input.state || null : null,
      ...contactColumns(input),
    };
  }

  /** Edits a location (OrganisationManager of its organisation), audited. */
  async function updateLocation(
    caller: AccessScope,
    locationId: string,
    input: LocationInput,
    requestId: string,
  ) {
    const { location, canEdit } = await locationAccess(db, caller, locationId);
    if (!canEdit)
      throw new ForbiddenError('Only an organisation manager can change this location.');
    const next = await toColumns(input, location.addressLines);
    await locationWrites.save(db, locationId, location, next, {
      actorUserId: caller.userId,
      action: 'location.updated',
      entityType: 'Location',
      requestId,
    });
  }

  /** Adds a location to an organisation (OrganisationManager), audited; returns its id. */
  async function createLocation(
    caller: AccessScope,
    organisationId: string,
    input: LocationInput,
    requestId: string,
  ): Promise<string> {
    await requireOrganisationManager(db, caller, organisationId);
    const values = await toColumns(input);
    return locationWrites.insert(
      db,
      { organisationId, ...values },
      {
        actorUserId: caller.userId,
        action: 'location.created',
        entityType: 'Location',
        requestId,
      },
    );
  }

  return { getLocationDetail, updateLocation, createLocation };
}
