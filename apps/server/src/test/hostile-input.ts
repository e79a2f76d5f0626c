import fc from 'fast-check';

/**
 * fast-check generators of hostile HTTP requests for one route of the OpenAPI document: path
 * parameters, query strings and bodies built from the names and types the route declares, filled
 * with the values that once answered 500 (NUL bytes, unpaired surrogates, year-0000 dates, amounts
 * that round to 0 cents, numbers beyond int4) and everything else a fuzzer would try.
 */

export interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** OpenAPI path, e.g. `/api/coupon/{id}`. */
  path: string;
  params: { in: 'path' | 'query' | 'header'; name: string; schema: JsonSchema }[];
  /** The JSON body schema, when the route declares one. */
  body: JsonSchema | null;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: { in: string; name: string; schema?: JsonSchema }[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
}

export function operationsOf(spec: OpenApiDocument): Operation[] {
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      params: (op.parameters ?? [])
        .filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'header')
        .map((p) => ({ in: p.in as 'path' | 'query' | 'header', name: p.name, schema: p.schema ?? {} })),
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
    })),
  );
}

/* ── Values ─────────────────────────────────────────────────────────────────────────────────── */

/** Text PostgreSQL or a UTF-8 encoder cannot take, and its neighbours. */
export const UNSAFE_TEXT = ['\u0000', 'a\u0000b', '\u0000\u0000\u0000', '\uD800', 'x\uDBFFy', '\uDC00', '\uDFFF\uD800', 'ok\uD83D'] as const;
const ODD_TEXT = ['😀', 'e\u0301', '\u202Eevil', '\uFEFF', '\u0007\u001b[31m', '\r\n', '\t', 'Ünïcödé', '日本語', '\\u0000', '%00', '&#0;'];
const SHAPE_TEXT = [
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  'true',
  '0',
  '-1',
  '1.5',
  '1e-9',
  '0.001',
  '1e308',
  '0x10',
  '00012',
  '99999999999999999999',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%',
  '%%',
  '_',
  '\\',
  '*',
  '{}',
  '[]',
  '__proto__',
  'constructor',
  'admin@example.com\u0000',
  'nobody@example.org',
];
/** Year 0000 (PostgreSQL has none), years past 9999, impossible days, other spellings. */
export const HOSTILE_DATES = [
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '1900-01-01',
  '1970-01-01',
  '2023-02-29',
  '2024-02-29',
  '2024-13-01',
  '2024-00-10',
  '2024-01-32',
  '9999-12-31',
  '10000-01-01',
  '+010000-01-01',
  '-000001-01-01',
  '0000-00-00',
  '2024-1-1',
  '2024-01-01T00:00:00Z',
  '5874898-01-01',
  'yesterday',
];
/** Amounts that round to 0 cents, break 2 decimals, or overflow a 32-bit count of cents. */
export const HOSTILE_NUMBERS = [
  1e-9,
  -1e-9,
  0,
  -0,
  -1,
  1,
  0.1 + 0.2,
  1.005,
  12.345,
  0.01,
  0.001,
  0.004,
  0.005,
  999_999.99,
  1_000_000,
  1_000_000.01,
  21_474_836.47,
  21_474_836.48,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  // eslint-disable-next-line no-loss-of-precision -- past 2^53 on purpose: a number JavaScript cannot hold exactly
  9_007_199_254_740_993,
  1e21,
  1e308,
  -1e308,
  5e-324,
];
const NUMERIC_TEXT = [
  '1e-9',
  '0.001',
  '0.004',
  '1e308',
  '-1',
  '0',
  '1,000',
  ' 12 ',
  '12abc',
  '١٢',
  '0x1F',
  '1_000',
  '1000000.01',
  '2147483648',
  '.5',
  '5.',
  'NaN',
];

const codeUnit = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), weight: 3 },
  { arbitrary: fc.constantFrom('\u0000', '\uD800', '\uDC00', '%', "'", '"', '\\'), weight: 1 },
);
const longText = fc.constantFrom('x'.repeat(100_000), 'é'.repeat(60_000), `${'a'.repeat(5_000)}\u0000`, '\uD800'.repeat(2_000));

/** Any text: every unsafe kind, dates and numbers as text, random code units (lone surrogates included), 100k characters. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...UNSAFE_TEXT), weight: 4 },
  { arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...UNSAFE_TEXT), fc.string({ maxLength: 8 })).map((p) => p.join('')), weight: 3 },
  { arbitrary: fc.constantFrom(...SHAPE_TEXT, ...ODD_TEXT), weight: 3 },
  { arbitrary: fc.constantFrom(...HOSTILE_DATES), weight: 1 },
  { arbitrary: fc.constantFrom(...NUMERIC_TEXT), weight: 1 },
  { arbitrary: fc.string({ unit: codeUnit, maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
  { arbitrary: longText, weight: 1 },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 4 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.integer(), weight: 1 },
);

/** A `YYYY-MM-DD` string of any year 0…99999, month 0…13, day 0…32, or a known-bad spelling. */
export const hostileDate: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_DATES),
  fc
    .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
);

const hostileKey = fc.constantFrom('\u0000', 'a\u0000', '\uD800', '__proto__', 'constructor', 'prototype', '', ' ', 'x'.repeat(1_000));

export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileText, weight: 4 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
);

/** Nested arrays and objects of hostile scalars, with hostile keys. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: hostileScalar, weight: 4 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.dictionary(fc.oneof(hostileKey, fc.string({ maxLength: 6 })), tie('value'), { maxKeys: 4 }), weight: 1 },
  ),
})).value;

/* ── Values for a declared schema ───────────────────────────────────────────────────────────── */

const flagLike = fc.constantFrom<unknown>(0, 1, '0', '1', 'true', 'false', 'yes', 2, -1);

function typedValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valueFor(s, depth)));
  if (schema.enum?.length) {
    const choices = schema.enum;
    return fc.oneof(
      { arbitrary: fc.constantFrom(...choices), weight: 3 },
      { arbitrary: fc.tuple(fc.constantFrom(...choices), fc.constantFrom(...UNSAFE_TEXT)).map(([c, t]) => `${String(c)}${t}`), weight: 1 },
    );
  }
  if (schema.properties) return objectFor(schema.properties, depth + 1);
  switch (schema.type) {
    case 'array':
      return fc.oneof(
        { arbitrary: fc.array(valueFor(schema.items ?? {}, depth + 1), { maxLength: 4 }), weight: 4 },
        { arbitrary: fc.constant(new Array(1_000).fill(1)), weight: 1 },
      );
    case 'integer':
    case 'number':
      return fc.oneof({ arbitrary: hostileNumber, weight: 4 }, { arbitrary: fc.constantFrom<unknown>(...NUMERIC_TEXT), weight: 1 });
    case 'boolean':
      return fc.oneof(fc.boolean(), flagLike);
    case 'string':
      return schema.format === 'date' ? fc.oneof({ arbitrary: hostileDate, weight: 3 }, { arbitrary: hostileText, weight: 1 }) : hostileText;
    default:
      return hostileJson;
  }
}

/** A value for `schema`: mostly of its declared type, sometimes of any other. */
export function valueFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return hostileScalar;
  return fc.oneof(
    { arbitrary: typedValue(schema, depth), weight: 5 },
    { arbitrary: hostileScalar, weight: 1 },
    { arbitrary: hostileJson, weight: depth < 2 ? 1 : 0 },
  );
}

/** An object with any subset of the declared keys, sometimes plus a hostile key. */
export function objectFor(properties: Record<string, JsonSchema>, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, valueFor(schema, depth)]));
  return fc
    .tuple(fc.record(model, { requiredKeys: [] }), fc.option(fc.tuple(hostileKey, hostileScalar), { freq: 5 }))
    .map(([object, extra]) => (extra ? { ...object, [extra[0]]: extra[1] } : object));
}

/* ── Mutating a known-good payload ──────────────────────────────────────────────────────────── */

function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((v, i) => leafPaths(v, [...prefix, i]))];
  if (value && typeof value === 'object') return [prefix, ...Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...prefix, k]))];
  return [prefix];
}

function setAt(target: unknown, path: (string | number)[], value: unknown, remove: boolean): unknown {
  if (!path.length) return remove ? undefined : value;
  const copy = (Array.isArray(target) ? [...target] : { ...(target as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path;
  if (rest.length || !remove) copy[head!] = setAt(copy[head!], rest, value, remove);
  else delete copy[head!];
  return copy;
}

/** A hostile value shaped like the one it replaces: numbers for numbers, dates for dates, text for text. */
function hostileLike(original: unknown): fc.Arbitrary<unknown> {
  const numeric = typeof original === 'number' || (typeof original === 'string' && /^\d+(\.\d+)?$/.test(original));
  const date = typeof original === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(original);
  const typed = numeric
    ? fc.oneof(hostileNumber, fc.constantFrom<unknown>(...NUMERIC_TEXT))
    : date
      ? hostileDate
      : typeof original === 'string'
        ? hostileText
        : hostileScalar;
  return fc.oneof({ arbitrary: typed, weight: 6 }, { arbitrary: hostileScalar, weight: 2 }, { arbitrary: hostileJson, weight: 1 });
}

/**
 * A known-good payload (fresh from `make` for each run: unique codes and emails) with one or two
 * of its values, at any depth, replaced by a hostile one of the same kind or removed: the hostile
 * value then meets the code behind the validation, where the 500s were.
 */
export function mutationsOf(make: () => unknown): fc.Arbitrary<unknown> {
  const sample = make();
  const paths = leafPaths(sample).filter((p) => p.length > 0);
  if (!paths.length) return hostileJson;
  const valueAt = (path: (string | number)[]) => path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], sample);
  const edit = fc
    .integer({ min: 0, max: paths.length - 1 })
    .chain((i) => fc.record({ path: fc.constant(paths[i]!), value: hostileLike(valueAt(paths[i]!)), remove: fc.boolean().map((b) => b && i % 3 === 0) }));
  return fc
    .array(edit, { minLength: 1, maxLength: 2 })
    .map((edits) => edits.reduce((payload, { path, value, remove }) => setAt(payload, path, value, remove), make()));
}

/** Every leaf (and inner object) of `payload` replaced, one at a time, by each value. */
export function probesOf(payload: unknown, values: readonly unknown[]): unknown[] {
  return leafPaths(payload)
    .filter((p) => p.length > 0)
    .flatMap((path) => values.map((value) => setAt(payload, path, value, false)));
}

/* ── URLs ───────────────────────────────────────────────────────────────────────────────────── */

/** Hand-written escapes no encoder produces: NUL, overlong NUL, invalid UTF-8, an encoded lone surrogate. */
export const RAW_ESCAPES = ['%00', 'a%00b', '%C0%80', '%FF', '%ED%A0%80', '%', '%2', '%zz', '%2e%2e', '..', '%2F', '%5C', '%0A', '+'] as const;

/** Percent-encodes text; a lone surrogate (which encodeURIComponent refuses) as its WTF-8 bytes. */
export function encodeText(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    let out = '';
    for (const char of text) {
      const unit = char.charCodeAt(0);
      if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
        out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      } else out += encodeURIComponent(char);
    }
    return out;
  }
}

/** One URL component: encoded hostile text, a raw escape, or a value that makes sense for the parameter. */
export function urlValue(schema: JsonSchema, known: readonly string[]): fc.Arbitrary<string> {
  const typed: fc.Arbitrary<unknown> =
    schema.type === 'integer' || schema.type === 'number'
      ? fc.oneof(hostileNumber, fc.constantFrom('abc', '1.5', '-1', '0', '99999999999999999999', '2147483648', '1e3', ' 1'))
      : schema.format === 'date'
        ? hostileDate
        : schema.enum?.length
          ? fc.constantFrom(...schema.enum)
          : hostileText;
  const options: fc.WeightedArbitrary<string>[] = [
    { arbitrary: typed.map((v) => encodeText(String(v))), weight: 4 },
    { arbitrary: fc.constantFrom(...RAW_ESCAPES), weight: 2 },
  ];
  if (known.length) options.push({ arbitrary: fc.constantFrom(...known).map(encodeText), weight: 3 });
  return fc.oneof(...options);
}

/** A query string from the declared names: each absent, set, repeated or bracketed; plus junk. */
export function queryFor(params: Operation['params'], known: (name: string) => readonly string[]): fc.Arbitrary<string> {
  const declared = params.filter((p) => p.in === 'query');
  const pairs = declared.map((p) =>
    fc.option(
      fc
        .tuple(fc.constantFrom('plain', 'plain', 'plain', 'repeated', 'bracket'), urlValue(p.schema, known(p.name)), urlValue(p.schema, known(p.name)))
        .map(([form, a, b]) => {
          const name = encodeText(p.name);
          if (form === 'repeated') return `${name}=${a}&${name}=${b}`;
          if (form === 'bracket') return `${name}[]=${a}`;
          return `${name}=${a}`;
        }),
      { freq: 2 },
    ),
  );
  const junk = fc.option(
    fc.oneof(
      fc.constantFrom('%00=1', 'a=%FF', '&&&', '=', '%', 'x[y][z]=1', '__proto__[x]=1', `${'q'.repeat(5_000)}=1`),
      fc.tuple(hostileText, hostileText).map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`),
    ),
    { freq: 3 },
  );
  return fc.tuple(fc.tuple(...pairs), junk).map(([set, extra]) => [...set, extra].filter((p): p is string => !!p).join('&'));
}

/** A path with each `{param}` filled in. */
export function pathFor(op: Operation, known: (name: string) => readonly string[]): fc.Arbitrary<string> {
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  if (!names.length) return fc.constant(op.path);
  const schemaOf = (name: string) => op.params.find((p) => p.in === 'path' && p.name === name)?.schema ?? {};
  return fc.tuple(...names.map((name) => urlValue(schemaOf(name), known(name)))).map((values) => {
    let i = 0;
    return op.path.replace(/\{[^}]+\}/g, () => values[i++]!);
  });
}

/* ── Bodies ─────────────────────────────────────────────────────────────────────────────────── */

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; payload: string | Buffer }
  | { kind: 'multipart'; fields: [string, string][]; file: { field: string; name: string; type: string; data: Buffer } | null };

const RAW_BODIES: [string, string | Buffer][] = [
  ['application/json', '{"sign": {'],
  ['application/json', '[1,2,3]'],
  ['application/json', '"hello"'],
  ['application/json', 'null'],
  ['application/json', ''],
  ['application/json', '{"email":"a\\u0000b","sign":{"email":"\\u0000"}}'],
  ['application/json', '{"\\u0000":1,"\\ud800":"\\udc00"}'],
  ['application/json', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'],
  ['application/json', `${'['.repeat(50_000)}${']'.repeat(50_000)}`],
  ['application/json', `{"a":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`],
  ['application/json', Buffer.from([0x7b, 0x22, 0x65, 0x6d, 0x61, 0x69, 0x6c, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x22, 0x7d])],
  ['application/json', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('{"a":1}', 'utf16le')])],
  ['application/json; charset=latin1', '{"email":"a@b.c"}'],
  ['application/x-www-form-urlencoded', 'a=1&b=%00&c=%FF'],
  ['text/plain', 'hello\u0000'],
  ['application/xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'],
  ['multipart/form-data', '--x\r\n'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\u0003\u0004'],
  ['application/octet-stream', 'PK\u0003\u0004'],
];

const FILES = [
  Buffer.alloc(0),
  Buffer.from('PK\u0003\u0004garbage'),
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
  Buffer.from('%PDF-1.4\n'),
  Buffer.from('<svg onload="alert(1)"/>'),
  Buffer.from('\u0000'.repeat(64)),
];

const multipartBody: fc.Arbitrary<Body> = fc
  .record({
    fields: fc.array(fc.tuple(fc.oneof(fc.constantFrom('order_type', 'file', 'name'), hostileText), fc.oneof(fc.constantFrom('Blog Post', ''), hostileText)), {
      maxLength: 3,
    }),
    file: fc.option(
      fc.record({
        field: fc.oneof(fc.constant('file'), hostileText),
        name: fc.oneof(fc.constantFrom('orders.xlsx', 'article.docx', 'me.jpg', 'a\u0000.docx', '\uD800.xlsx', '../../x.docx', ''), hostileText),
        type: fc.constantFrom('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'image/jpeg', 'application/octet-stream', 'text/plain'),
        data: fc.constantFrom(...FILES),
      }),
      { freq: 4 },
    ),
  })
  .map(({ fields, file }) => ({ kind: 'multipart', fields, file }) as Body);

const rawBody: fc.Arbitrary<Body> = fc.constantFrom(...RAW_BODIES).map(([contentType, payload]) => ({ kind: 'raw', contentType, payload }) as Body);

/**
 * A body for the operation: its declared object built from hostile values, malformed or mistyped
 * raw bodies, multipart, nothing. GET and DELETE mostly send none.
 */
export function bodyFor(op: Operation): fc.Arbitrary<Body> {
  const json = (arb: fc.Arbitrary<unknown>) => arb.map((value) => ({ kind: 'json', value }) as Body);
  if (op.method === 'GET' || op.method === 'DELETE') {
    return fc.oneof(
      { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 8 },
      { arbitrary: json(hostileJson), weight: 1 },
      { arbitrary: rawBody, weight: 1 },
    );
  }
  const options: fc.WeightedArbitrary<Body>[] = [
    { arbitrary: rawBody, weight: 1 },
    { arbitrary: multipartBody, weight: op.body ? 1 : 4 },
    { arbitrary: json(hostileJson), weight: 1 },
    { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 1 },
  ];
  if (op.body) options.push({ arbitrary: json(op.body.properties ? objectFor(op.body.properties) : valueFor(op.body)), weight: 6 });
  return fc.oneof(...options);
}

/* ── Requests ───────────────────────────────────────────────────────────────────────────────── */

export const ACTORS = ['visitor', 'admin', 'agency', 'associate'] as const;
export type Actor = (typeof ACTORS)[number];

/** A known-good payload for a route and who sends it; `make` is called for every request. */
export interface Example {
  as: Actor;
  make: () => unknown;
}

export interface World {
  /** Real values for a parameter name (ids that exist, a coupon code, a role), possibly none. */
  known(name: string): readonly string[];
  examples(op: Operation): Example[];
}

export interface HostileRequest {
  actor: Actor;
  /** The path with its parameters filled in and %-encoded. */
  path: string;
  query: string;
  body: Body;
  idempotencyKey: string | null;
  /** Last octet of the caller's address in 198.51.100.0/24. */
  remote: number;
}

/** The classes of input that once answered 500, plus int4 overflows (as a number and as digits), as JSON values and as URL text. */
export const CLASS_VALUES: readonly unknown[] = ['a\u0000b', 'x\uD800', '0000-01-01', 1e-9, 2_147_483_648, '2147483648'];
export const CLASS_URL_TEXT = ['a%00b', '%ED%A0%80', '0000-01-01', '1e-9', '99999999999999999999'] as const;

const pathParams = (op: Operation) => [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** The path with every parameter set to a real value (or 1), except `override`. */
function pathWith(op: Operation, world: World, override: Record<string, string> = {}): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => override[name] ?? encodeText(world.known(name)[0] ?? '1'));
}

/**
 * Random requests: any caller, a generated path, query and body; or, for a route with known-good
 * payloads, the payload's own caller and a real path, with the payload edited.
 */
export function requestsFor(op: Operation, world: World): fc.Arbitrary<HostileRequest> {
  const common = {
    idempotencyKey: fc.option(fc.oneof(fc.uuid(), fc.constantFrom('', ' ', 'k'.repeat(300), 'clé', 'a,b')), { freq: 2 }),
    remote: fc.integer({ min: 1, max: 254 }),
  };
  const generic = fc.record({
    actor: fc.constantFrom(...ACTORS),
    path: pathFor(op, world.known),
    query: queryFor(op.params, world.known),
    body: bodyFor(op),
    ...common,
  });
  const examples = world.examples(op);
  if (!examples.length) return generic;
  const edited = fc.oneof(
    ...examples.map((example) =>
      fc.record({
        actor: fc.constant(example.as),
        path: fc.constant(pathWith(op, world)),
        query: fc.constant(''),
        body: mutationsOf(example.make).map((value) => ({ kind: 'json', value }) as Body),
        ...common,
      }),
    ),
  );
  return fc.oneof({ arbitrary: generic, weight: 1 }, { arbitrary: edited, weight: 1 });
}

/**
 * The systematic part, run before the random one: every path parameter, query parameter and
 * value of every known-good payload (else every declared body property) set, one at a time, to
 * each value of CLASS_VALUES, so each class reaches each field whatever the seed.
 */
export function probesFor(op: Operation, world: World): HostileRequest[] {
  const examples = world.examples(op);
  const actors: Actor[] = examples.length ? [...new Set(examples.map((e) => e.as))] : ['admin', 'agency'];
  let turn = 0;
  const probe = (part: Partial<HostileRequest>): HostileRequest => ({
    actor: actors[turn++ % actors.length]!,
    path: pathWith(op, world),
    query: '',
    body: examples[0] ? { kind: 'json', value: examples[0].make() } : { kind: 'none' },
    idempotencyKey: null,
    remote: 1 + (turn % 254),
    ...part,
  });
  const probes: HostileRequest[] = [];
  for (const name of pathParams(op)) for (const text of CLASS_URL_TEXT) probes.push(probe({ path: pathWith(op, world, { [name]: text }) }));
  for (const param of op.params.filter((p) => p.in === 'query'))
    for (const text of CLASS_URL_TEXT) probes.push(probe({ query: `${encodeText(param.name)}=${text}` }));
  for (const example of examples) {
    for (const value of probesOf(example.make(), CLASS_VALUES)) probes.push(probe({ actor: example.as, body: { kind: 'json', value } }));
  }
  if (!examples.length && op.body?.properties) {
    for (const key of Object.keys(op.body.properties))
      for (const value of CLASS_VALUES) probes.push(probe({ body: { kind: 'json', value: { [key]: value } } }));
  }
  if (!op.body && op.method === 'POST') {
    const file = { field: 'file', name: 'a\u0000.docx', type: 'application/octet-stream', data: Buffer.from('PK\u0003\u0004') };
    probes.push(
      probe({ body: { kind: 'multipart', fields: [['order_type', 'a\u0000b']], file: null } }),
      probe({ body: { kind: 'multipart', fields: [], file } }),
    );
  }
  return probes;
}

/** A multipart/form-data payload for app.inject. */
export function multipartPayload(fields: [string, string][], file: { field: string; name: string; type: string; data: Buffer } | null) {
  const boundary = '----copydeskfuzz7MA4YWxkTrZu0gW';
  const header = (text: string) => Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  for (const [name, value] of fields) parts.push(header(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(header(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
