import type { components } from "../../generated/schema.ts";
import type { Db, FindingArea as DbArea, DbFinding } from "../db-types.ts";
import type { FindingStatus, Severity } from "../schema-types.ts";
import { FINDING_STATUSES, SEVERITIES } from "../schema-types.ts";
import { isStaff } from "../scope.ts";
import { vulnCatalogue } from "../seed/dataset.ts";
import {
  companyRef,
  finding as findingBody,
  productRef,
  setChangeLookup,
  setFirstSeenLookup,
  template,
} from "../serialize.ts";
import { type ErrorReply, reply, type Viewer } from "../typed.ts";
import type { CursorValue } from "./cursor.ts";
import { dueOf, isOverdue } from "./sla.ts";

export type FindingIndexItem = components["schemas"]["FindingIndexItem"];
export type FindingChange = components["schemas"]["FindingChange"];
type WireArea = components["schemas"]["FindingArea"];
type FindingLocation = components["schemas"]["FindingLocation"];

/** What the findings index, its export and a bulk change's `filter` select (the same names as the query). */
export interface FindingQuery {
  area?: DbArea[];
  severity?: Severity[];
  status?: FindingStatus[];
  change?: FindingChange[];
  company?: number;
  product?: number;
  scan?: number;
  scan_endpoint?: number;
  threat_endpoint?: number;
  search?: string;
  first_seen_after?: string;
  first_seen_before?: string;
  last_seen_after?: string;
  last_seen_before?: string;
  /** A user id, nobody, or the viewer (resolved when selecting). */
  assignee?: number | "unassigned" | "me";
  overdue?: boolean;
  ordering?: string;
}

export const WIRE_AREA: Record<DbArea, WireArea> = {
  network: "NETWORK",
  web: "WEB_APPLICATION",
  sourcecode: "SOURCE_CODE",
  threat: "THREAT_INSPECTION",
};
const DB_AREA = Object.fromEntries(Object.entries(WIRE_AREA).map(([db, wire]) => [wire, db])) as Record<
  WireArea,
  DbArea
>;
export const AREA_LABEL: Record<DbArea, string> = {
  network: "Network",
  web: "Web Application",
  sourcecode: "Source Code",
  threat: "Threat Inspection",
};
export const FINDING_CHANGES: readonly FindingChange[] = ["NEW", "UNCHANGED", "REOPENED"];
export const ORDERING_KEYS = ["severity", "status", "name", "host", "cvss_score", "last_seen"] as const;
type OrderingKey = (typeof ORDERING_KEYS)[number];
/** The index's order when the query names none: the most severe first. */
export const DEFAULT_ORDERING = "-severity";

// ---------------------------------------------------------------- parsing

const MULTI = ["area", "severity", "status", "change"] as const;
const IDS = ["company", "product", "scan", "scan_endpoint", "threat_endpoint"] as const;
const DATES = ["first_seen_after", "first_seen_before", "last_seen_after", "last_seen_before"] as const;

const choiceMessage = (value: string) => `Select a valid choice. ${value} is not one of the available choices.`;

function valuesOf(input: URLSearchParams | Record<string, unknown>, name: string): unknown[] {
  if (input instanceof URLSearchParams) return input.getAll(name).filter((v) => v !== "");
  const value = input[name];
  if (value === undefined || value === null || value === "") return [];
  return Array.isArray(value) ? value : [value];
}

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/**
 * The query from the URL (index, export) or from a bulk change's JSON `filter`; a 400 with a field
 * error (django-filter's messages) on the first bad value. Empty values are ignored, as
 * django-filter does; unknown names too.
 */
export function parseFindingQuery(input: URLSearchParams | Record<string, unknown>): FindingQuery | ErrorReply {
  const query: FindingQuery = {};
  const allowed: Record<(typeof MULTI)[number], readonly string[]> = {
    area: Object.keys(DB_AREA),
    severity: SEVERITIES,
    status: FINDING_STATUSES,
    change: FINDING_CHANGES,
  };
  for (const name of MULTI) {
    const values = valuesOf(input, name);
    if (!values.length) continue;
    for (const v of values) {
      if (typeof v !== "string" || !allowed[name].includes(v)) return reply.field(name, choiceMessage(String(v)));
    }
    const unique = [...new Set(values as string[])];
    if (name === "area") query.area = unique.map((v) => DB_AREA[v as WireArea]);
    else if (name === "severity") query.severity = unique as Severity[];
    else if (name === "status") query.status = unique as FindingStatus[];
    else query.change = unique as FindingChange[];
  }
  for (const name of IDS) {
    const values = valuesOf(input, name);
    if (!values.length) continue;
    if (values.length > 1) return reply.field(name, "Give one value.");
    const v = values[0];
    const n = typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < 1) return reply.field(name, "Enter a whole number.");
    query[name] = n;
  }
  for (const name of DATES) {
    const values = valuesOf(input, name);
    if (!values.length) continue;
    const v = values[0];
    if (values.length > 1 || typeof v !== "string" || !isDay(v)) return reply.field(name, "Enter a valid date.");
    query[name] = v;
  }
  const search = valuesOf(input, "search");
  if (search.length) {
    if (search.length > 1 || typeof search[0] !== "string") return reply.field("search", "Give one value.");
    if (search[0].trim()) query.search = search[0];
  }
  const assignee = valuesOf(input, "assignee");
  if (assignee.length) {
    const v = assignee[0];
    if (assignee.length > 1 || typeof v !== "string" || !/^([1-9]\d{0,9}|unassigned|me)$/.test(v)) {
      return reply.field("assignee", "Give a user id, unassigned or me.");
    }
    query.assignee = v === "unassigned" || v === "me" ? v : Number(v);
  }
  const overdue = valuesOf(input, "overdue");
  if (overdue.length) {
    const v = overdue[0];
    if (overdue.length > 1 || !(v === true || v === false || v === "true" || v === "false")) {
      return reply.field("overdue", "Must be a valid boolean.");
    }
    query.overdue = v === true || v === "true";
  }
  const ordering = valuesOf(input, "ordering");
  if (ordering.length) {
    const v = ordering[0];
    const keys = typeof v === "string" ? v.split(",") : [];
    const bad = keys.find((k) => !(ORDERING_KEYS as readonly string[]).includes(k.replace(/^-/, "")));
    if (ordering.length > 1 || typeof v !== "string" || bad !== undefined || !keys.length) {
      return reply.field(
        "ordering",
        `Unknown ordering: ${String(bad ?? v)}. Use ${ORDERING_KEYS.join(", ")}, each optionally with a leading "-".`,
      );
    }
    query.ordering = v;
  }
  return query;
}

export const isErrorReply = (value: FindingQuery | ErrorReply): value is ErrorReply => value instanceof Response;

// ---------------------------------------------------------------- derived values

/** What the index needs of a finding that only a scan history changes: computed once per data set. */
interface Derived {
  scanId: number;
  productId: number | null;
  location: FindingLocation;
  host: string | null;
  /** Lower-cased name, CVE, CWE, host and component, joined by newlines (search). */
  haystack: string;
  nameKey: string;
  severityRank: number;
  cvss: number | null;
  firstSeen: string;
  lastSeen: string;
  firstSeenMs: number;
  lastSeenMs: number;
  change: FindingChange | null;
  /** The occurrence's finding in the latest earlier completed scan of the target: the one this continues. */
  previousId: number | null;
}

/** A finding with its derived values side by side, so a scan of 100,000 rows does no lookups. */
interface Entry {
  f: DbFinding;
  d: Derived;
}

interface DerivedIndex {
  findings: readonly DbFinding[];
  size: number;
  byId: Map<number, Derived>;
  entries: Entry[];
  /** Entries sorted by an ordering that reads no status (those orders never change). */
  sorted: Map<string, Entry[]>;
}

const derivedIndexes = new WeakMap<Db, DerivedIndex>();

interface ScanRef {
  id: number;
  at: string;
  completed: boolean;
}

/** The scan a finding belongs to, the target that scan looked at, and the pieces of its location. */
interface Placement {
  scan: ScanRef;
  /** Identifies the scanned target across its scans (config + host, application, repository + branch). */
  target: string;
  productId: number | null;
  host: string | null;
  location: FindingLocation;
}

function mapOf<T extends { id: number }>(rows: readonly T[]): Map<number, T> {
  return new Map(rows.map((r) => [r.id, r]));
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

function placements(db: Db): (f: DbFinding) => Placement | null {
  const scanEndpoints = mapOf(db.scanEndpoints);
  const networkScans = mapOf(db.networkScans);
  const networkConfigs = mapOf(db.networkConfigs);
  const webScans = mapOf(db.webScans);
  const webApps = mapOf(db.webApps);
  const webAssets = mapOf(db.webAssets);
  const sourceScans = mapOf(db.sourceScans);
  const sourceApps = mapOf(db.sourceApps);
  const sourceAssets = mapOf(db.sourceAssets);
  const threatEndpoints = mapOf(db.threatEndpoints);
  const threatScans = mapOf(db.threatScans);
  const threatConfigs = mapOf(db.threatConfigs);
  const exposureProducts = new Map(db.exposureAssets.map((a) => [a.target.id, a.product_id]));
  const none = { configuration: null, application: null, scan_endpoint: null, threat_endpoint: null };

  return (f) => {
    switch (f.area) {
      case "network": {
        const se = scanEndpoints.get(f.parent_id);
        const scan = se && networkScans.get(se.scan_id);
        const config = scan && networkConfigs.get(scan.config_id);
        if (!se || !scan || !config) return null;
        const host = f.host?.host ?? null;
        return {
          scan: {
            id: scan.id,
            at: scan.start_time ?? scan.scan_time.schedulle,
            completed: scan.status === "COMPLETED",
          },
          target: `n:${config.id}:${se.endpoint_id}`,
          productId: config.product_id,
          host,
          location: { ...none, scan: scan.id, configuration: config.id, scan_endpoint: se.id, target: host ?? "" },
        };
      }
      case "web": {
        const scan = webScans.get(f.parent_id);
        const app = scan && webApps.get(scan.app_id);
        const asset = app && webAssets.get(app.asset_id);
        if (!scan || !app || !asset) return null;
        return {
          scan: { id: scan.id, at: scan.created_at, completed: scan.status === "COMPLETED" },
          target: `w:${app.id}`,
          productId: asset.product_id,
          host: hostOf(asset.url),
          location: { ...none, scan: scan.id, application: app.id, target: asset.application_name },
        };
      }
      case "sourcecode": {
        const scan = sourceScans.get(f.parent_id);
        const app = scan && sourceApps.get(scan.app_id);
        const asset = app && sourceAssets.get(app.asset_id);
        if (!scan || !app || !asset) return null;
        return {
          scan: { id: scan.id, at: scan.created_at, completed: scan.status === "DONE" },
          // A branch is compared with that branch's own earlier scans.
          target: `s:${app.id}:${scan.branch}`,
          productId: asset.product_id,
          host: null,
          location: { ...none, scan: scan.id, application: app.id, target: asset.repository_name },
        };
      }
      case "threat": {
        const endpoint = threatEndpoints.get(f.parent_id);
        const scan = endpoint && threatScans.get(endpoint.scan_id);
        const config = scan && threatConfigs.get(scan.config_id);
        if (!endpoint || !scan || !config) return null;
        const host = f.host?.host ?? null;
        return {
          scan: { id: scan.id, at: scan.start_scan ?? f.created_at, completed: scan.status === "COMPLETED" },
          target: `t:${config.id}:${endpoint.host_id}`,
          productId: exposureProducts.get(config.exposure_target_id) ?? null,
          host,
          location: {
            ...none,
            scan: scan.id,
            configuration: config.id,
            threat_endpoint: endpoint.id,
            target: host ?? "",
          },
        };
      }
      default:
        return null;
    }
  };
}

const SEVERITY_RANK: Record<Severity, number> = { LOG: 0, INFO: 1, LOW: 2, MEDIUM: 3, HIGH: 4 };
const STATUS_RANK = Object.fromEntries(FINDING_STATUSES.map((s, i) => [s, i])) as Record<FindingStatus, number>;

/** Everything findings of one target and vulnerability share: the scans that reported it, and its search text. */
interface Occurrence {
  scans: Set<number>;
  /** scan id → the occurrence's finding in that scan (the highest id, when a scan has two). */
  findingOf: Map<number, number>;
  first: string;
  last: string;
  haystack: string;
}

function buildDerived(db: Db): DerivedIndex {
  const place = placements(db);
  const codeVulns = vulnCatalogue("sourcecode");
  /** target → its scans (each once). */
  const scansOfTarget = new Map<string, Map<number, ScanRef>>();
  /** target → vuln key → the occurrence. Nested maps: no key string is built per finding. */
  const occurrences = new Map<string, Map<number, Occurrence>>();
  const addScan = (target: string, scan: ScanRef) => {
    let scans = scansOfTarget.get(target);
    if (!scans) {
      scans = new Map();
      scansOfTarget.set(target, scans);
    }
    scans.set(scan.id, scan);
  };
  // Completed scans that reported nothing on a target still count as "the previous scan": a finding
  // absent from them and back later is reopened, not unchanged.
  const networkScans = mapOf(db.networkScans);
  for (const se of db.scanEndpoints) {
    const scan = networkScans.get(se.scan_id);
    if (scan?.status !== "COMPLETED" || se.status !== "COMPLETED") continue;
    addScan(`n:${scan.config_id}:${se.endpoint_id}`, {
      id: scan.id,
      at: scan.start_time ?? scan.scan_time.schedulle,
      completed: true,
    });
  }
  for (const scan of db.webScans) {
    if (scan.status === "COMPLETED") addScan(`w:${scan.app_id}`, { id: scan.id, at: scan.created_at, completed: true });
  }
  for (const scan of db.sourceScans) {
    if (scan.status === "DONE") {
      addScan(`s:${scan.app_id}:${scan.branch}`, { id: scan.id, at: scan.created_at, completed: true });
    }
  }

  // A catalogue entry's searchable text and sort key are the same for every finding of it: built once.
  const texts = new Map<string, { text: string; nameKey: string }>();
  const textOf = (f: DbFinding) => {
    const key = `${f.area}${f.vuln}`;
    let text = texts.get(key);
    if (text === undefined) {
      const t = template(f);
      const code = f.area === "sourcecode" ? codeVulns[f.vuln % codeVulns.length] : undefined;
      text = {
        text: [t.name, t.cve, t.cwe, code?.component].filter(Boolean).join("\n").toLowerCase(),
        nameKey: t.name.toLowerCase(),
      };
      texts.set(key, text);
    }
    return text;
  };
  const times = new Map<string, number>();
  const msOf = (at: string) => {
    let ms = times.get(at);
    if (ms === undefined) {
      ms = Date.parse(at);
      times.set(at, ms);
    }
    return ms;
  };

  // Findings of one scan endpoint, web scan, source scan or threat endpoint share their placement:
  // it is worked out once per parent, not once per finding (100,000 findings, 10,000 parents).
  const placementOf = new Map<string, Placement | null>();
  const placed: Array<{ f: DbFinding; p: Placement; occurrence: Occurrence }> = [];
  for (const f of db.findings) {
    const parentKey = `${f.area}:${f.parent_id}`;
    let p = placementOf.get(parentKey);
    if (p === undefined) {
      p = place(f);
      placementOf.set(parentKey, p);
      if (p) addScan(p.target, p.scan);
    }
    if (!p) continue;
    let ofTarget = occurrences.get(p.target);
    if (!ofTarget) {
      ofTarget = new Map();
      occurrences.set(p.target, ofTarget);
    }
    let occurrence = ofTarget.get(f.vuln);
    if (!occurrence) {
      occurrence = {
        scans: new Set(),
        findingOf: new Map(),
        first: f.created_at,
        last: f.created_at,
        haystack: `${textOf(f).text}\n${p.host?.toLowerCase() ?? ""}`,
      };
      ofTarget.set(f.vuln, occurrence);
    } else {
      if (f.created_at < occurrence.first) occurrence.first = f.created_at;
      if (f.created_at > occurrence.last) occurrence.last = f.created_at;
    }
    occurrence.scans.add(p.scan.id);
    if ((occurrence.findingOf.get(p.scan.id) ?? 0) < f.id) occurrence.findingOf.set(p.scan.id, f.id);
    placed.push({ f, p, occurrence });
  }
  /** Per target, its completed scans oldest first. */
  const completedHistory = new Map<string, ScanRef[]>();
  for (const [target, scans] of scansOfTarget) {
    completedHistory.set(
      target,
      [...scans.values()].filter((s) => s.completed).sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id),
    );
  }
  /** Per placement, the completed scans of its target before its own scan, newest first. */
  const earlierScans = new Map<Placement, ScanRef[]>();
  const earlierOf = (p: Placement) => {
    let earlier = earlierScans.get(p);
    if (!earlier) {
      const history = completedHistory.get(p.target) ?? [];
      const at = history.findIndex((s) => s.id === p.scan.id);
      earlier = at > 0 ? history.slice(0, at).reverse() : [];
      earlierScans.set(p, earlier);
    }
    return earlier;
  };

  const byId = new Map<number, Derived>();
  const entries: Entry[] = [];
  for (const { f, p, occurrence } of placed) {
    const t = template(f);
    let change: FindingChange | null = null;
    let previousId: number | null = null;
    if (p.scan.completed) {
      const earlier = earlierOf(p);
      const previous = earlier[0];
      const latest = earlier.find((s) => occurrence.scans.has(s.id));
      if (!previous) change = "NEW";
      else if (occurrence.scans.has(previous.id)) change = "UNCHANGED";
      else if (latest) change = "REOPENED";
      else change = "NEW";
      previousId = latest ? (occurrence.findingOf.get(latest.id) ?? null) : null;
    }
    const d: Derived = {
      scanId: p.scan.id,
      productId: p.productId,
      location: p.location,
      host: p.host,
      haystack: occurrence.haystack,
      nameKey: textOf(f).nameKey,
      severityRank: SEVERITY_RANK[t.severity],
      cvss: t.cvss3_score ?? t.cvss2_score ?? null,
      firstSeen: occurrence.first,
      lastSeen: occurrence.last,
      firstSeenMs: msOf(occurrence.first),
      lastSeenMs: msOf(occurrence.last),
      change,
      previousId,
    };
    byId.set(f.id, d);
    entries.push({ f, d });
  }
  return { findings: db.findings, size: db.findings.length, byId, entries, sorted: new Map() };
}

setFirstSeenLookup((db, f) => derivedOf(db).byId.get(f.id)?.firstSeen ?? f.created_at);
setChangeLookup((db, f) => {
  const d = derivedOf(db).byId.get(f.id);
  return { change: d?.change ?? null, previous_id: d?.previousId ?? null };
});

/** The derived values of the current data set, rebuilt when findings are added or the data set is replaced. */
function derivedOf(db: Db): DerivedIndex {
  let index = derivedIndexes.get(db);
  if (!index || index.findings !== db.findings || index.size !== db.findings.length) {
    index = buildDerived(db);
    derivedIndexes.set(db, index);
  }
  return index;
}

// ---------------------------------------------------------------- selecting

type Compare = (a: Entry, b: Entry) => number;

/** Nulls last in both directions. */
function nullable(x: number | string | null, y: number | string | null, sign: number): number {
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  return (x < y ? -1 : x > y ? 1 : 0) * sign;
}

function comparator(ordering: string): Compare {
  const d = (e: Entry) => e.d;
  const parts: Compare[] = ordering.split(",").map((raw) => {
    const sign = raw.startsWith("-") ? -1 : 1;
    const key = raw.replace(/^-/, "") as OrderingKey;
    switch (key) {
      case "severity":
        return (a, b) => (d(a).severityRank - d(b).severityRank) * sign;
      case "status":
        return (a, b) => (STATUS_RANK[a.f.status] - STATUS_RANK[b.f.status]) * sign;
      case "name":
        return (a, b) => nullable(d(a).nameKey, d(b).nameKey, sign);
      case "host":
        return (a, b) => nullable(d(a).host?.toLowerCase() ?? null, d(b).host?.toLowerCase() ?? null, sign);
      case "cvss_score":
        return (a, b) => nullable(d(a).cvss, d(b).cvss, sign);
      case "last_seen":
        return (a, b) => nullable(d(a).lastSeenMs, d(b).lastSeenMs, sign);
      default:
        return () => 0;
    }
  });
  return (a, b) => {
    for (const part of parts) {
      const c = part(a, b);
      if (c !== 0) return c;
    }
    return a.f.id - b.f.id;
  };
}

/**
 * The default order (severity, then id) without a comparison sort: five buckets filled in id order.
 * It is the first request's order, so at 100,000 findings this is most of the first page's time saved.
 */
function bySeverity(entries: readonly Entry[], ordering: "severity" | "-severity"): Entry[] {
  const byId = entries.every((e, i) => i === 0 || (entries[i - 1] as Entry).f.id < e.f.id)
    ? entries
    : [...entries].sort((a, b) => a.f.id - b.f.id);
  const buckets: Entry[][] = [[], [], [], [], []];
  for (const e of byId) (buckets[e.d.severityRank] as Entry[]).push(e);
  if (ordering === "-severity") buckets.reverse();
  return buckets.flat();
}

/** Every finding in `ordering`; orders that read no status are sorted once per data set. */
function ordered(index: DerivedIndex, ordering: string): Entry[] {
  if (/(^|,)-?status(,|$)/.test(ordering)) return [...index.entries].sort(comparator(ordering));
  let rows = index.sorted.get(ordering);
  if (!rows) {
    rows = ordering === "severity" || ordering === "-severity" ? bySeverity(index.entries, ordering) : undefined;
    rows ??= [...index.entries].sort(comparator(ordering));
    index.sorted.set(ordering, rows);
  }
  return rows;
}

/** A finding's value of one ordering key, as static mode's cursors carry it (times as epoch ms). */
function sortValue(f: DbFinding, d: Derived | undefined, key: OrderingKey): CursorValue {
  if (!d) return null;
  switch (key) {
    case "severity":
      return d.severityRank;
    case "status":
      return STATUS_RANK[f.status];
    case "name":
      return d.nameKey;
    case "host":
      return d.host?.toLowerCase() ?? null;
    case "cvss_score":
      return d.cvss;
    case "last_seen":
      return d.lastSeenMs;
    default:
      return null;
  }
}

const TEXT_KEYS: ReadonlySet<string> = new Set(["name", "host"]);

/** A finding's sort values under `ordering` (one per key). */
export function sortValues(db: Db, f: DbFinding, ordering: string): CursorValue[] {
  const d = derivedOf(db).byId.get(f.id);
  return ordering.split(",").map((raw) => sortValue(f, d, raw.replace(/^-/, "") as OrderingKey));
}

/** Whether a cursor's values have the ordering keys' types (text for name and host, numbers otherwise). */
export function cursorValuesFit(ordering: string, values: readonly CursorValue[]): boolean {
  const keys = ordering.split(",");
  return (
    values.length === keys.length &&
    values.every(
      (v, i) => v === null || typeof v === (TEXT_KEYS.has((keys[i] as string).replace(/^-/, "")) ? "string" : "number"),
    )
  );
}

/** Where a finding stands against a cursor's row in `ordering`: negative before it, positive after. */
export function compareWithCursor(
  db: Db,
  f: DbFinding,
  ordering: string,
  at: { keys: readonly CursorValue[]; id: number },
): number {
  const values = sortValues(db, f, ordering);
  const keys = ordering.split(",");
  for (let i = 0; i < keys.length; i++) {
    const c = nullable(values[i] ?? null, at.keys[i] ?? null, (keys[i] as string).startsWith("-") ? -1 : 1);
    if (c !== 0) return c;
  }
  return f.id - at.id;
}

const DAY_MS = 86_400_000;
/** `first_seen_before=2026-11-20` includes the whole of that day (UTC). */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayEnd = (day: string) => dayStart(day) + DAY_MS - 1;

/** The findings `viewer` may see that match `query`, in its ordering (the index's, its export's and bulk's set). */
export function selectFindings(db: Db, viewer: Viewer, query: FindingQuery): DbFinding[] {
  const index = derivedOf(db);
  const company = isStaff(viewer.user) ? (query.company ?? null) : (viewer.user.company_id ?? -1);
  const areas = query.area?.length ? new Set(query.area) : null;
  const statuses = query.status?.length ? new Set(query.status) : null;
  const changes = query.change?.length ? new Set<FindingChange | null>(query.change) : null;
  const severities = query.severity?.length ? new Set(query.severity.map((s) => SEVERITY_RANK[s])) : null;
  const needle = query.search?.trim().toLowerCase() || null;
  const fsAfter = query.first_seen_after ? dayStart(query.first_seen_after) : null;
  const fsBefore = query.first_seen_before ? dayEnd(query.first_seen_before) : null;
  const lsAfter = query.last_seen_after ? dayStart(query.last_seen_after) : null;
  const lsBefore = query.last_seen_before ? dayEnd(query.last_seen_before) : null;

  const assignee = query.assignee === "unassigned" ? null : query.assignee === "me" ? viewer.user.id : query.assignee;
  const out: DbFinding[] = [];
  for (const { f, d } of ordered(index, query.ordering ?? DEFAULT_ORDERING)) {
    if (company !== null && f.company_id !== company) continue;
    if (areas && !areas.has(f.area)) continue;
    if (statuses && !statuses.has(f.status)) continue;
    if (severities && !severities.has(d.severityRank)) continue;
    if (changes && !changes.has(d.change)) continue;
    if (query.product !== undefined && d.productId !== query.product) continue;
    if (query.scan !== undefined && d.scanId !== query.scan) continue;
    if (query.scan_endpoint !== undefined && d.location.scan_endpoint !== query.scan_endpoint) continue;
    if (query.threat_endpoint !== undefined && d.location.threat_endpoint !== query.threat_endpoint) continue;
    if (needle && !d.haystack.includes(needle)) continue;
    if (fsAfter !== null && d.firstSeenMs < fsAfter) continue;
    if (fsBefore !== null && d.firstSeenMs > fsBefore) continue;
    if (lsAfter !== null && d.lastSeenMs < lsAfter) continue;
    if (lsBefore !== null && d.lastSeenMs > lsBefore) continue;
    if (assignee !== undefined && (f.assignee_id ?? null) !== assignee) continue;
    if (query.overdue !== undefined) {
      const due = dueOf(db, f, template(f).severity, d.firstSeen);
      if (isOverdue(f, due) !== query.overdue) continue;
    }
    out.push(f);
  }
  return out;
}

/** The index's wire row of one finding. */
export function toIndexItem(db: Db, finding: DbFinding): FindingIndexItem {
  const d = derivedOf(db).byId.get(finding.id);
  return {
    ...findingBody(db, finding),
    area: WIRE_AREA[finding.area],
    area_display: AREA_LABEL[finding.area],
    company: companyRef(db, finding.company_id),
    product: d?.productId ? productRef(db, d.productId) : null,
    first_seen: d?.firstSeen ?? finding.created_at,
    last_seen: d?.lastSeen ?? finding.created_at,
    change: d?.change ?? null,
    version: finding.version,
    location: d?.location ?? {
      scan: finding.parent_id,
      configuration: null,
      application: null,
      scan_endpoint: null,
      threat_endpoint: null,
      target: "",
    },
  };
}
