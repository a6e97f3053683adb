import { parse } from "yaml";
// The contract itself, as text: bundled only into the lazily loaded fuzz chunk of static mode.
import contractText from "../../../../openapi.yaml?raw";

/**
 * openapi.yaml, parsed, and its operations with their success responses. Shared by the schema
 * fuzzer (fuzz.ts) and the node tests that check handlers and fuzzed bodies against the schemas.
 */

export type JsonSchema = Record<string, unknown>;

export interface ContractDocument {
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface ContractOperation {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  operationId: string;
  /** The first 2xx status the operation declares, e.g. "200". */
  success: string;
  /** The JSON schema of that response's body; undefined when it has none (204). */
  schema: JsonSchema | undefined;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

let doc: ContractDocument | null = null;
let ops: ContractOperation[] | null = null;

export function contractDocument(): ContractDocument {
  doc ??= parse(contractText) as ContractDocument;
  return doc;
}

export function contractOperations(): ContractOperation[] {
  if (ops) return ops;
  const out: ContractOperation[] = [];
  for (const [path, item] of Object.entries(contractDocument().paths)) {
    for (const method of METHODS) {
      const op = item[method] as { operationId: string; responses: Record<string, JsonSchema> } | undefined;
      if (!op) continue;
      const success = Object.keys(op.responses).find((code) => /^2\d\d$/.test(code));
      if (!success) throw new Error(`${op.operationId} has no 2xx response`);
      const content = op.responses[success]?.content as Record<string, { schema: JsonSchema }> | undefined;
      out.push({ method, path, operationId: op.operationId, success, schema: content?.["application/json"]?.schema });
    }
  }
  ops = out;
  return out;
}

/** `#/components/schemas/Name` → the schema. */
export function resolveRef(ref: string): JsonSchema {
  const prefix = "#/components/schemas/";
  if (!ref.startsWith(prefix)) throw new Error(`Unsupported $ref ${ref}`);
  const schema = contractDocument().components.schemas[ref.slice(prefix.length)];
  if (!schema) throw new Error(`Unknown schema ${ref}`);
  return schema;
}
