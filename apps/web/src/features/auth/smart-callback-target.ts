import { constants } from '@pca/contracts/constants.ts';

/**
 * Where the clinical-information-system callback goes (docs/product/shell.md#smart-callback): a 'po:' state carries a
 * participating organisation id in characters 3–39; any other state is a health-information
 * organisation id. The code travels on as the `code` query.
 */
export function smartCallbackTarget(state: string, code: string): string {
  const prefix = constants.smartStatePrefix;
  const participating = state.startsWith(prefix);
  const id = participating
    ? state.slice(prefix.length, prefix.length + constants.smartStateOrganisationIdLength)
    : state;
  const kind = participating ? 'participating' : 'hi';
  return `/organisation/${kind}/${encodeURIComponent(id)}/launch?${new URLSearchParams({ code }).toString()}`;
}
