import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { contractDocument } from "./contract.ts";

/**
 * Ajv (JSON Schema 2020-12) over openapi.yaml's component schemas, for node tests only (the contract
 * test checks the handlers' bodies, the fuzz test the generator's). Objects the contract leaves open
 * are checked strictly, so an undeclared field fails.
 */

type Json = Record<string, unknown>;

const ROOT = "https://contract.sentinel.test/openapi.json";

const isSchemaObject = (node: Json) => node.type === "object" || (node.properties !== undefined && !("allOf" in node));

/**
 * A copy of a schema where refs are absolute and every object without a declared
 * additionalProperties gets `unevaluatedProperties: false`. Members of allOf are left open (they
 * refer to the `__open` copy of a component) and the allOf itself is closed instead.
 */
function strict(node: unknown, closeTop: boolean): unknown {
  if (Array.isArray(node)) return node.map((n) => strict(n, true));
  if (!node || typeof node !== "object") return node;
  const source = node as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === "$ref" && typeof value === "string") out.$ref = value.startsWith("#") ? `${ROOT}${value}` : value;
    else if (key === "properties" && value && typeof value === "object") {
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strict(v, true)]));
    } else if (key === "allOf" && Array.isArray(value)) {
      out.allOf = value.map((member: Json) =>
        typeof member.$ref === "string" ? { $ref: `${ROOT}${member.$ref}__open` } : strict(member, false),
      );
    } else if (["items", "oneOf", "anyOf", "additionalProperties", "not"].includes(key)) {
      out[key] = strict(value, true);
    } else out[key] = value;
  }
  const declared = "additionalProperties" in source || "unevaluatedProperties" in source;
  if (closeTop && !declared && (isSchemaObject(source) || "allOf" in source)) out.unevaluatedProperties = false;
  return out;
}

/** A compile function: schema (with `#/components/...` refs) → a cached strict Ajv validator. */
export function buildValidator() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addFormat("password", true);
  const schemas: Json = {};
  for (const [name, schema] of Object.entries(contractDocument().components.schemas)) {
    schemas[name] = strict(schema, true);
    schemas[`${name}__open`] = strict(schema, false);
  }
  ajv.addSchema({ $id: ROOT, components: { schemas } });
  const cache = new Map<string, ReturnType<typeof ajv.compile>>();
  return (schema: unknown) => {
    const key = JSON.stringify(schema);
    let validate = cache.get(key);
    if (!validate) {
      validate = ajv.compile(strict(schema, true) as object);
      cache.set(key, validate);
    }
    return validate;
  };
}
