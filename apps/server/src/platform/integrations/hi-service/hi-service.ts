/**
 * A provider search (docs/product/features.md#feature-calls Healthcare identifier services, certificate
 * route): the names of the person and the number they gave, with the identifier type 'hpii'.
 */
export interface ProviderSearch {
  familyName: string;
  givenName: string;
  hpii: string;
  identifierType: 'hpii';
}

/**
 * The HI Service adapter: HPI-I checks (docs/product/architecture.md#the-system); the local registry is the
 * default implementation. Registering as a practitioner calls one of the two routes of
 * docs/product/features.md#feature-calls, the certificate feature flag choosing which
 * (docs/decisions/023-register-as-practitioner.md). Someone else's HPI-I is only ever searched with their
 * names, as the HI Service's own provider search is, and no call returns a name
 * (docs/decisions/055-hpii-lookup-and-managing-powers.md).
 */
/** The signed-in person a read of an HPI-I is made for: the names their provider-login account holds. */
export interface HiIndividual {
  familyName: string;
  givenName: string;
}

export interface HiService {
  /**
   * Read administrative individual: the HI Service's service message for an HPI-I, read for the signed-in
   * individual. `NOT_LINKED` says the number is not linked to their provider-login account, so a number that
   * is someone else's is never a `SUCCESS` (docs/decisions/091-hpii-read-for-the-caller.md).
   */
  readAdministrativeIndividual(
    hpii: string,
    individual: HiIndividual,
  ): Promise<{ serviceMessage: string }>;
  /** Provider search: the HPI-I when one is found for these names and number, else null (no match). */
  searchProvider(search: ProviderSearch): Promise<{ hpii: string } | null>;
}
