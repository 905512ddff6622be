import fc from 'fast-check';

/** The part of JSON Schema the OpenAPI document of this API uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  default?: unknown;
}

/** Strings no text field may store: controls, broken Unicode, line breaks, markup, huge values. */
export const hostileStrings: string[] = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\uDBFF',
  '\r\n',
  'line\r\nSubject: injected',
  '\u0007\u001B[31m',
  '\u007F',
  '\t',
  '  ',
  '',
  '\u202Eevil',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '%00',
  '../../etc/passwd',
  '😀'.repeat(50),
  'a'.repeat(10_000),
  'é'.repeat(70_000),
  '0',
  '-1',
  '1e309',
  'null',
  '__proto__',
];

/** Percent-encoded text that is not UTF-8 at all (a lone surrogate as WTF-8, stray bytes, bad escapes). */
export const hostileEncoded: string[] = [
  '%ED%A0%80',
  '%FF%FE',
  '%',
  '%zz',
  '%00',
  '%0D%0A',
  '%C0%AF',
];

const pollutionKeys = ['__proto__', 'constructor', 'prototype'];

/** Values of the wrong type for any field. */
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string(), { maxLength: 3 }),
);

/** An object nested `depth` levels deep. */
const deepObject = (depth: number) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};
const hostileValue = fc.oneof(
  fc.constantFrom(...hostileStrings),
  wrongType,
  fc.constant(deepObject(500)),
  fc.constant(Array.from({ length: 10_000 }, (_, i) => i)),
  fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}')),
);

/** A string that fits the schema's shape, most of the time. */
function validishString(schema: JsonSchema, samples: string[]): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [fc.string({ maxLength: schema.maxLength ?? 40 })];
  if (samples.length) options.push(fc.constantFrom(...samples));
  if (schema.format === 'uuid') options.push(fc.uuid());
  if (schema.format === 'email') options.push(fc.emailAddress());
  if (schema.format === 'uri') options.push(fc.webUrl());
  if (schema.format === 'date')
    options.push(fc.constantFrom('2026-01-05', '2026-02-30', '1900-01-01'));
  if (schema.format === 'date-time')
    options.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  if (schema.pattern?.includes('\\d')) options.push(fc.stringMatching(new RegExp(schema.pattern)));
  return fc.oneof(...options);
}

/**
 * An arbitrary for values of `schema`: mostly valid-ish values (right types, known good samples, the
 * enum's members), often a hostile string or a value of the wrong type, sometimes extra keys that
 * try to pollute prototypes. `samples` holds known good strings by property name (ids of seeded rows).
 */
export function arbitraryOf(
  schema: JsonSchema | undefined,
  samples: Record<string, string[]> = {},
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return hostileValue;
  const valid = validArbitrary(schema, samples, name, depth);
  return fc.oneof(
    { arbitrary: valid, weight: 6 },
    { arbitrary: fc.constantFrom(...hostileStrings), weight: 3 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

function validArbitrary(
  schema: JsonSchema,
  samples: Record<string, string[]>,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return fc.oneof(...alternatives.map((s) => validArbitrary(s, samples, name, depth + 1)));
  if (schema.allOf?.length)
    return validArbitrary(Object.assign({}, ...schema.allOf), samples, name, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return validishString(schema, samples[name] ?? []);
    case 'integer':
      // fast-check integers are 32-bit; larger bounds are clamped (huge numbers come as hostile values).
      return fc.integer({
        min: Math.max(schema.minimum ?? -10, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 1_000, 2 ** 31 - 1),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(schema.items, samples, name, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 5, 8),
      });
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of properties)
        record[key] = arbitraryOf(value, samples, key, depth + 1);
      const required = (schema.required ?? []).filter((k) => k in record);
      const base = fc.record(record, { requiredKeys: required });
      // Keys nobody declared, prototype-polluting ones among them.
      const extra = fc.dictionary(
        fc.oneof(fc.constantFrom(...pollutionKeys), fc.string({ maxLength: 8 })),
        hostileValue,
        { maxKeys: 2 },
      );
      return fc
        .tuple(base, fc.option(extra, { freq: 4 }), fc.boolean())
        .map(([value, more, dropRequired]) => {
          const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
          if (more)
            for (const [k, v] of Object.entries(more))
              Object.defineProperty(out, k, {
                value: v,
                enumerable: true,
                writable: true,
                configurable: true,
              });
          if (dropRequired && required.length) delete out[required[0]!];
          return out;
        });
    }
    default:
      return fc.oneof(fc.string(), wrongType);
  }
}
