import { z } from 'zod';

/**
 * One canonical form for ids (docs/decisions/054-canonical-ids-and-oauth-errors.md): a UUID in any case
 * names the same resource, so every schema that takes or gives an id parses it with this one, which
 * lower-cases it where it is parsed. PostgreSQL compares uuids by value, but the services compare the
 * ids they hold as strings (an owner's id, a map of rows by id): an id in another case would find the row
 * and then be refused. The OpenAPI document still says `format: uuid` (the lower-casing is an overwrite,
 * not a transform).
 */
export const uuid = (message?: string) =>
  (message ? z.uuid({ error: message }) : z.uuid()).toLowerCase();

/** A UUID, lower-cased. */
export const Uuid = uuid();
