import { constants } from '@pca/contracts/constants.ts';

/** A state's 3-character prefix ('po:', the portal's 'hi:', or another system's): letters or digits and a colon. */
const PREFIXED = /^[a-z0-9]{2}:/i;

/**
 * Where the clinical-information-system callback goes (docs/product/shell.md#smart-callback): a 'po:' state carries a
 * participating organisation id in characters 3–39; any other state is a health-information organisation's, whose
 * id is in the same characters after any other prefix (the portal's own 'hi:'), and a state without a prefix is the id. The code
 * travels on as the `code` query and the state as `state`, which the server checks before it exchanges the code
 * (docs/decisions/069-smart-app-launch.md).
 */
export function smartCallbackTarget(state: string, code: string): string {
  const prefix = constants.smartStatePrefix;
  const length = constants.smartStateOrganisationIdLength;
  const participating = state.startsWith(prefix);
  const id =
    participating || PREFIXED.test(state)
      ? state.slice(prefix.length, prefix.length + length)
      : state;
  const kind = participating ? 'participating' : 'hi';
  return `/organisation/${kind}/${encodeURIComponent(id)}/launch?${new URLSearchParams({ code, state }).toString()}`;
}
