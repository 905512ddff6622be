import { constants } from '@pca/contracts/constants.ts';

/** The prefix of the states the portal makes for HI organisations (docs/decisions/069-smart-app-launch.md). */
const HI_PREFIX = 'hi:';

/**
 * Where the clinical-information-system callback goes (docs/product/shell.md#smart-callback): a 'po:' state carries a
 * participating organisation id in characters 3–39; any other state is a health-information organisation's: the
 * portal's own 'hi:' states carry its id in the same characters, and a state without a prefix is the id. The code
 * travels on as the `code` query and the state as `state`, which the server checks before it exchanges the code
 * (docs/decisions/069-smart-app-launch.md).
 */
export function smartCallbackTarget(state: string, code: string): string {
  const prefix = constants.smartStatePrefix;
  const length = constants.smartStateOrganisationIdLength;
  const participating = state.startsWith(prefix);
  const id = participating
    ? state.slice(prefix.length, prefix.length + length)
    : state.startsWith(HI_PREFIX)
      ? state.slice(HI_PREFIX.length, HI_PREFIX.length + length)
      : state;
  const kind = participating ? 'participating' : 'hi';
  return `/organisation/${kind}/${encodeURIComponent(id)}/launch?${new URLSearchParams({ code, state }).toString()}`;
}
