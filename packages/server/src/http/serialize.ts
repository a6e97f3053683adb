type Schema = Record<string, unknown>;

/** What a schema lets through: its properties (with every variant's), and its additionalProperties. */
interface Shape {
  properties: Record<string, Schema[]>;
  additional: Schema | boolean | undefined;
  /** Neither variants nor properties nor additionalProperties: the value passes as it is. */
  open: boolean;
}

/**
 * Shapes by schema, per resolver: the contract's schemas never change once loaded, so each is
 * collected once, not once per object of a response (a page of 50 findings walked the index row's
 * allOf 50 times).
 */
const shapes = new WeakMap<(s: Schema) => Schema, WeakMap<Schema, Shape>>();

function shapeOf(s: Schema, resolve: (s: Schema) => Schema): Shape {
  let known = shapes.get(resolve);
  if (!known) {
    known = new WeakMap();
    shapes.set(resolve, known);
  }
  const cached = known.get(s);
  if (cached) return cached;
  const variants = [
    ...((s.allOf as Schema[]) ?? []),
    ...((s.oneOf as Schema[]) ?? []),
    ...((s.anyOf as Schema[]) ?? []),
  ];
  const properties: Record<string, Schema[]> = {};
  let additional: Schema | boolean | undefined = s.additionalProperties as Schema | boolean | undefined;
  const collect = (node: Schema) => {
    const r = resolve(node);
    for (const [k, v] of Object.entries((r.properties as Record<string, Schema>) ?? {})) {
      properties[k] = [...(properties[k] ?? []), v];
    }
    if (r.additionalProperties !== undefined && additional === undefined)
      additional = r.additionalProperties as Schema | boolean;
    for (const sub of [
      ...((r.allOf as Schema[]) ?? []),
      ...((r.oneOf as Schema[]) ?? []),
      ...((r.anyOf as Schema[]) ?? []),
    ])
      collect(sub);
  };
  collect(s);
  const shape = {
    properties,
    additional,
    open: variants.length === 0 && Object.keys(properties).length === 0 && additional === undefined,
  };
  known.set(s, shape);
  return shape;
}

/**
 * Keeps only what the contract declares: every object is rebuilt from its schema's properties, so a
 * column or field a query happens to carry never leaves the server (an allowlist, like
 * fast-json-stringify's, but over the 3.1 schemas as written: $ref, allOf, oneOf/anyOf, type lists).
 */
export function prune(value: unknown, schema: Schema | undefined, resolve: (s: Schema) => Schema): unknown {
  if (schema === undefined || value === null || value === undefined) return value;
  const s = resolve(schema);
  if (Array.isArray(value)) {
    const items = s.items as Schema | undefined;
    return items ? value.map((v) => prune(v, items, resolve)) : value;
  }
  if (typeof value !== "object") return value;

  const { properties, additional, open } = shapeOf(s, resolve);
  if (open) return value;

  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const declared = properties[k];
    if (declared) {
      // A property declared by several variants keeps what any of them declares.
      out[k] = declared.length === 1 ? prune(v, declared[0], resolve) : pruneAny(v, declared, resolve);
    } else if (additional && additional !== true) {
      out[k] = prune(v, additional, resolve);
    } else if (additional === true) {
      out[k] = v;
    }
  }
  return out;
}

/** The anyOf of a property's declarations, one per list (each list belongs to a cached shape). */
const anyOfs = new WeakMap<Schema[], Schema>();

function pruneAny(value: unknown, schemas: Schema[], resolve: (s: Schema) => Schema): unknown {
  if (value === null || typeof value !== "object") return value;
  let any = anyOfs.get(schemas);
  if (!any) {
    any = { anyOf: schemas };
    anyOfs.set(schemas, any);
  }
  return prune(value, any, resolve);
}
