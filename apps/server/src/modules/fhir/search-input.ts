// What a partner's search may ask (docs/decisions/031-fhir-partner-api.md): shared by the service, which
// checks the parameters, and the repository, which turns them into SQL.

/** A search the partner API cannot answer as asked: 400 with an OperationOutcome naming the parameter. */
export class FhirSearchError extends Error {
  constructor(
    message: string,
    readonly code: 'invalid' | 'not-supported' = 'invalid',
  ) {
    super(message);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether `id` can be one of ours (anything else matches nothing and never reaches the database). */
export const isUuid = (id: string) => UUID.test(id);
/**
 * An id in the one form we store it: a UUID in any case names the same resource, in lower case
 * (docs/decisions/054-canonical-ids-and-oauth-errors.md); anything else is left as sent (it matches nothing).
 */
export const canonicalId = (id: string) => (isUuid(id) ? id.toLowerCase() : id);
