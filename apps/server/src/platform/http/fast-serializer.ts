import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** Keywords that only validate: a serializer needs the shape, not the rules. */
const VALIDATION_ONLY = new Set([
  '$schema',
  'pattern',
  'format',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
]);

/**
 * The shape of a JSON schema without its validation rules, with `anyOf: [X, null]` written as
 * `type: [X's type, 'null']`: fast-json-stringify chooses an `anyOf` branch by validating the value
 * against each (a uuid pattern per field), but writes a nullable type directly.
 */
function shapeOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(shapeOf);
  if (schema === null || typeof schema !== 'object') return schema;
  const source = schema as JsonSchema;
  const anyOf = source.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const [value, nothing] = anyOf[1]!.type === 'null' ? anyOf : [anyOf[1]!, anyOf[0]!];
    if (nothing!.type === 'null' && typeof value!.type === 'string') {
      const { anyOf: _, ...rest } = source;
      return shapeOf({ ...rest, ...value, type: [value!.type, 'null'] });
    }
  }
  return Object.fromEntries(
    Object.entries(source)
      .filter(([key]) => !VALIDATION_ONLY.has(key))
      .map(([key, value]) => [
        key,
        key === 'properties' ? mapValues(value, shapeOf) : shapeOf(value),
      ]),
  );
}

const mapValues = (object: unknown, f: (value: unknown) => unknown) =>
  Object.fromEntries(Object.entries(object as JsonSchema).map(([k, v]) => [k, f(v)]));

/**
 * A route's serializer compiled from its zod response schema by fast-json-stringify, for answers on the
 * hot path (`GET /api/me`, docs/benchmarks/load.md): the same JSON as the zod serializer (the contract's
 * keys in its order, unknown keys left out) without validating our own answer on every request, which
 * cost about ten times the writing. The answer's shape is still checked by the contract tests.
 */
export function fastJsonSerializerCompiler({ schema }: { schema: unknown }) {
  const json = z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-7' });
  return fastJson(shapeOf(json) as Parameters<typeof fastJson>[0]);
}
