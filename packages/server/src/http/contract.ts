import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { parse } from "yaml";
import { repoRoot } from "../config.ts";

/**
 * openapi.yaml is the one contract: the server's routes, request validation (JSON Schema 2020-12,
 * as OpenAPI 3.1 is) and response shapes all come from it.
 */

type Schema = Record<string, unknown>;
export type Method = "get" | "post" | "put" | "patch" | "delete";
const METHODS: Method[] = ["get", "post", "put", "patch", "delete"];

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  operationId: string;
  method: Method;
  /** As the contract writes it: `/api/v1/company/{id}/`. */
  path: string;
  /** Fastify's form: `/api/v1/company/:id/`. */
  routePath: string;
  /** Public operations (`security: []`) need no token. */
  isPublic: boolean;
  /**
   * One of the operation's security alternatives is `{}` (none): a token is still checked when one is
   * sent, but the handler may see no caller and must check another credential itself.
   */
  authOptional: boolean;
  pathParams: string[];
  validateParams: ValidateFunction | null;
  validateQuery: ValidateFunction | null;
  validateHeaders: ValidateFunction | null;
  bodyMediaType: string | null;
  validateBody: ValidateFunction | null;
  bodyRequired: boolean;
  /** JSON schema of each success status's JSON body, used to serialize only what the contract declares. */
  responseSchemas: Map<number, Schema | null>;
  /** The whole operation object, for anything else a handler needs to read. */
  raw: Schema;
}

export const contractPath = path.join(repoRoot, "openapi.yaml");

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

export interface Contract {
  document: Schema;
  operations: Operation[];
  byId: Map<string, Operation>;
  /** Resolves `#/components/...` references. */
  resolve(schema: Schema): Schema;
  /** Validator for a success response of an operation (tests check every answer against it). */
  responseValidator(op: Operation, status: number): ValidateFunction | null;
}

let cached: Contract | null = null;

export function loadContract(): Contract {
  if (cached) return cached;
  const document = parse(readFileSync(contractPath, "utf8")) as Schema;
  const components = (document.components ?? {}) as Schema;

  // Request values: query and path values arrive as strings and are coerced to the declared types.
  const coercing = new Ajv2020({ strict: false, allErrors: true, coerceTypes: "array", useDefaults: true });
  const exact = new Ajv2020({ strict: false, allErrors: true });
  for (const ajv of [coercing, exact]) {
    addFormats(ajv);
    ajv.addKeyword({ keyword: "x-designed" });
    ajv.addKeyword({ keyword: "x-designed-reason" });
    ajv.addSchema({ $id: "contract.json", components: rewriteRefs(components) });
  }

  const resolve = (schema: Schema): Schema => {
    let current = schema;
    for (let depth = 0; depth < 20 && typeof current.$ref === "string"; depth++) {
      const pointer = (current.$ref as string).replace(/^#\//, "").split("/");
      let node: unknown = document;
      for (const part of pointer) node = (node as Schema)[part];
      current = node as Schema;
    }
    return current;
  };

  const operations: Operation[] = [];
  const paths = document.paths as Record<string, Schema>;
  for (const [p, item] of Object.entries(paths)) {
    const shared = ((item.parameters as Schema[] | undefined) ?? []).map((x) => resolve(x) as unknown as Parameter);
    for (const method of METHODS) {
      const op = item[method] as Schema | undefined;
      if (!op) continue;
      const params = [
        ...shared,
        ...((op.parameters as Schema[] | undefined) ?? []).map((x) => resolve(x) as unknown as Parameter),
      ];
      const group = (where: Parameter["in"], ajv: Ajv2020, lowerNames = false) => {
        const list = params.filter((x) => x.in === where);
        if (list.length === 0) return null;
        const properties: Schema = {};
        const required: string[] = [];
        for (const x of list) {
          const name = lowerNames ? x.name.toLowerCase() : x.name;
          properties[name] = rewriteRefs(x.schema ?? {});
          if (x.required) required.push(name);
        }
        return ajv.compile({ type: "object", properties, required });
      };
      const security = (op.security ?? document.security) as unknown[] | undefined;
      const requestBody = op.requestBody ? resolve(op.requestBody as Schema) : null;
      const content = (requestBody?.content ?? {}) as Record<string, { schema?: Schema }>;
      const bodyMediaType = Object.keys(content)[0] ?? null;
      const bodySchema = bodyMediaType ? content[bodyMediaType]?.schema : undefined;

      const responseSchemas = new Map<number, Schema | null>();
      for (const [code, response] of Object.entries((op.responses ?? {}) as Record<string, Schema>)) {
        const status = Number(code);
        if (!(status >= 200 && status < 300)) continue;
        const resolved = resolve(response);
        const json = (resolved.content as Record<string, { schema?: Schema }> | undefined)?.["application/json"];
        responseSchemas.set(status, json?.schema ?? null);
      }

      operations.push({
        operationId: op.operationId as string,
        method,
        path: p,
        routePath: p.replace(/\{([^}]+)\}/g, ":$1"),
        isPublic: Array.isArray(security) && security.length === 0,
        authOptional:
          Array.isArray(security) &&
          security.some(
            (alternative) =>
              alternative !== null && typeof alternative === "object" && Object.keys(alternative).length === 0,
          ),
        pathParams: params.filter((x) => x.in === "path").map((x) => x.name),
        validateParams: group("path", coercing),
        validateQuery: group("query", coercing),
        validateHeaders: group("header", exact, true),
        bodyMediaType,
        validateBody:
          bodySchema && bodyMediaType === "application/json" ? exact.compile(rewriteRefs(bodySchema)) : null,
        bodyRequired: Boolean(requestBody?.required),
        responseSchemas,
        raw: op,
      });
    }
  }

  const responseValidators = new Map<string, ValidateFunction | null>();
  const responseValidator = (op: Operation, status: number) => {
    const key = `${op.operationId}:${status}`;
    if (!responseValidators.has(key)) {
      const schema = op.responseSchemas.get(status);
      responseValidators.set(key, schema ? exact.compile(rewriteRefs(schema)) : null);
    }
    return responseValidators.get(key) ?? null;
  };

  cached = {
    document,
    operations,
    byId: new Map(operations.map((o) => [o.operationId, o])),
    resolve,
    responseValidator,
  };
  return cached;
}

/** `#/components/...` → `contract.json#/components/...`, so compiled fragments find the shared schemas. */
function rewriteRefs<T>(node: T): T {
  if (Array.isArray(node)) return node.map(rewriteRefs) as T;
  if (node && typeof node === "object") {
    const out: Schema = {};
    for (const [k, v] of Object.entries(node as Schema)) {
      out[k] = k === "$ref" && typeof v === "string" && v.startsWith("#/") ? `contract.json${v}` : rewriteRefs(v);
    }
    return out as T;
  }
  return node;
}

/** DRF-style field errors from Ajv's: `{ field: ["message"] }`, `non_field_errors` for the whole body. */
export function fieldErrors(errors: ErrorObject[] | null | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of errors ?? []) {
    let field = e.instancePath.replace(/^\//, "").split("/")[0] ?? "";
    let message: string;
    if (e.keyword === "required") {
      field = (e.params as { missingProperty: string }).missingProperty;
      message = "This field is required.";
    } else if (e.keyword === "additionalProperties" || e.keyword === "unevaluatedProperties") {
      const extra =
        (e.params as { additionalProperty?: string; unevaluatedProperty?: string }).additionalProperty ??
        (e.params as { unevaluatedProperty?: string }).unevaluatedProperty;
      field = extra ?? field;
      message = "This field is not allowed.";
    } else if (e.keyword === "enum") {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
      message = `Must be one of: ${allowed.map(String).join(", ")}.`;
    } else if (e.keyword === "maxLength") {
      message = `Ensure this field has no more than ${(e.params as { limit: number }).limit} characters.`;
    } else if (e.keyword === "minLength") {
      message =
        (e.params as { limit: number }).limit === 1
          ? "This field may not be blank."
          : `Ensure this field has at least ${(e.params as { limit: number }).limit} characters.`;
    } else if (e.keyword === "type") {
      message = `Must be of type ${(e.params as { type: string }).type}.`;
    } else if (e.keyword === "format") {
      message =
        (e.params as { format: string }).format === "email"
          ? "Enter a valid email address."
          : `Enter a valid ${(e.params as { format: string }).format}.`;
    } else {
      message = e.message ? `${e.message[0]?.toUpperCase()}${e.message.slice(1)}.` : "Invalid value.";
    }
    const key = field || "non_field_errors";
    out[key] = [...new Set([...(out[key] ?? []), message])];
  }
  return out;
}
