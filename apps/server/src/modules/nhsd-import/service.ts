import type { NhsdDirectory } from '#integrations/nhsd/index.ts';
import type { AppDeps } from '#platform/deps.ts';
import { nhsdDestination } from './destination.ts';
import { nhsdImport } from './import.ts';
import { nhsdImportPlan } from './plan.ts';
import { nhsdPublication } from './publication.ts';
import { nhsdSearch } from './search.ts';

export { importableTrees } from './destination.ts';
export { isIdentifierTaken } from './problems.ts';

/**
 * The NHSD import (docs/decisions/028-nhsd-import.md): the directory through its adapter, the organisations a
 * manager may import into, the duplicate and in-use rules, and the import in one transaction. One file per
 * step of the wizard (docs/decisions/029-nhsd-import-wizard.md): find the practice (search.ts), where the
 * services import to (destination.ts), publish to the national directories (publication.ts), checking the
 * import (plan.ts) and "Import now" (import.ts).
 */
export function nhsdImportService(deps: Pick<AppDeps, 'db' | 'config'>, directory: NhsdDirectory) {
  const destination = nhsdDestination(deps);
  const publication = nhsdPublication(deps, destination);
  const { banner, find } = nhsdSearch(deps, directory);
  const planner = nhsdImportPlan(deps, directory, destination, publication);
  const { import: importServices } = nhsdImport(deps, planner);
  return {
    banner,
    find,
    organisations: destination.organisations,
    locations: destination.locations,
    publicationPreferences: publication.publicationPreferences,
    partnerServices: publication.partnerServices,
    validate: planner.validate,
    import: importServices,
  };
}

export type NhsdImportService = ReturnType<typeof nhsdImportService>;
