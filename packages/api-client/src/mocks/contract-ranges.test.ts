import { describe, expect, it } from "vitest";
import { contractDocument, type JsonSchema } from "./contract.ts";

/**
 * Walks openapi.yaml and checks the range of every integer and number it declares, so a conforming
 * server can never send a value the client cannot use (an id of 0 that no path accepts, a negative
 * count, a progress of 140 %). The rules:
 * - id-like integers (`id`, `*_id`, path ids, and the plain-pk references) have `minimum: 1`;
 * - page numbers, page sizes and line numbers have `minimum: 1`;
 * - every other integer (counts, totals, indexes, ports) has `minimum: 0`;
 * - percentages are 0–100, percentage changes at least -100, CVSS scores 0–10;
 * - every other number (credits, money, seconds, ratings) is at least 0, except the signed ones listed.
 */

/** Integer properties holding another record's primary key. */
const REFERENCES = new Set([
  "company",
  "asset",
  "user",
  "product",
  "exposure_detection_target",
  "threat_inspection_endpoint",
  "endpoints",
  // A new network scan configuration's assets (issue 29).
  "assets",
  // The findings index's location of a row, its scan filter and the export's chosen ids.
  "scan",
  "configuration",
  "application",
  "scan_endpoint",
  "threat_endpoint",
  "ids",
  // A bulk change's excluded ids and the batch an undo undid (issue 16).
  "exclude_ids",
  "undoes",
  // The staff member a ticket is assigned to (issue 28).
  "assignee",
]);
/**
 * `version` (and a bulk change's `versions`) start at 1: a finding's first state is version 1. A signed
 * download link's `expires` (Unix seconds) is a query parameter, and those never allow less than 1.
 * A rating has at least one star.
 */
const ONE_BASED = new Set([
  "current_page",
  "page",
  "pages",
  "page_size",
  "limit",
  "line",
  "version",
  "versions",
  "expires",
  // A ticket's rating is one to five stars (issue 28).
  "rating",
  // A finding SLA gives at least one day to fix a severity; null gives none (FindingSlaDays, issue 28).
  "HIGH",
  "MEDIUM",
  "LOW",
  "INFO",
  "LOG",
]);
const PERCENTAGES = new Set(["progress", "detection_rate", "qod", "confidence"]);
/** Where a negative value is meaningful. */
const SIGNED = new Set([
  // A spending transaction is negative (spec §4).
  "CreditTransaction.amount",
]);

interface NumericSite {
  where: string;
  name: string;
  integer: boolean;
  schema: JsonSchema;
}

const isIdLike = (name: string) =>
  name === "id" || name.endsWith("_id") || /[a-z]Id$/.test(name) || REFERENCES.has(name);

function numericSites(): NumericSite[] {
  const sites: NumericSite[] = [];
  const visit = (schema: unknown, where: string, name: string | null): void => {
    if (!schema || typeof schema !== "object" || Array.isArray(schema)) return;
    const node = schema as JsonSchema;
    const types = ([] as unknown[]).concat(node.type ?? []);
    if (name !== null && (types.includes("integer") || types.includes("number"))) {
      sites.push({ where, name, integer: types.includes("integer"), schema: node });
    }
    for (const key of ["oneOf", "anyOf", "allOf"] as const) {
      const branches = node[key];
      if (!Array.isArray(branches)) continue;
      for (const [i, branch] of branches.entries()) visit(branch, `${where}.${key}[${i}]`, name);
    }
    if (node.items) visit(node.items, `${where}[]`, name);
    if (node.additionalProperties && typeof node.additionalProperties === "object") {
      visit(node.additionalProperties, `${where}.*`, name);
    }
    const properties = node.properties as Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(properties ?? {})) visit(value, `${where}.${key}`, key);
  };
  const visitParameters = (parameters: unknown, where: string) => {
    for (const p of (parameters ?? []) as Array<{ name?: string; schema?: unknown }>) {
      if (p.name) visit(p.schema, `${where} (${p.name})`, p.name);
    }
  };

  const doc = contractDocument() as ReturnType<typeof contractDocument> & {
    components: { parameters?: Record<string, { name: string; schema?: unknown }> };
  };
  for (const [name, schema] of Object.entries(doc.components.schemas)) visit(schema, name, null);
  for (const [key, p] of Object.entries(doc.components.parameters ?? {})) visit(p.schema, `parameter ${key}`, p.name);
  for (const [path, item] of Object.entries(doc.paths)) {
    visitParameters(item.parameters, path);
    for (const [method, op] of Object.entries(item)) {
      if (!op || typeof op !== "object" || Array.isArray(op)) continue;
      visitParameters(op.parameters, `${method.toUpperCase()} ${path}`);
      const content = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
      for (const [type, media] of Object.entries(content ?? {})) visit(media.schema, `${method} ${path} ${type}`, null);
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, JsonSchema>)) {
        const body = response.content as Record<string, { schema?: unknown }> | undefined;
        for (const media of Object.values(body ?? {})) visit(media.schema, `${method} ${path} ${status}`, null);
      }
    }
  }
  return sites;
}

/** The range a site must declare, as [minimum, maximum] (maximum undefined: any or none). */
function expectedRange(site: NumericSite): [number, number | undefined] | "non-negative" | "signed" {
  const owner = site.where.split(/[.[ ]/)[0];
  if (SIGNED.has(`${owner}.${site.name}`)) return "signed";
  if (site.integer) {
    if (isIdLike(site.name) || ONE_BASED.has(site.name)) return [1, undefined];
    return [0, undefined];
  }
  if (PERCENTAGES.has(site.name)) return [0, 100];
  if (site.name.endsWith("_growth") || site.name === "comparison") return [-100, undefined];
  if (/^cvss\d_score$/.test(site.name)) return [0, 10];
  return "non-negative";
}

describe("openapi.yaml numeric ranges", () => {
  const sites = numericSites();

  it("finds the numbers to check", () => {
    expect(sites.length).toBeGreaterThan(150);
    expect(sites.filter((s) => isIdLike(s.name) && s.integer).length).toBeGreaterThan(60);
  });

  it("gives every id, count, page number, percentage and amount its range", () => {
    const wrong: string[] = [];
    for (const site of sites) {
      const { minimum, maximum, exclusiveMinimum } = site.schema;
      const expected = expectedRange(site);
      if (expected === "signed") continue;
      if (expected === "non-negative") {
        const ok =
          (typeof minimum === "number" && minimum >= 0) ||
          (typeof exclusiveMinimum === "number" && exclusiveMinimum >= 0);
        if (!ok) wrong.push(`${site.where}: needs minimum 0 (has ${String(minimum ?? exclusiveMinimum)})`);
        continue;
      }
      const [min, max] = expected;
      if (minimum !== min) wrong.push(`${site.where}: needs minimum ${min} (has ${String(minimum)})`);
      if (max !== undefined && maximum !== max)
        wrong.push(`${site.where}: needs maximum ${max} (has ${String(maximum)})`);
      if (site.name === "port" && maximum !== 65535) wrong.push(`${site.where}: needs maximum 65535`);
    }
    expect(wrong).toEqual([]);
  });
});
