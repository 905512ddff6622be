import {
  PractitionerRoleOutcome,
  practitionerRoleOutcomeText,
} from '@pca/contracts/practitioners.ts';
import { useHistoryOutcome } from '#lib/history-outcome.tsx';

const readOutcome = (state: unknown) => PractitionerRoleOutcome.safeParse(state).data ?? null;

/**
 * The success message the Practitioners page shows when the add or edit page returns to it. Loaded only
 * then: the list's own code stays within its budget (docs/decisions/018-critical-path-javascript.md).
 */
export function RoleOutcome() {
  return useHistoryOutcome(readOutcome, practitionerRoleOutcomeText).alert;
}
