type Schema = Record<string, unknown>;

/**
 * A small valid instance of a request schema: required properties only, each the simplest value
 * its type, enum, format, pattern or bounds allow. Enough to get a request past validation so the
 * test reaches the rules behind it (scope, roles, state).
 */
export function sample(schema: Schema | undefined, resolve: (s: Schema) => Schema, depth = 0): unknown {
  if (!schema || depth > 8) return undefined;
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.example !== undefined) return s.example;
  for (const key of ["allOf", "oneOf", "anyOf"] as const) {
    const list = s[key] as Schema[] | undefined;
    if (list?.length) {
      if (key === "allOf") return Object.assign({}, ...list.map((x) => sample(x, resolve, depth + 1) as object));
      const first = list.map((x) => resolve(x)).find((x) => x.type !== "null") ?? list[0];
      return sample(first, resolve, depth + 1);
    }
  }
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== "null") : (s.type as string | undefined);
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      for (const name of (s.required as string[] | undefined) ?? [])
        out[name] = sample(properties[name], resolve, depth + 1);
      return out;
    }
    case "array": {
      const min = typeof s.minItems === "number" ? s.minItems : 1;
      return Array.from({ length: Math.max(1, min) }, () => sample(s.items as Schema, resolve, depth + 1));
    }
    case "integer":
    case "number":
      return typeof s.minimum === "number" ? Math.max(1, s.minimum) : 1;
    case "boolean":
      return false;
    default:
      return stringSample(s);
  }
}

function stringSample(s: Schema): string {
  if (s.format === "email") return "contract.check@example.com";
  if (s.format === "date-time") return new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
  if (s.format === "date") return new Date().toISOString().slice(0, 10);
  if (s.format === "uri") return "https://example.com/";
  if (s.format === "password") return "correct horse battery";
  if (s.format === "uuid") return "00000000-0000-4000-8000-000000000000";
  if (s.pattern === "^[0-9]{6}$") return "123456";
  if (typeof s.pattern === "string" && s.pattern.startsWith("^INV-")) return "INV-AAAAAAAA";
  const min = typeof s.minLength === "number" ? s.minLength : 1;
  return "Contract check".padEnd(min, "x");
}
