import { iso, now } from "../clock.ts";
import { getDb } from "../db.ts";
import type { Db } from "../db-types.ts";
import { byId, childrenOf, newestFirst } from "../lookup.ts";
import { FINDING_STATUSES, FREQUENCIES, SCHEDULE_TYPES } from "../schema-types.ts";
import { canSee, companyScope, inScope, matches } from "../scope.ts";
import { bySeverity, finding, findingsOf, networkConfig, networkScan, scanEndpoint, template } from "../serialize.ts";
import { reply, typedHttp, type Viewer } from "../typed.ts";
import { choiceError, choiceFilter, oneOf, requireFields } from "../validate.ts";
import { changeFindingStatus } from "./finding-status.ts";

/** Resolves a nested network path, each level belonging to the one above; undefined → 404. */
function resolve(
  db: Db,
  viewer: Viewer,
  ids: { id: number; scanId?: number; endpointId?: number; findingId?: number },
) {
  const config = byId(db.networkConfigs, ids.id);
  if (!config || !canSee(viewer, config.company_id)) return undefined;
  const scan = ids.scanId === undefined ? undefined : byId(db.networkScans, ids.scanId);
  if (ids.scanId !== undefined && scan?.config_id !== config.id) return undefined;
  const endpoint = ids.endpointId === undefined ? undefined : byId(db.scanEndpoints, ids.endpointId);
  if (ids.endpointId !== undefined && (!scan || endpoint?.scan_id !== scan.id)) return undefined;
  const found = ids.findingId === undefined ? undefined : byId(db.findings, ids.findingId);
  if (ids.findingId !== undefined && (!endpoint || found?.area !== "network" || found.parent_id !== endpoint.id)) {
    return undefined;
  }
  return { config, scan, endpoint, finding: found };
}

export const networkHandlers = [
  typedHttp.get("/api/v1/networkva/scan-configuration/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const rows = newestFirst(
      db.networkConfigs.filter((c) => inScope(scope, c.company_id)),
      (c) => c.created_at,
    );
    return ctx.paged(rows.map((c) => networkConfig(db, c)));
  }),

  typedHttp.get("/api/v1/networkva/scan-configuration/{id}/", (ctx) => {
    const db = getDb();
    const found = resolve(db, ctx.viewer, ctx.params);
    return found ? ctx.ok(networkConfig(db, found.config)) : reply.notFound();
  }),

  typedHttp.get("/api/v1/networkva/scan-configuration/{id}/scans/", (ctx) => {
    const db = getDb();
    const found = resolve(db, ctx.viewer, ctx.params);
    if (!found) return reply.notFound();
    const rows = newestFirst(childrenOf(db.networkScans, "config_id", found.config.id), (s) => s.scan_time.schedulle);
    return ctx.paged(rows.map((s) => networkScan(db, s)));
  }),

  typedHttp.put("/api/v1/networkva/scan-configuration/{id}/scans/{scan_id}/update-schedule/", async (ctx) => {
    const db = getDb();
    const found = resolve(db, ctx.viewer, { id: ctx.params.id, scanId: ctx.params.scan_id });
    if (!found?.scan) return reply.notFound();
    const body = await ctx.body();
    const invalid = requireFields(body, ["schedulle_type", "scan_time"]);
    if (invalid || !body) return invalid ?? reply.nonField("Invalid data.");
    if (!oneOf(body.schedulle_type, SCHEDULE_TYPES))
      return reply.field("schedulle_type", choiceError(body.schedulle_type));
    const when = Date.parse(String(body.scan_time));
    if (Number.isNaN(when)) {
      return reply.field(
        "scan_time",
        "Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].",
      );
    }
    const frequency = body.frequency_type ?? null;
    if (body.schedulle_type === "AUTOMATIC_SCHEDULLE") {
      if (frequency === null) return reply.field("frequency_type", "A continuous scan needs a frequency.");
      if (!oneOf(frequency, FREQUENCIES)) return reply.field("frequency_type", choiceError(frequency));
    } else if (frequency !== null) {
      return reply.field("frequency_type", "Only a continuous scan has a frequency.");
    }
    const at = iso(now());
    found.scan.schedulle_type = body.schedulle_type;
    found.scan.scan_time = { id: found.scan.scan_time.id, schedulle: new Date(when).toISOString() };
    found.config.schedulle_type = body.schedulle_type;
    found.config.frequency_type = body.schedulle_type === "AUTOMATIC_SCHEDULLE" ? frequency : null;
    found.config.updated_at = at;
    return ctx.ok(networkScan(db, found.scan));
  }),

  typedHttp.get("/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/", (ctx) => {
    const db = getDb();
    const found = resolve(db, ctx.viewer, ctx.params);
    if (!found?.scan) return reply.notFound();
    const rows = childrenOf(db.scanEndpoints, "scan_id", found.scan.id);
    return ctx.paged(rows.map((se) => scanEndpoint(db, se)));
  }),

  typedHttp.get("/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/", (ctx) => {
    const db = getDb();
    const found = resolve(db, ctx.viewer, ctx.params);
    return found?.endpoint ? ctx.ok(scanEndpoint(db, found.endpoint)) : reply.notFound();
  }),

  typedHttp.get(
    "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/findings/",
    (ctx) => {
      const db = getDb();
      const found = resolve(db, ctx.viewer, ctx.params);
      if (!found?.endpoint) return reply.notFound();
      const status = choiceFilter("status", ctx.query("status"), FINDING_STATUSES);
      if (!status.ok) return status.error;
      const search = ctx.query("search");
      const rows = findingsOf(db, "network", found.endpoint.id)
        .filter((f) => (status.value === null || f.status === status.value) && matchesFinding(search, f))
        .sort(bySeverity);
      return ctx.paged(rows.map((f) => finding(db, f)));
    },
  ),

  typedHttp.get(
    "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/services/",
    (ctx) => {
      const db = getDb();
      const found = resolve(db, ctx.viewer, ctx.params);
      return found?.endpoint ? ctx.ok(found.endpoint.services) : reply.notFound();
    },
  ),

  typedHttp.get(
    "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/findings/{findingId}/",
    (ctx) => {
      const db = getDb();
      const found = resolve(db, ctx.viewer, ctx.params);
      return found?.finding ? ctx.ok(finding(db, found.finding)) : reply.notFound();
    },
  ),

  typedHttp.patch(
    "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/findings/{findingId}/",
    async (ctx) => {
      const db = getDb();
      const found = resolve(db, ctx.viewer, ctx.params);
      if (!found?.finding) return reply.notFound();
      const invalid = changeFindingStatus(db, found.finding, await ctx.body(), ctx.viewer);
      return invalid ?? ctx.ok(finding(db, found.finding));
    },
  ),
];

export function matchesFinding(search: string | null, f: Db["findings"][number]): boolean {
  const t = template(f);
  return matches(search, t.name, t.description, t.cve, t.cwe, f.host?.host);
}
