import type { Database } from '#db/client.ts';
import type { ServerConfig } from '#lib/config.ts';
import type { NhsdDirectory } from './directory.ts';
import { createFhirNhsdDirectory } from './fhir-directory.ts';
import { createLocalNhsdDirectory } from './local-directory.ts';

export * from './directory.ts';

/** The directory configuration chooses: a FHIR R4 endpoint when NHSD_FHIR_URL is set, else the local copy. */
export function createNhsdDirectory(db: Database, config: ServerConfig): NhsdDirectory {
  const { fhirUrl, timeoutMs, maintenance } = config.nhsd;
  return fhirUrl
    ? createFhirNhsdDirectory({ baseUrl: fhirUrl, timeoutMs })
    : createLocalNhsdDirectory(db, { maintenance });
}
