type Schema = Record<string, unknown>;

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
  if (variants.length === 0 && Object.keys(properties).length === 0 && additional === undefined) return value;

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

function pruneAny(value: unknown, schemas: Schema[], resolve: (s: Schema) => Schema): unknown {
  if (value === null || typeof value !== "object") return value;
  return prune(value, { anyOf: schemas }, resolve);
}
