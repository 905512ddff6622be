import type { HiServiceStatus } from '@pca/contracts';

/** What the Healthcare Identifiers Service answers about one HPI-I. */
export interface HiServiceAnswer {
  hpii: string;
  status: HiServiceStatus;
  /** Names are only given for a found identifier. */
  givenName: string | null;
  familyName: string | null;
}

/** The HI Service adapter: HPI-I checks (docs/product/architecture.md#the-system); the local registry is the default implementation. */
export interface HiService {
  /** Looks up an HPI-I; an unknown identifier answers NO_MATCH. */
  lookupByHpii(hpii: string): Promise<HiServiceAnswer>;
}
