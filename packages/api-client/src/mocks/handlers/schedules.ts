import { iso, now } from "../clock.ts";
import { getDb } from "../db.ts";
import type { Db } from "../db-types.ts";
import { byId } from "../lookup.ts";
import { memberRefusal } from "../memberRights.ts";
import {
  FREQUENCIES,
  FREQUENCY_LABEL,
  SCHEDULE_LABEL,
  SCHEDULE_TYPES,
  type ScanFrequency,
  type ScheduleType,
} from "../schema-types.ts";
import { canSee } from "../scope.ts";
import { companyOfProduct } from "../serialize.ts";
import { reply, typedHttp, type Viewer } from "../typed.ts";
import { choiceError, oneOf, requireFields } from "../validate.ts";

type Area = "web" | "exposure" | "sourcecode";

interface Schedule {
  schedulle_type: ScheduleType;
  frequency_type: ScanFrequency | null;
  scan_time: string;
  branch: string | null;
}

/**
 * Static mode's schedules, per data set (a reset starts without any): no scheduler runs in a browser,
 * so a schedule is only kept and shown, as the server keeps it before its time comes.
 */
const schedules = new WeakMap<Db, Map<string, Schedule>>();
const storeOf = (db: Db) => {
  let store = schedules.get(db);
  if (!store) {
    store = new Map();
    schedules.set(db, store);
  }
  return store;
};

/** The owner's company when the viewer may see it; its branches for a repository. */
function visibleOwner(db: Db, viewer: Viewer, area: Area, id: number) {
  if (area === "exposure") {
    const config = byId(db.exposureConfigs, id);
    return config && canSee(viewer, config.company_id) ? { branches: null, config } : undefined;
  }
  if (area === "web") {
    const app = byId(db.webApps, id);
    const company = companyOfProduct(db, byId(db.webAssets, app?.asset_id ?? 0)?.product_id ?? 0);
    return app && canSee(viewer, company) ? { branches: null, config: undefined } : undefined;
  }
  const app = byId(db.sourceApps, id);
  const asset = byId(db.sourceAssets, app?.asset_id ?? 0);
  const company = companyOfProduct(db, asset?.product_id ?? 0);
  return app && canSee(viewer, company) ? { branches: asset?.branches ?? [], config: undefined } : undefined;
}

/** The contract's ScanSchedule. */
const wire = (s: Schedule | undefined) => ({
  schedulle_type: s?.schedulle_type ?? null,
  schedulle_type_display: s ? SCHEDULE_LABEL[s.schedulle_type] : null,
  frequency_type: s?.frequency_type ?? null,
  frequency_type_display: s?.frequency_type ? FREQUENCY_LABEL[s.frequency_type] : null,
  scan_time: s?.scan_time ?? null,
  branch: s?.branch ?? null,
});

function scheduleHandlers(area: Area, path: string) {
  return [
    typedHttp.get(path as "/api/v1/webapp/applications/{id}/schedule/", (ctx) => {
      const db = getDb();
      if (!visibleOwner(db, ctx.viewer, area, ctx.params.id)) return reply.notFound();
      return ctx.ok(wire(storeOf(db).get(`${area}:${ctx.params.id}`)));
    }),
    typedHttp.put(path as "/api/v1/webapp/applications/{id}/schedule/", async (ctx) => {
      const db = getDb();
      const owner = visibleOwner(db, ctx.viewer, area, ctx.params.id);
      if (!owner) return reply.notFound();
      const refused = memberRefusal(ctx.viewer, "scans");
      if (refused) return refused;
      const body = await ctx.body();
      const invalid = requireFields(body, ["schedulle_type", "scan_time"]);
      if (invalid || !body) return invalid ?? reply.nonField("Invalid data.");
      if (!oneOf(body.schedulle_type, SCHEDULE_TYPES))
        return reply.field("schedulle_type", choiceError(body.schedulle_type));
      const frequency = body.frequency_type ?? null;
      if (body.schedulle_type === "AUTOMATIC_SCHEDULLE") {
        if (frequency === null) return reply.field("frequency_type", "A continuous scan needs a frequency.");
        if (!oneOf(frequency, FREQUENCIES)) return reply.field("frequency_type", choiceError(frequency));
      } else if (frequency !== null) {
        return reply.field("frequency_type", "Only a continuous scan has a frequency.");
      }
      const when = Date.parse(String(body.scan_time));
      if (Number.isNaN(when)) {
        return reply.field(
          "scan_time",
          "Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].",
        );
      }
      if (when <= now()) return reply.field("scan_time", "Choose a time in the future.");
      let branch: string | null = null;
      if (owner.branches) {
        const asked = body.branch ?? undefined;
        branch = asked === undefined ? (owner.branches[0] ?? "main") : String(asked);
        if (!owner.branches.includes(branch)) {
          return reply.field(
            "branch",
            `"${branch}" is not one of this repository's branches (${owner.branches.join(", ") || "none"}). Add it to the repository asset first.`,
          );
        }
      } else if (body.branch != null) {
        return reply.field("branch", "Only a source code schedule names a branch.");
      }
      const schedule: Schedule = {
        schedulle_type: body.schedulle_type,
        frequency_type: frequency as ScanFrequency | null,
        scan_time: new Date(when).toISOString(),
        branch,
      };
      storeOf(db).set(`${area}:${ctx.params.id}`, schedule);
      if (owner.config) {
        owner.config.scheduled_scan = schedule.scan_time;
        owner.config.updated_at = iso(now());
      }
      return ctx.ok(wire(schedule));
    }),
  ];
}

/** Scan schedules of web applications, exposure detection configurations and repositories (issue 29). */
export const scanScheduleHandlers = [
  ...scheduleHandlers("web", "/api/v1/webapp/applications/{id}/schedule/"),
  ...scheduleHandlers("exposure", "/api/v1/exposure-detection/scan-configuration/{id}/schedule/"),
  ...scheduleHandlers("sourcecode", "/api/v1/sourcecode/applications/{id}/schedule/"),
];
