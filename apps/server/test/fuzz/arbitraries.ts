import fc from 'fast-check';

/**
 * Requests built from the OpenAPI document's schemas: valid values, then some of them replaced by what an attacker
 * sends. A schema is read the way the server publishes it, so a new route or field is fuzzed as soon as it exists.
 */

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  maximum?: number;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
};

/**
 * The record ids a request may name: the signed-in team's, and another team's that the team has in no table (sent as
 * `ForeignId`).
 */
export type IdPools = { own: number[]; foreign: number[] };

/**
 * Another team's id inside a request. It is sent as is, then once more replaced by an id nobody has: the two answers
 * must be the same, so a foreign record cannot be told from a missing one.
 */
export class ForeignId {
  constructor(readonly id: number) {}
}

/** An id no team has: far beyond any sequence a test reaches, yet a valid bigint and a safe JS integer. */
export const MISSING_ID = 2 ** 40;

/** Text a request may carry but a database or a parser may choke on. */
const HOSTILE_TEXT = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\u0001\u0007\b\u001b[31m\u007f',
  '\r\n\t',
  '\u202eRTL\u200b\ufeff',
  '\ud800',
  '\udfff\ud800',
  'ё'.repeat(5000),
  '😀'.repeat(400),
  'x'.repeat(70_000),
  "'; drop table deals; --",
  '%00',
  '%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder is the hostile text itself
  '${7*7}{{7*7}}',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-0',
  '0x10',
  '1_000',
  '٣',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
];

/** Dates and instants whose year PostgreSQL or the calendar cannot hold, and ones that are no dates at all. */
const HOSTILE_DATES = [
  '0000-01-01',
  '0001-01-01',
  '0100-03-01',
  '1899-12-31',
  '2100-01-01',
  '9999-12-31',
  '10000-01-01',
  '99999-12-31',
  '+010000-01-01',
  '-000001-01-01',
  '2026-02-30',
  '2026-13-01',
  '2026-1-1',
  '20260301',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:00:00-05:00',
  '10000-01-01T00:00:00Z',
  '99999-01-01T00:00:00+03:00',
  '2026-03-01T24:00:00Z',
  '2026-03-01T10:00:00',
  '2026-03-01T10:00:00+25:00',
  `2026-03-01T10:00:00.${'9'.repeat(30)}Z`,
];

/** Numbers beyond every column's range (int2, int4, int8, 2^53), negative, fractional and special. */
const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1.5,
  -32_769,
  32_767,
  32_768,
  65_536,
  2_147_483_647,
  2_147_483_648,
  4_294_967_296,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 63),
  2 ** 64,
  1e20,
  1e308,
  -1e308,
  5e-324,
  1_000_000_000.01,
];

/** The same numbers as an attacker writes them into a URL or a JSON string. */
const HOSTILE_NUMERALS = [
  '9223372036854775808',
  '9007199254740993',
  '99999999999999999999999',
  '1.5',
  '-1',
  '1e3',
  '1e400',
  ' 1',
  '1 ',
  '+1',
  '0001',
  '1,2',
  '1;2',
];

const deeplyNested = (depth: number, leaf: unknown): unknown =>
  Array.from({ length: depth }).reduce<unknown>((inner, _, i) => (i % 2 ? [inner] : { a: inner }), leaf);

/** Any value an attacker may put where the schema wants something else. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_DATES) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMERALS) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2], { id: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(deeplyNested(200, 1), deeplyNested(5, 'a\u0000')) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** What an attacker writes into a URL: the same values as text, and malformed percent-encoding. */
const hostileUrlText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: hostileValue.map(asUrlText) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%', '%zz', '%ED%A0%80', '%C0%80', '%FF', '%00', '%E2%80%AE', '%2F..%2F'),
  },
);

// A lone surrogate cannot be percent-encoded as UTF-8; the malformed encodings are sent raw instead (RawUrlText).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A value as it stands in a query string or path, percent-encoded (malformed pieces stay raw). */
export function asUrlText(value: unknown): string {
  if (value instanceof RawUrlText) return value.text;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));
}

/** A piece of URL sent exactly as written, even when it is no valid percent-encoding. */
export class RawUrlText {
  constructor(readonly text: string) {}
}

/** Ids written as one text, `3,5,8`: the filter parameters' lists. */
export class IdList {
  constructor(readonly ids: (number | ForeignId)[]) {}
}

/**
 * The value as sent: another team's ids as they are, or (`twin`) replaced by an id nobody has. RawUrlText stays, for
 * the URL to take as written.
 */
export function resolve(value: unknown, twin: boolean): unknown {
  if (value instanceof ForeignId) return twin ? MISSING_ID : value.id;
  if (value instanceof IdList) return value.ids.map((id) => resolve(id, twin)).join(',');
  if (value instanceof RawUrlText || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => resolve(v, twin));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, twin)]));
}

/** Whether the value names a record of another team (`isForeign`: ids are numbered per table, shared by all teams). */
export const namesForeign = (value: unknown, isForeign: (id: number) => boolean): boolean =>
  (value instanceof ForeignId && isForeign(value.id)) ||
  (value instanceof IdList && value.ids.some((id) => namesForeign(id, isForeign))) ||
  (value !== null &&
    typeof value === 'object' &&
    !(value instanceof RawUrlText) &&
    !(value instanceof ForeignId) &&
    Object.values(value).some((v) => namesForeign(v, isForeign)));

// Samples that tell what kind of text a schema wants, whatever the way its pattern is written.
const SAMPLE_DAY = '2026-03-01';
const SAMPLE_INSTANT = '2026-03-01T10:00:00+03:00';

const patternsOf = (schema: JsonSchema) =>
  [schema.pattern, ...(schema.allOf ?? []).map((s) => s.pattern)].filter((p): p is string => Boolean(p));

const accepts = (schema: JsonSchema, value: string) =>
  patternsOf(schema).every((pattern) => new RegExp(pattern, 'u').test(value));

const day = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const instant = fc
  .tuple(day, fc.integer({ min: 0, max: 23 }), fc.constantFrom('Z', '+03:00', '-05:00', '+00:00'))
  .map(([d, hour, offset]) => `${d}T${String(hour).padStart(2, '0')}:30:00${offset}`);

/** Free text a user types into the app, and the shapes the filter parameters read. */
const plainText = (pools: IdPools) =>
  fc.oneof(
    fc.constantFrom(
      'Реклама в канале',
      'Ольга Петрова',
      '@durov',
      'durov',
      'https://t.me/durov',
      'Оплата на карту 2200 0000 0000 0000',
      '=bt=(2026-01-01,2026-12-31)',
      '=ge=1000',
      '=lt=5000',
      '==500',
      '=bt=(1000,5000)',
      '1,2,3',
      'all',
    ),
    fc.string({ maxLength: 30 }),
    fc.array(recordId(pools), { minLength: 1, maxLength: 3 }).map((ids) => new IdList(ids)),
  );

/** A record id: mostly the team's own, sometimes another team's, sometimes a small one that may not exist. */
const recordId = (pools: IdPools): fc.Arbitrary<number | ForeignId> =>
  fc.oneof(
    { weight: 6, arbitrary: pools.own.length ? fc.constantFrom(...pools.own) : fc.nat(50) },
    {
      weight: 2,
      arbitrary: (pools.foreign.length ? fc.constantFrom(...pools.foreign) : fc.nat(50)).map(
        (id) => new ForeignId(id),
      ),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 50 }) },
  );

function valueText(schema: JsonSchema, pools: IdPools): fc.Arbitrary<unknown> {
  if (accepts(schema, SAMPLE_INSTANT) && !accepts(schema, SAMPLE_DAY)) return instant;
  if (accepts(schema, SAMPLE_DAY) && !accepts(schema, SAMPLE_INSTANT)) return day;
  if (schema.format === 'uuid') return fc.uuid({ version: 4 });
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 100;
  const shaped = patternsOf(schema).filter((p) => p !== '^[^\\u0000]*$');
  const free: fc.Arbitrary<unknown> = shaped.length
    ? fc.stringMatching(new RegExp(shaped[0] as string))
    : plainText(pools);
  return free.filter(
    (v) => typeof v !== 'string' || (v.trim().length >= min && v.length <= max && accepts(schema, v)),
  );
}

function valueNumber(schema: JsonSchema, pools: IdPools): fc.Arbitrary<unknown> {
  const max = schema.maximum ?? 1_000_000;
  const min = schema.minimum ?? 0;
  // A positive integer that may be as large as 2^53 is a record id; a bounded one a reference id, a version, a count.
  if (schema.type === 'integer' && min >= 0 && max >= 2 ** 31) return recordId(pools);
  const low = schema.exclusiveMinimum === true ? min + 1 : min;
  const lowest = Math.max(low, -1e12);
  // Counts and versions start small (a version of 1..21 meets real ones); a signed id spans its range.
  const highest = Math.min(max, lowest >= 0 ? lowest + 20 : 1e12);
  if (schema.type === 'integer') return fc.integer({ min: lowest, max: highest });
  return fc.oneof(
    fc.integer({ min: Math.ceil(low), max: Math.min(max, 1_000_000) }),
    fc.double({ min: low, max, noNaN: true, noDefaultInfinity: true }),
  );
}

/** A value the schema accepts (ids taken from the pools), as the app's own pages would send it. */
export function validValue(schema: JsonSchema, pools: IdPools): fc.Arbitrary<unknown> {
  const base = validNonNull(schema, pools);
  return schema.nullable
    ? fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) })
    : base;
}

function validNonNull(schema: JsonSchema, pools: IdPools): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((s) => validValue(s, pools)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number':
      return valueNumber(schema, pools);
    case 'string':
      return valueText(schema, pools);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, pools), { maxLength: 3 });
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, validValue(s, pools)])),
        { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The paths of every value inside a JSON value, the root included. */
function pathsOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object' || value instanceof ForeignId || value instanceof IdList)
    return [path];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [path, ...entries.flatMap(([key, v]) => pathsOf(v, [...path, key]))];
}

/** A copy of `value` with the value at `path` replaced (`undefined`: removed). */
function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (value === null || typeof value !== 'object' || value instanceof ForeignId || value instanceof IdList)
    return value;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string | number, unknown>;
  const next = replaceAt(copy[head], rest, replacement);
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy;
}

/** Keys a body must not be able to smuggle in: ownership, bookkeeping, prototype pollution. */
const EXTRA_KEYS = [
  'teamId',
  'team_id',
  'id',
  'version',
  'createdAt',
  'deletedAt',
  'role',
  'constructor',
  'extra',
];

type Mutation =
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'remove'; at: number }
  | { kind: 'extra'; key: string; value: unknown };

const mutation = (pools: IdPools): fc.Arbitrary<Mutation> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: hostileValue }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        key: fc.constantFrom(...EXTRA_KEYS),
        value: fc.oneof(hostileValue, recordId(pools)),
      }),
    },
  );

function applyMutation(value: unknown, m: Mutation): unknown {
  if (m.kind === 'extra') {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    return { ...value, [m.key]: m.value };
  }
  const paths = pathsOf(value);
  const path = paths[m.at % paths.length] ?? [];
  // The root is not removed: a body that is not there is the random-body case.
  if (m.kind === 'remove') return path.length ? replaceAt(value, path, undefined) : value;
  return replaceAt(value, path, m.value);
}

/** A valid value with one to three of its parts replaced by hostile ones, removed, or joined by unexpected keys. */
export const perturbedValue = (schema: JsonSchema, pools: IdPools) =>
  fc
    .tuple(validValue(schema, pools), fc.array(mutation(pools), { minLength: 1, maxLength: 3 }))
    .map(([value, mutations]) => mutations.reduce(applyMutation, value));

/** Query parameters: each known one valid, absent, hostile or repeated, plus unknown ones. */
export function queryArbitrary(parameters: Parameter[], pools: IdPools): fc.Arbitrary<[string, unknown][]> {
  const perParameter = parameters.map((p) =>
    fc.oneof(
      { weight: 6, arbitrary: validValue(p.schema, pools).map((v) => [[p.name, v]] as [string, unknown][]) },
      { weight: p.required ? 1 : 3, arbitrary: fc.constant([] as [string, unknown][]) },
      {
        weight: 3,
        arbitrary: hostileUrlText.map((v) => [[p.name, new RawUrlText(v)]] as [string, unknown][]),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(validValue(p.schema, pools), hostileUrlText).map(
          ([v, h]) =>
            [
              [p.name, v],
              [p.name, new RawUrlText(h)],
            ] as [string, unknown][],
        ),
      },
    ),
  );
  const unknown = fc.array(
    fc.tuple(fc.constantFrom('teamId', 'id', 'limit[]', 'a\u0000', '__proto__', ''), hostileUrlText),
    { maxLength: 2 },
  );
  return fc
    .tuple(fc.tuple(...perParameter), unknown)
    .map(([known, extra]) => [
      ...known.flat(),
      ...extra.map(([name, v]) => [name, new RawUrlText(v)] as [string, unknown]),
    ]);
}

/** A path id: the team's own, another team's, a missing one, or one no column can hold. */
export function pathIdArbitrary(schema: JsonSchema, pools: IdPools): fc.Arbitrary<unknown> {
  const hostile = hostileUrlText.map((text) => new RawUrlText(text));
  // Reference lists (statuses, roles...) are shared by every team: their ids have no owner to confuse.
  if ((schema.maximum ?? 0) < 2 ** 31)
    return fc.oneof({ weight: 3, arbitrary: validValue(schema, pools) }, { weight: 2, arbitrary: hostile });
  return fc.oneof(
    { weight: 4, arbitrary: validValue(schema, pools) },
    {
      weight: 2,
      arbitrary: (pools.foreign.length ? fc.constantFrom(...pools.foreign) : fc.nat()).map(
        (id) => new ForeignId(id),
      ),
    },
    { weight: 1, arbitrary: fc.constant(MISSING_ID) },
    { weight: 3, arbitrary: hostile },
  );
}

/** A random query string, parameter names and values alike. */
export const randomQuery: fc.Arbitrary<[string, unknown][]> = fc.array(
  fc.tuple(
    fc.string({ maxLength: 10 }),
    fc.oneof(
      hostileUrlText.map((t) => new RawUrlText(t)),
      fc.string(),
    ),
  ),
  { maxLength: 4 },
);
