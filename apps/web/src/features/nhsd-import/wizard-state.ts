// The NHSD import wizard's state and its rules (docs/product/features.md#nhsd-import,
// docs/decisions/029-nhsd-import-wizard.md): the reset levels, the auto-selection of an organisation and a
// location, the locations offered per business type, and the duplicate-type answer.
import type {
  LocalityCompletion,
  NhsdAppliesTo,
  NhsdCoverageArea,
  NhsdImportOrganisationNode,
  NhsdLocationSearchItem,
  NhsdOrganisationName,
  NhsdSearchResult,
  NhsdService,
} from '@pca/contracts';
import {
  nhsdConstants,
  nhsdLocationTypeFor,
  nhsdMessages,
  nhsdProblemTypes,
} from '@pca/contracts/nhsd-import-paths.ts';
import { ApiError } from '#lib/http.ts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';

/** The coverage area chosen in step 2, with the text its chip shows. */
export type ChosenArea = NhsdCoverageArea & { fullLocation: string };

/** A search that has answered, with the business type it was for. */
export type SearchAnswer = { appliesTo: NhsdAppliesTo; result: NhsdSearchResult };

/** Everything the wizard holds between steps. */
export type WizardState = {
  /** Step 1: where the services operate from. */
  appliesTo: NhsdAppliesTo;
  /** Step 2 (si): the one coverage area kept. */
  area: ChosenArea | null;
  /** Step 2: the last search's answer (didSearchFind when it has services). */
  search: SearchAnswer | null;
  /** Step 2 (si): the practice or business chosen among the results, narrowing step 3. */
  practice: NhsdOrganisationName | null;
  /** Step 3: the directory identifiers chosen. */
  selected: string[];
  /** Step 4: null until chosen (the auto-selection rules apply), '' when cleared. */
  organisationId: string | null;
  /** Step 4: null until chosen (the auto-selection rules apply), '' when cleared, '0' the pseudo-location. */
  locationId: string | null;
  /** Step 4: the duplicate-type error on the location field. */
  locationError: string | null;
  /** Bumped by every reset from step 2 on, so the fields of step 2 start again empty. */
  generation: number;
};

export const initialWizardState: WizardState = {
  appliesTo: 'si',
  area: null,
  search: null,
  practice: null,
  selected: [],
  organisationId: null,
  locationId: null,
  locationError: null,
  generation: 0,
};

export type WizardAction =
  | { type: 'businessType'; appliesTo: NhsdAppliesTo }
  | { type: 'area'; area: ChosenArea | null }
  | { type: 'searched'; search: SearchAnswer }
  | { type: 'practice'; practice: NhsdOrganisationName | null }
  | { type: 'selection'; selected: string[] }
  | { type: 'organisation'; organisationId: string }
  | { type: 'location'; locationId: string }
  | { type: 'duplicateType' }
  | { type: 'imported' };

/** What step 4 holds after the selection of services changes: organisation and location cleared. */
const destinationCleared = {
  organisationId: null,
  locationId: null,
  locationError: null,
} satisfies Partial<WizardState>;

/**
 * The reset levels: a new business type clears everything from step 2 on; a new search or practice, or a
 * change of the services chosen, clears the organisation and location; a new organisation clears the
 * location; a successful import resets the whole wizard.
 */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'businessType':
      if (action.appliesTo === state.appliesTo) return state;
      return {
        ...initialWizardState,
        appliesTo: action.appliesTo,
        generation: state.generation + 1,
      };
    case 'area':
      return { ...state, area: action.area };
    case 'searched':
      return {
        ...state,
        search: action.search,
        practice: null,
        selected: [],
        ...destinationCleared,
      };
    case 'practice':
      return { ...state, practice: action.practice, selected: [], ...destinationCleared };
    case 'selection':
      return { ...state, selected: action.selected, ...destinationCleared };
    case 'organisation':
      return {
        ...state,
        organisationId: action.organisationId,
        locationId: null,
        locationError: null,
      };
    case 'location':
      return { ...state, locationId: action.locationId, locationError: null };
    case 'duplicateType':
      return { ...state, locationId: '', locationError: nhsdMessages.duplicateServiceType };
    case 'imported':
      return { ...initialWizardState, generation: state.generation + 1 };
  }
}

/** The coverage area of a locality completion, with its full text. */
export const chosenAreaOf = (l: LocalityCompletion): ChosenArea => ({
  id: l.id,
  suburb: l.locality,
  isStateWide: false,
  postcode: l.postcode,
  state: l.state,
  fullLocation: l.fullLocation,
});

/** The services step 3 lists: the search's, narrowed to the chosen practice at its address (si). */
export function servicesShown(state: WizardState): NhsdService[] {
  const services = state.search?.result.services ?? [];
  const practice = state.practice;
  return practice
    ? services.filter(
        (s) =>
          s.organisationName === practice.organisationName &&
          s.addressText === practice.addressText,
      )
    : services;
}

/** An organisation the dropdown offers, with the names of those above it. */
export type OrganisationChoice = {
  id: string;
  label: string;
  type: NhsdImportOrganisationNode['type'];
};

/**
 * The importable trees as one list, parents first; a child's label starts with its own name (what a closed
 * dropdown still shows) and names the organisations above it.
 */
export function organisationChoices(
  trees: readonly NhsdImportOrganisationNode[],
  parents: string[] = [],
): OrganisationChoice[] {
  return trees
    .filter((node) => node.isActive && node.effectiveRoles.length > 0)
    .flatMap((node) => [
      {
        id: node.id,
        label: parents.length ? `${node.name} (${parents.join(' › ')})` : node.name,
        type: node.type,
      },
      ...organisationChoices(node.children, [...parents, node.name]),
    ]);
}

/**
 * The organisation chosen without asking: the one in the query when it is offered (a location id was given
 * with its organisation, or an organisation id), else the only one offered.
 */
export function defaultOrganisation(
  choices: readonly OrganisationChoice[],
  queryOrganisationId: string | null,
): string {
  if (queryOrganisationId && choices.some((c) => c.id === queryOrganisationId))
    return queryOrganisationId;
  return choices.length === 1 ? choices[0]!.id : '';
}

/** The locations offered for a business type: physical ones (no type code) for si, MOBL for home, VI for virtual. */
export function locationsFor(
  appliesTo: NhsdAppliesTo,
  items: readonly NhsdLocationSearchItem[],
): NhsdLocationSearchItem[] {
  const code = nhsdLocationTypeFor[appliesTo];
  return items.filter((l) => (code === null ? l.type.length === 0 : l.type.includes(code)));
}

/** An address as compared: case, spacing and punctuation aside. */
const sameAddress = (a: string, b: string) => {
  const norm = (x: string) =>
    x
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return norm(a) !== '' && norm(a) === norm(b);
};

/**
 * The location chosen without asking: the one in the query when offered, else the only one offered — but for
 * a physical service only a location at the services' own address (issue 30: a location at another address
 * is never pre-selected; the person chooses it, or the service's own address, knowingly).
 */
export function defaultLocation(
  offered: readonly NhsdLocationSearchItem[],
  queryLocationId: string | null,
  servicesAddress: string | null = null,
): string {
  const fits = (l: NhsdLocationSearchItem) =>
    servicesAddress === null || sameAddress(l.addressText, servicesAddress);
  const candidates = offered.filter(fits);
  if (queryLocationId && candidates.some((l) => l.locationId === queryLocationId))
    return queryLocationId;
  return offered.length === 1 && candidates.length === 1 ? candidates[0]!.locationId : '';
}

/** The pseudo-location: a new location from the directory service's own address. */
export const pseudoLocationId = nhsdConstants.pseudoLocationId;

/** Whether an answer of validate or import is the duplicate-type rule (docs/product/features.md#feature-validation). */
export function isDuplicateTypeError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.hasProblemType(nhsdProblemTypes.duplicateServiceType.replace(/^\/problems\//, '')) ||
    (error.problem?.detail ?? '').includes(nhsdMessages.duplicateServiceTypeDetail)
  );
}

/**
 * What a failed call of the wizard says: the specification's message for the call (docs/product/features.md#nhsd-import)
 * when the directory or the network failed, with the API's reason for any other refusal it explains; a refusal,
 * an outage, a rate limit or an ended session as every page says them (docs/decisions/011-errors-people-see.md).
 */
export function nhsdErrorText(error: unknown, message: string, thing: string): string {
  if (!(error instanceof ApiError) || (error.status >= 500 && error.status !== 503)) return message;
  if ([401, 403, 429, 503].includes(error.status))
    return describeApiErrorText(error, { thing, action: 'load' });
  const detail = error.problem?.detail;
  return detail && detail !== message ? `${message} ${detail}` : message;
}
