import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

type OrderedField = { path: string[]; field: unknown };
type Decoder = { mapFromDriverValue(value: unknown): unknown };
type Row = unknown[];

/**
 * The parts of a prepared Drizzle select that its row mapping uses: the selected fields in column order, which joined
 * tables may be missing, and the hook that maps the driver's rows (Drizzle calls it instead of its own mapping).
 */
export type PreparedSelect = {
  fields?: OrderedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: Row[]) => unknown;
};

/** Where Drizzle's own mapping finds a field's decoder (utils.ts mapResultRow), looked up once instead of per value. */
function decoderOf(field: unknown): Decoder {
  // `decoder` is internal to Drizzle's types, though every SQL has one.
  const of = (sql: unknown) => (sql as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return of(field);
  if (is(field, Subquery)) return of(field._.sql);
  return of((field as SQL.Aliased).sql);
}

const passThrough = (Column.prototype as unknown as Decoder).mapFromDriverValue;

type Tree = { [key: string]: Tree | number };

/**
 * A function from a driver row (an array, in column order) to the object Drizzle's own mapping would give, compiled
 * once per prepared select. Drizzle's mapping finds each value's decoder, through the proxies of subquery columns, on
 * every row: a fifth of a list request's CPU. The same rules: a value null stays null; an object of a left-joined
 * table whose first column is null (a missing row) is null.
 */
export function compileReader(fields: OrderedField[], joinsNotNullableMap: Record<string, boolean> = {}) {
  const decoders = fields.map(({ field }) => {
    const decoder = decoderOf(field);
    return decoder.mapFromDriverValue === passThrough ? undefined : decoder;
  });
  const tree: Tree = {};
  fields.forEach(({ path }, index) => {
    let node = tree;
    for (const key of path.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Tree;
    }
    node[path.at(-1) as string] = index;
  });
  // Drizzle's rule for a joined table's object: its first column decides, if all its columns are of that one table.
  const missingWhen: { key: string; index: number }[] = [];
  const tableOf = new Map<string, string | false>();
  fields.forEach(({ path, field }, index) => {
    if (path.length !== 2 || !is(field, Column)) return;
    const [key] = path as [string];
    const table = getTableName(field.table);
    if (!tableOf.has(key)) {
      tableOf.set(key, table);
      if (!joinsNotNullableMap[table]) missingWhen.push({ key, index });
    } else if (tableOf.get(key) !== table) tableOf.set(key, false);
  });
  const nullable = missingWhen.filter(({ key }) => tableOf.get(key) !== false);
  const value = (index: number) =>
    decoders[index]
      ? `(r[${index}] === null ? null : d[${index}].mapFromDriverValue(r[${index}]))`
      : `r[${index}]`;
  const literal = (node: Tree): string =>
    `{${Object.entries(node)
      .map(
        ([key, child]) =>
          `${JSON.stringify(key)}: ${typeof child === 'number' ? value(child) : literal(child)}`,
      )
      .join(', ')}}`;
  const body = [
    `const o = ${literal(tree)};`,
    ...nullable.map(({ key, index }) => `if (r[${index}] === null) o[${JSON.stringify(key)}] = null;`),
    'return o;',
  ].join('\n');
  // A generated object literal gives every row one hidden class, which the serializer then walks fast.
  const read = new Function('r', 'd', body) as (row: Row, decoders: (Decoder | undefined)[]) => unknown;
  return (row: Row) => read(row, decoders);
}

/** Makes a prepared Drizzle select map its rows with a compiled reader; answers the same query. */
export function withCompiledReader<Q>(query: Q): Q {
  const select = query as PreparedSelect;
  if (!select.fields) throw new Error('not a prepared select: it has no fields to read');
  const read = compileReader(select.fields, select.joinsNotNullableMap);
  select.customResultMapper = (rows) => rows.map(read);
  return query;
}
