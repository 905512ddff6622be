/**
 * The fuzz's catalogue of mutations (docs/decisions/012-reliability-suite.md, amended by
 * docs/decisions/054-canonical-ids-and-oauth-errors.md): each turns one known good request of an operation into
 * one hostile request — a body that does not parse or says it is in another charset, a form where JSON is
 * expected and JSON where a form is, every field of the wrong type or holding control characters, huge
 * numbers, prototype-polluting keys, ids in upper case, broken percent-encoding in the path and the query,
 * odd headers. Every mutation applies to every operation (an operation without path parameters skips the
 * path's); a read ignores the bodies it is sent, which is what a framework must do with them.
 */

/** One known good request of an operation, as the fuzz starts from it. */
export interface BaseRequest {
  method: string;
  /** OpenAPI-style path, `/api/organisations/{id}`. */
  path: string;
  /** Path parameters by name, not yet encoded. */
  params: Record<string, string>;
  /** Query parameters by name (the known good ones, possibly none). */
  query: Record<string, string>;
  /** The query parameters the operation declares (or none). */
  queryNames: string[];
  /** A good body: an object, a form string, a Buffer (a photo), or undefined. */
  body: unknown;
  /** Its media type, when there is a body. */
  contentType: string | undefined;
  /** The caller's headers (authorization) and the case's own. */
  headers: Record<string, string>;
}

/** One request of the fuzz. */
export interface FuzzRequest {
  mutation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** A read with its ids in another case: the URL of the same read as given, which must answer alike. */
  sameAs?: string;
}

export interface Mutation {
  name: string;
  /**
   * Who sends it: by default each of the operation's callers in turn; `owner`, the caller its good request is
   * for (an id in another case must not refuse its owner; a NUL in one field must get past the checks of the
   * others to reach the database).
   */
  as?: 'owner';
  /** The requests (none when the mutation does not apply: the path's, without path parameters). */
  apply(base: BaseRequest): FuzzRequest[];
}

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Percent-encoding that never throws: a lone surrogate (which UTF-8 cannot hold) goes as its WTF-8 bytes,
 * as a careless client would send it.
 */
export function encode(text: string): string {
  return text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g, (c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      const unit = c.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
  });
}

/** Every UUID in a value in upper case (or mixed case). */
export function recaseIds<T>(value: T, mixed = false): T {
  const recase = (id: string) =>
    mixed
      ? [...id].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('')
      : id.toUpperCase();
  if (typeof value === 'string') return (UUID.test(value) ? recase(value) : value) as T;
  if (Array.isArray(value)) return value.map((v) => recaseIds(v, mixed)) as T;
  if (value && typeof value === 'object' && !Buffer.isBuffer(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, recaseIds(v, mixed)])) as T;
  return value;
}

/** The path with its parameters filled in: `encoded` ones as they are, the others percent-encoded. */
function fill(base: BaseRequest, encoded: Record<string, string> = {}) {
  return base.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    name in encoded ? encoded[name]! : encode(base.params[name] ?? 'x'),
  );
}

const pathNames = (base: BaseRequest) => [...base.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** `name=value` pairs, values already encoded, joined onto the URL. */
const withQuery = (url: string, pairs: string[]) =>
  pairs.length ? `${url}?${pairs.join('&')}` : url;

/** The good query, encoded. */
const goodPairs = (base: BaseRequest) =>
  Object.entries(base.query).map(([k, v]) => `${encode(k)}=${encode(v)}`);

/** The names a query mutation fills: the declared ones, or one that nobody declared. */
const queryNamesOf = (base: BaseRequest) =>
  base.queryNames.length
    ? base.queryNames
    : Object.keys(base.query).length
      ? Object.keys(base.query)
      : ['q'];

const goodUrl = (base: BaseRequest) => withQuery(fill(base), goodPairs(base));

/** The good body as an object of fields (a form string is read as one; anything else is an empty object). */
function fieldsOf(base: BaseRequest): Record<string, unknown> {
  const { body } = base;
  if (typeof body === 'string' && base.contentType?.startsWith(FORM_TYPE))
    return Object.fromEntries(new URLSearchParams(body));
  if (body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body))
    return body as Record<string, unknown>;
  return {};
}

/** The field names a field mutation replaces: the body's, or one nobody declared. */
const fieldNames = (base: BaseRequest) => {
  const names = Object.keys(fieldsOf(base));
  return names.length ? names : ['name'];
};

const asForm = (fields: Record<string, unknown>) =>
  Object.entries(fields)
    .map(
      ([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`,
    )
    .join('&');

/** The operation's own body media type (JSON unless it takes a form or an image). */
const ownType = (base: BaseRequest) => base.contentType ?? JSON_TYPE;
const takesForm = (base: BaseRequest) => ownType(base).startsWith(FORM_TYPE);

/** A request to the good URL with this body and media type (none: no Content-Type header). */
function withBody(
  base: BaseRequest,
  mutation: string,
  payload: string | Buffer,
  contentType: string | null,
  extra: Record<string, string> = {},
): FuzzRequest[] {
  return [
    {
      mutation,
      method: base.method,
      url: goodUrl(base),
      headers: {
        ...base.headers,
        ...(contentType === null ? {} : { 'content-type': contentType }),
        ...extra,
      },
      payload,
    },
  ];
}

/** Every field replaced by `value`, sent in the operation's own encoding (a form, or JSON). */
function everyField(name: string, value: unknown, raw?: string): Mutation {
  return {
    name,
    apply(base) {
      const fields = Object.fromEntries(fieldNames(base).map((k) => [k, value]));
      if (takesForm(base)) return withBody(base, name, asForm(fields), ownType(base));
      let json = JSON.stringify(fields);
      if (raw !== undefined) json = json.replaceAll(JSON.stringify(value), raw);
      return withBody(base, name, json, JSON_TYPE);
    },
  };
}

/**
 * One request per field of the good body, that field replaced by `value` and the others kept good: the likeliest
 * way for a bad value to get past the other checks and reach the database. Sent as the owner.
 */
function eachField(name: string, value: unknown): Mutation {
  return {
    name,
    as: 'owner',
    apply(base) {
      const fields = fieldsOf(base);
      return Object.keys(fields).flatMap((key) => {
        const mutated = { ...fields, [key]: value };
        return takesForm(base)
          ? withBody(base, name, asForm(mutated), ownType(base))
          : withBody(base, name, JSON.stringify(mutated), ownType(base));
      });
    },
  };
}

/** The body's JSON with text spliced in after its opening brace. */
const spliceJson = (fields: Record<string, unknown>, inner: string) => {
  const json = JSON.stringify(fields);
  return json === '{}' ? `{${inner}}` : `{${inner},${json.slice(1)}`;
};

function query(name: string, pairsOf: (base: BaseRequest) => string[]): Mutation {
  return {
    name,
    apply: (base) => [
      {
        mutation: name,
        method: base.method,
        url: withQuery(fill(base), pairsOf(base)),
        headers: { ...base.headers },
      },
    ],
  };
}

const everyQuery = (name: string, value: string) =>
  query(name, (base) => queryNamesOf(base).map((k) => `${encode(k)}=${value}`));

function path(name: string, valueOf: (good: string) => string, compare = false): Mutation {
  return {
    name,
    apply(base) {
      const names = pathNames(base);
      if (!names.length) return [];
      const encoded = Object.fromEntries(
        names.map((n) => [n, valueOf(encode(base.params[n] ?? 'x'))]),
      );
      const url = withQuery(fill(base, encoded), goodPairs(base));
      return [
        {
          mutation: name,
          method: base.method,
          url,
          headers: { ...base.headers },
          ...(compare && base.method === 'GET' ? { sameAs: goodUrl(base) } : {}),
        },
      ];
    },
    ...(compare ? { as: 'owner' as const } : {}),
  };
}

function header(name: string, headers: Record<string, string>): Mutation {
  return {
    name,
    apply: (base) => [
      {
        mutation: name,
        method: base.method,
        url: goodUrl(base),
        headers: { ...base.headers, ...headers },
      },
    ],
  };
}

const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

export const mutations: Mutation[] = [
  // First the ids in the path, while the seeded world is as the good requests expect it.
  path('path: ids in upper case', (good) => recaseIds(good), true),
  path('path: ids in mixed case', (good) => recaseIds(good, true), true),
  path('path: a NUL', (good) => `${good}%00`),
  path('path: control characters', (good) => `${good}%07%1B`),
  path('path: non-UTF-8 bytes', () => '%FF%FE'),
  path('path: a lone surrogate', () => '%ED%A0%80'),
  path('path: 10,000 characters', () => 'a'.repeat(10_000)),
  path('path: __proto__', () => '__proto__'),
  path('path: the nil UUID', () => '00000000-0000-0000-0000-000000000000'),
  path('path: a dot-dot segment', () => '..%2F..%2Fetc%2Fpasswd'),
  path('path: braces around the id', (good) => `%7B${good}%7D`),
  // The query.
  everyQuery('query: a NUL', 'a%00b'),
  everyQuery('query: control characters', '%07%1B%7F'),
  everyQuery('query: huge numbers', '99999999999999999999999999'),
  everyQuery('query: negative fractions', '-1.5'),
  everyQuery('query: bad percent-encoding', '%zz%'),
  everyQuery('query: non-UTF-8 bytes', '%FF%FE'),
  everyQuery('query: a lone surrogate', '%ED%A0%80'),
  query('query: every parameter twice', (base) => {
    const pairs = queryNamesOf(base).map((k) => `${encode(k)}=${encode(base.query[k] ?? '1')}`);
    return [...pairs, ...pairs];
  }),
  query('query: __proto__ and constructor keys', (base) => [
    ...goodPairs(base),
    '__proto__[polluted]=1',
    'constructor[prototype][polluted]=1',
    '__proto__=x',
  ]),
  {
    name: 'query: ids in upper case',
    as: 'owner',
    apply: (base) => [
      {
        mutation: 'query: ids in upper case',
        method: base.method,
        url: withQuery(
          fill(base),
          Object.entries(recaseIds(base.query)).map(([k, v]) => `${encode(k)}=${encode(v)}`),
        ),
        headers: { ...base.headers },
        ...(base.method === 'GET' ? { sameAs: goodUrl(base) } : {}),
      },
    ],
  },
  // Headers.
  header('header: a 5,000-character bearer token', {
    authorization: `Bearer ${'a'.repeat(5_000)}`,
  }),
  header('header: a malformed Basic', { authorization: 'Basic !!!' }),
  header('header: Basic credentials with a NUL', {
    authorization: `Basic ${Buffer.from('a\u0000b:secret\u0007').toString('base64')}`,
  }),
  header('header: a bearer of percent-escapes', { authorization: 'Bearer %00%0D%0A' }),
  header('header: Accept application/xml', { accept: 'application/xml' }),
  header('header: an odd Accept-Encoding', { 'accept-encoding': 'br;q=x, gzip;q=2, *;q=-1' }),
  // Bodies that do not parse, or parse into something no schema expects.
  { name: 'json: malformed', apply: (b) => withBody(b, 'json: malformed', '{"a":', JSON_TYPE) },
  { name: 'json: empty body', apply: (b) => withBody(b, 'json: empty body', '', JSON_TYPE) },
  {
    name: 'json: __proto__ key',
    apply: (b) =>
      withBody(
        b,
        'json: __proto__ key',
        spliceJson(fieldsOf(b), '"__proto__":{"polluted":true}'),
        JSON_TYPE,
      ),
  },
  {
    name: 'json: constructor.prototype key',
    apply: (b) =>
      withBody(
        b,
        'json: constructor.prototype key',
        spliceJson(fieldsOf(b), '"constructor":{"prototype":{"polluted":true}}'),
        JSON_TYPE,
      ),
  },
  {
    name: 'json: an array',
    apply: (b) => withBody(b, 'json: an array', JSON.stringify([fieldsOf(b)]), JSON_TYPE),
  },
  { name: 'json: null', apply: (b) => withBody(b, 'json: null', 'null', JSON_TYPE) },
  { name: 'json: a string', apply: (b) => withBody(b, 'json: a string', '"text"', JSON_TYPE) },
  { name: 'json: 1e999', apply: (b) => withBody(b, 'json: 1e999', '1e999', JSON_TYPE) },
  {
    name: 'json: nested 2,000 deep',
    apply: (b) => withBody(b, 'json: nested 2,000 deep', deep(2_000), JSON_TYPE),
  },
  {
    name: 'json: over the body limit',
    apply: (b) =>
      withBody(b, 'json: over the body limit', `{"a":"${'x'.repeat(1_100_000)}"}`, JSON_TYPE),
  },
  {
    name: 'json: in UTF-16',
    apply: (b) =>
      withBody(
        b,
        'json: in UTF-16',
        Buffer.from(JSON.stringify(fieldsOf(b)), 'utf16le'),
        `${JSON_TYPE}; charset=utf-16`,
      ),
  },
  {
    name: 'json: Latin-1 bytes',
    apply: (b) =>
      withBody(
        b,
        'json: Latin-1 bytes',
        Buffer.from(JSON.stringify({ ...fieldsOf(b), name: 'Café Zoë' }), 'latin1'),
        `${JSON_TYPE}; charset=iso-8859-1`,
      ),
  },
  // Forms where JSON is expected (and the token endpoint's own form, broken).
  {
    name: 'form: the good body as a form',
    apply: (b) => withBody(b, 'form: the good body as a form', asForm(fieldsOf(b)), FORM_TYPE),
  },
  {
    name: 'form: a NUL in every field',
    apply: (b) =>
      withBody(
        b,
        'form: a NUL in every field',
        asForm(Object.fromEntries(fieldNames(b).map((k) => [k, 'a\u0000b']))),
        FORM_TYPE,
      ),
  },
  {
    name: 'form: every field twice',
    apply: (b) => {
      const form = asForm(fieldsOf(b)) || 'name=a';
      return withBody(b, 'form: every field twice', `${form}&${form}`, FORM_TYPE);
    },
  },
  {
    name: 'form: in UTF-16',
    apply: (b) =>
      withBody(
        b,
        'form: in UTF-16',
        Buffer.from(asForm(fieldsOf(b)) || 'name=a', 'utf16le'),
        `${FORM_TYPE}; charset=utf-16`,
      ),
  },
  {
    name: 'form: broken percent-encoding',
    apply: (b) =>
      withBody(
        b,
        'form: broken percent-encoding',
        fieldNames(b)
          .map((k) => `${k}=%ED%A0%80%zz%`)
          .join('&'),
        FORM_TYPE,
      ),
  },
  // Other media types, and headers about the body that lie.
  {
    name: 'text/plain',
    apply: (b) => withBody(b, 'text/plain', JSON.stringify(fieldsOf(b)), 'text/plain'),
  },
  {
    name: 'multipart with a broken boundary',
    apply: (b) =>
      withBody(
        b,
        'multipart with a broken boundary',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n',
        'multipart/form-data; boundary=',
      ),
  },
  {
    name: 'application/xml',
    apply: (b) => withBody(b, 'application/xml', '<a>&xxe;</a>', 'application/xml'),
  },
  {
    name: 'an invalid media type',
    apply: (b) => withBody(b, 'an invalid media type', '{}', '/;;;'),
  },
  {
    name: 'a Content-Length that lies',
    apply: (b) =>
      withBody(b, 'a Content-Length that lies', JSON.stringify(fieldsOf(b)), ownType(b), {
        'content-length': '3',
      }),
  },
  {
    name: 'a body without a media type',
    apply: (b) => withBody(b, 'a body without a media type', JSON.stringify(fieldsOf(b)), null),
  },
  // Every field of the wrong type, or hostile, in the operation's own encoding.
  everyField('fields: 20-digit numbers', 1e19, '12345678901234567890'),
  everyField('fields: null', null),
  everyField('fields: arrays', ['a', 1]),
  everyField('fields: objects', { a: { b: 1 } }),
  everyField('fields: booleans', true),
  everyField('fields: a NUL', 'a\u0000b'),
  everyField('fields: control characters', '\u0007\u001B[31m\u007F'),
  everyField('fields: a lone surrogate', 'x\uD800y'),
  everyField('fields: 100,000 characters', 'é'.repeat(100_000)),
  everyField('fields: 1.8e308', 1.7976931348623157e308),
  everyField('fields: 2^53 + 1', 9_007_199_254_740_992, '9007199254740993'),
  {
    name: 'fields: ids in upper case',
    as: 'owner',
    apply(base) {
      const fields = recaseIds(fieldsOf(base));
      if (takesForm(base))
        return withBody(base, 'fields: ids in upper case', asForm(fields), ownType(base));
      return withBody(base, 'fields: ids in upper case', JSON.stringify(fields), JSON_TYPE);
    },
  },
  // Last, one request per field: a cap on the catalogue (FUZZ_MUTATIONS) cuts these first.
  eachField('each field in turn: a NUL', 'a\u0000b'),
  eachField('each field in turn: a lone surrogate', '\uDC00'),
  eachField('each field in turn: a number', -1),
];
