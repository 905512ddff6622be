import { useMutation } from '@tanstack/react-query';
import { hiServiceLookupPath, type HiServiceLookup } from '@pca/contracts/practitioners.ts';
import { http } from '#lib/http.ts';

/** Asks the HI Service (through the API) about one HPI-I. */
export function lookupHpii(hpii: string): Promise<HiServiceLookup> {
  return http<HiServiceLookup>(hiServiceLookupPath(hpii));
}

/** An HPI-I lookup started by the user's Search button. */
export function useLookupHpii() {
  return useMutation({ mutationFn: lookupHpii });
}
