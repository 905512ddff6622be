import type { NhsdAppliesTo } from '@pca/contracts';

/** One service of the National Health Services Directory, as every directory adapter answers it. */
export interface DirectoryService {
  /** The directory's identifier of the service: what an import records, and what may be imported once. */
  nhsdResourceIdentifier: string;
  name: string;
  /** The service's types (the first is the one a healthcare service takes). */
  serviceTypes: string[];
  organisationName: string;
  addressLines: string[];
  city: string;
  postcode: string;
  state: string;
  /** Where it operates from: a site (si), home visits (home) or virtual. */
  appliesTo: NhsdAppliesTo;
  phone: string | null;
  email: string | null;
  website: string | null;
}

/**
 * What the wizard searches by (docs/product/features.md#feature-calls, NHSD find by type): a business type and
 * a place (suburb, postcode, state: si) or a name (home, virtual; si may narrow by it too). Empty strings are
 * "not given".
 */
export interface DirectoryQuery {
  appliesTo: NhsdAppliesTo;
  name: string;
  suburb: string;
  postcode: string;
  state: string;
  /** Most services to answer. */
  limit: number;
}

/** The directory could not answer (unreachable, timed out, an error or an answer we cannot read). */
export class DirectoryUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DirectoryUnavailableError';
  }
}

/**
 * The NHSD adapter (docs/decisions/028-nhsd-import.md): the local copy in `nhsd_services` by default, or a FHIR
 * R4 directory when NHSD_FHIR_URL is set. Every failure is a {@link DirectoryUnavailableError}, which the
 * module answers with the search (or import) error of docs/product/features.md#nhsd-import, never a 500.
 */
export interface NhsdDirectory {
  /** Whether the directory is under maintenance (the wizard's Outage banner). Never throws. */
  banner(): Promise<{ maintenance: boolean }>;
  /** Services of a business type at a place or by name, by name then identifier, at most `limit`. */
  findByType(query: DirectoryQuery): Promise<DirectoryService[]>;
  /** The services with these identifiers (unknown ones are left out). */
  getByIds(ids: readonly string[]): Promise<DirectoryService[]>;
}
