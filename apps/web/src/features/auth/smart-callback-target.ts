import { constants } from '@pca/contracts/constants.ts';
import { organisationHref } from '@pca/contracts/pages.ts';
import { CLINICAL_SYSTEMS_TAB } from '#lib/smart-clients/clinical-systems-tab.tsx';

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
  const { participating, id } = organisationOf(state);
  const kind = participating ? 'participating' : 'hi';
  return `/organisation/${kind}/${encodeURIComponent(id)}/launch?${new URLSearchParams({ code, state }).toString()}`;
}

/** The organisation a state names, read as smartCallbackTarget reads it. */
function organisationOf(state: string): { participating: boolean; id: string } {
  const prefix = constants.smartStatePrefix;
  const length = constants.smartStateOrganisationIdLength;
  const participating = state.startsWith(prefix);
  const id =
    participating || PREFIXED.test(state)
      ? state.slice(prefix.length, prefix.length + length)
      : state;
  return { participating, id };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The Clinical systems tab of the organisation a state names, for a callback that brings no code (the person
 * cancelled at the clinical system, or it answered another OAuth error): the way back is that tab
 * (docs/product/smart-clients.md#launch). Null when the state names no organisation id, so the page never links
 * to an address made of whatever the query held.
 */
export function smartCallbackBack(state: string | null): string | null {
  if (!state) return null;
  const { participating, id } = organisationOf(state);
  if (!UUID.test(id)) return null;
  return organisationHref(participating ? 'ParticipatingOrganisation' : 'HiOrganisation', id, {
    tab: CLINICAL_SYSTEMS_TAB,
  });
}
