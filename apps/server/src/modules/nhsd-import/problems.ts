import {
  nhsdMessages,
  nhsdProblemTypes,
  publicationMessages,
  publicationProblemTypes,
} from '@pca/contracts';
import { ConflictError, ForbiddenError, HttpError } from '#platform/errors.ts';

// The NHSD import's problems (docs/decisions/028-nhsd-import.md), shared by its steps.

/** The slug of one of the import's problem types (`/problems/<slug>`). */
export const slug = (type: string) => type.replace(/^\/problems\//, '');

/**
 * The directory could not answer: the message of what was being done (docs/product/features.md#nhsd-import), as a
 * 502 problem, never a 500.
 */
export const directoryProblem = (detail: string, cause: unknown) =>
  new HttpError(
    502,
    'Directory unavailable',
    detail,
    slug(nhsdProblemTypes.directoryUnavailable),
    undefined,
    { cause },
  );

export const identifierInUse = () =>
  new HttpError(
    409,
    'Conflict',
    nhsdMessages.identifierInUse,
    slug(nhsdProblemTypes.identifierInUse),
  );

export const duplicateType = (type: string) =>
  new HttpError(
    409,
    'Conflict',
    `${nhsdMessages.duplicateServiceTypeDetail} '${type}'.`,
    slug(nhsdProblemTypes.duplicateServiceType),
  );

/**
 * A subscription names a statement of its partner that is not the latest: the step showed an older version
 * (or the partner published a newer one since). The Partner services tab's problem, so one name says it
 * (docs/decisions/056-publications-need-current-acceptance.md).
 */
export const statementNotLatest = (partnerName: string) =>
  new HttpError(
    409,
    'Conflict',
    publicationMessages.statementNotLatest(partnerName),
    slug(publicationProblemTypes.statementNotLatest),
  );

/**
 * The chosen location belongs to another organisation by the time the import locks it (a transfer moved it
 * after the check): the conflict a save of an entity that moved answers (docs/decisions/067-transfers.md).
 */
export const locationMoved = () =>
  new ConflictError(
    'This location has moved to another organisation since you chose it. Choose where to import the services again.',
  );

export const cannotImportHere = () =>
  new ForbiddenError('You cannot import services into this organisation or location.');

/** Whether the error is the unique constraint on healthcare_services.nhsd_resource_identifier refusing a row. */
export function isIdentifierTaken(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
  if (
    e.code === '23505' &&
    (e.constraint === 'healthcare_services_nhsd_resource_identifier_unique' ||
      (typeof e.message === 'string' &&
        e.message.includes('healthcare_services_nhsd_resource_identifier_unique')))
  )
    return true;
  return isIdentifierTaken(e.cause, depth + 1);
}
