import {
  nhsdAddressText,
  nhsdConstants,
  nhsdMessages,
  type NhsdBanner,
  type NhsdSearchResult,
} from '@pca/contracts';
import type { z } from 'zod';
import type { NhsdFindRequest } from '@pca/contracts';
import {
  DirectoryUnavailableError,
  type DirectoryService,
  type NhsdDirectory,
} from '#integrations/nhsd/index.ts';
import type { AppDeps } from '#platform/deps.ts';
import { directoryProblem } from './problems.ts';
import { nhsdImportRepository as repo } from './repository.ts';

type FindRequest = z.output<typeof NhsdFindRequest>;

/**
 * Step 2 of the wizard, find the practice (docs/decisions/029-nhsd-import-wizard.md): the directory's banner
 * and its services of a business type at a place or by name, each flagged when already imported.
 */
export function nhsdSearch(deps: Pick<AppDeps, 'db'>, directory: NhsdDirectory) {
  const { db } = deps;
  return {
    /** The directory's banner: under maintenance, the Outage warning's text. */
    async banner(): Promise<NhsdBanner> {
      const { maintenance } = await directory.banner();
      return { maintenance, message: maintenance ? nhsdMessages.maintenance : null };
    },

    /** Directory services of a business type at a place or by name, with the in-use flag and the names offered. */
    async find(query: FindRequest): Promise<NhsdSearchResult> {
      let found: DirectoryService[];
      try {
        found = await directory.findByType({ ...query, limit: nhsdConstants.searchLimit });
      } catch (error) {
        if (error instanceof DirectoryUnavailableError)
          throw directoryProblem(nhsdMessages.searchError, error);
        throw error;
      }
      const inUse = await repo.identifiersInUse(
        db,
        found.map((s) => s.nhsdResourceIdentifier),
      );
      const services = found.map((s) => ({
        nhsdResourceIdentifier: s.nhsdResourceIdentifier,
        name: s.name,
        serviceTypes: s.serviceTypes,
        organisationName: s.organisationName,
        addressLines: s.addressLines,
        city: s.city,
        postcode: s.postcode,
        state: s.state,
        appliesTo: s.appliesTo,
        addressText: nhsdAddressText(s),
        identifierAlreadyInUse: inUse.has(s.nhsdResourceIdentifier),
      }));
      const names = new Map<string, { organisationName: string; addressText: string }>();
      for (const s of services)
        names.set(`${s.organisationName}\u0000${s.addressText}`, {
          organisationName: s.organisationName,
          addressText: s.addressText,
        });
      const organisationNames = [...names.values()].sort(
        (a, b) =>
          a.organisationName.localeCompare(b.organisationName, 'en-AU') ||
          a.addressText.localeCompare(b.addressText, 'en-AU'),
      );
      return { services, organisationNames };
    },
  };
}
