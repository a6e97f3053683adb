import { createHash } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { vulnCatalogue } from "@sentinel/api-client/mocks/dataset";
import { createRng, hashSeed } from "@sentinel/api-client/mocks/prng";
import type { CODE_VULNS, VulnTemplate } from "@sentinel/api-client/mocks/vulns";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { ARGON2_OPTIONS } from "../auth/passwords.ts";
import type { Db } from "../db/pool.ts";
import { toolFingerprint } from "../scanning/formats/fingerprint.ts";
import { resetSequences } from "./load.ts";

/**
 * The large server dataset (issue 30): many companies' findings from several completed weekly scans
 * of each target, matched across scans as the scan stores match them (NEW, UNCHANGED carrying the
 * triage, REOPENED after a MITIGATED, MITIGATED when a scan no longer finds it), with people's status
 * changes between scans. Deterministic: the same options give the same rows, byte for byte.
 *
 * The generator writes rows as COPY text, one company at a time, so memory stays at one company's
 * rows whatever the total.
 */

export interface LargeOptions {
  companies: number;
  findings: number;
  seed: string;
  /** Completed scans per target, oldest first. */
  scansPerTarget: number;
}

export const LARGE_DEFAULTS: LargeOptions = {
  companies: 20,
  findings: 1_000_000,
  seed: "sentinel-large",
  scansPerTarget: 4,
};

/** Every generated account's password; the staff accounts below sign in with it. */
export const LARGE_PASSWORD = "demo";
export const LARGE_SUPER_ADMIN = "super@large.example";
export const LARGE_ANALYST = "analyst@large.example";
/** Company n's (1-based) client admin. */
export const largeClientAdmin = (n: number) => `admin@company-${String(n).padStart(2, "0")}.example`;

type Area = "network" | "sourcecode" | "web";
type Status = "ACTIVE" | "FIXING" | "MITIGATED" | "TOLERATED" | "FALSE_POSITIVE";
type Change = "NEW" | "UNCHANGED" | "REOPENED";

/** Variants of each catalogue entry, so a target has enough distinct checks for its findings. */
const VARIANTS = 12;
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The newest scans ended the day before this (static mode's fixed "now"). */
const NOW = Date.parse("2026-11-21T12:00:00Z");

/** Where one table's rows go: a COPY of the given columns, as COPY text lines. */
export interface TableRows {
  table: string;
  columns: readonly string[];
  lines: string[];
}

/** COPY text: tab-separated, `\N` for null, backslash escapes. */
const SPECIAL = /[\\\t\n\r]/;
function field(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value === "number") return String(value);
  if (typeof value === "string" && !SPECIAL.test(value)) return value;
  if (Array.isArray(value)) {
    return field(`{${value.map((v) => `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`);
  }
  const text = typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"));
}
const line = (values: readonly unknown[]) => `${values.map(field).join("\t")}\n`;
const isoCache = new Map<number, string>();
/** Timestamps repeat (every finding of a scan shares its end), so each is formatted once. */
const iso = (ms: number) => {
  let text = isoCache.get(ms);
  if (text === undefined) {
    if (isoCache.size > 100_000) isoCache.clear();
    text = new Date(ms).toISOString();
    isoCache.set(ms, text);
  }
  return text;
};

interface Vuln {
  id: number;
  area: Area;
  name: string;
  severity: string;
  cve: string | null;
  cwe: string | null;
  component: string | null;
  cvss: number | null;
  line: number | null;
}

const PORTS = [443, 8443, 22, 80, 8080, 3389, 25, 587, 5432, 3306, 6379, 9200];
const PATHS = [
  "api",
  "login",
  "account",
  "search",
  "admin",
  "checkout",
  "upload",
  "reports",
  "export",
  "orders",
  "cart",
  "help",
];
const MODULES = [
  "core",
  "billing",
  "auth",
  "orders",
  "search",
  "reports",
  "admin",
  "api",
  "jobs",
  "mail",
  "files",
  "users",
];

/** The catalogues of the demo data, each entry in VARIANTS places (a port, a path, a module). */
function catalogue(): { rows: TableRows; byArea: Record<Area, Vuln[]> } {
  const rows: TableRows = {
    table: "vulnerabilities",
    columns: [
      "id",
      "area",
      "name",
      "severity",
      "description",
      "summary",
      "insight",
      "impact",
      "affected",
      "mitigation",
      "cvss2",
      "cvss2_score",
      "cvss3",
      "cvss3_score",
      "cwe",
      "cve",
      "references",
      "port",
      "protocol",
      "qod",
      "sourcecode_finding_type",
      "component",
      "line",
      "evidence",
      "code_snippets",
      "rule_examples",
    ],
    lines: [],
  };
  const byArea: Record<Area, Vuln[]> = { network: [], sourcecode: [], web: [] };
  let id = 0;
  for (const area of ["network", "sourcecode", "web"] as const) {
    const templates = vulnCatalogue(area) as readonly VulnTemplate[];
    for (let v = 0; v < VARIANTS; v++) {
      for (const t of templates) {
        id++;
        const code = t as Partial<(typeof CODE_VULNS)[number]>;
        const port = area === "network" ? String(PORTS[v]) : t.port === null ? null : String(t.port);
        const name =
          v === 0
            ? t.name
            : area === "network"
              ? `${t.name} (port ${port})`
              : area === "web"
                ? `${t.name} in /${PATHS[v]}`
                : `${t.name} in ${MODULES[v]}`;
        const component = code.component ? (v === 0 ? code.component : `${MODULES[v]}/${code.component}`) : null;
        const lineNo = code.line ?? null;
        rows.lines.push(
          line([
            id,
            area,
            name,
            t.severity,
            t.description,
            t.summary,
            t.insight,
            t.impact,
            t.affected,
            t.mitigation,
            t.cvss2,
            t.cvss2_score,
            t.cvss3,
            t.cvss3_score,
            t.cwe,
            t.cve,
            t.references,
            port,
            t.protocol,
            t.qod,
            code.sourcecode_finding_type ?? null,
            component,
            lineNo,
            code.evidence ?? null,
            code.code_snippets ?? [],
            code.rule_examples ?? [],
          ]),
        );
        byArea[area].push({
          id,
          area,
          name,
          severity: t.severity,
          cve: t.cve,
          cwe: t.cwe,
          component,
          cvss: t.cvss3_score ?? t.cvss2_score ?? null,
          line: lineNo,
        });
      }
    }
  }
  return { rows, byArea };
}

const COMPANY_WORDS = [
  ["Northwind", "Harbor", "Summit", "Cobalt", "Juniper", "Granite", "Lumen", "Meridian", "Aurora", "Cedar"],
  ["Logistics", "Health", "Energy", "Retail", "Finance", "Foods", "Telecom", "Insurance", "Media", "Labs"],
];
const FIRST = ["Ana", "Ben", "Chloe", "Dev", "Elif", "Farid", "Grace", "Hugo", "Ines", "Jonas", "Kira", "Liam"];
const LAST = ["Novak", "Okafor", "Petrov", "Quinn", "Rossi", "Sato", "Tan", "Uddin", "Varga", "Weber", "Xu", "Young"];

/** What the generator produced, for the log line and the tests. */
export interface LargeSummary {
  companies: number;
  users: number;
  findings: number;
  findingLogs: number;
  scans: number;
  changes: Record<Change, number>;
  /** sha256 of every generated row, in order: the same options give the same hash. */
  hash: string;
}

/** Ids of every table, continued across companies. */
class Ids {
  private next = new Map<string, number>();
  take(table: string): number {
    const id = (this.next.get(table) ?? 0) + 1;
    this.next.set(table, id);
    return id;
  }
}

interface Slot {
  vuln: Vuln;
  fingerprint: string;
  /** The slot's latest finding, if any scan found it. */
  latest: FindingRow | null;
}

interface FindingRow {
  id: number;
  companyId: number;
  area: Area;
  vuln: Vuln;
  parentId: number;
  status: Status;
  version: number;
  hostId: number | null;
  host: string | null;
  assetId: number;
  branch: string | null;
  line: number | null;
  createdAt: number;
  updatedAt: number;
  scanId: number;
  productId: number;
  configurationId: number | null;
  applicationId: number | null;
  scanEndpointId: number | null;
  targetKey: string;
  locationTarget: string;
  sortHost: string | null;
  /** The host `search` looks in: the finding's host, or a web application's URL host. */
  searchHost: string | null;
  fingerprint: string;
  change: Change;
  previousId: number | null;
  assigneeId: number | null;
  engine: string;
}

const FINDING_COLUMNS = [
  "id",
  "company_id",
  "area",
  "vulnerability_id",
  "name",
  "severity",
  "parent_id",
  "status",
  "version",
  "host_id",
  "host",
  "asset_id",
  "branch",
  "line",
  "created_at",
  "updated_at",
  "scan_id",
  "product_id",
  "configuration_id",
  "application_id",
  "scan_endpoint_id",
  "threat_endpoint_id",
  "target_key",
  "location_target",
  "sort_host",
  "cvss",
  "search_text",
  "fingerprint",
  "change",
  "previous_id",
  "assignee_id",
  "engine",
] as const;

/** The placement columns as the findings_place trigger (migration 0060) computes them. */
function findingLine(f: FindingRow): string {
  const v = f.vuln;
  const search = [
    v.name || null,
    v.cve || null,
    v.cwe || null,
    f.area === "sourcecode" ? v.component || null : null,
    f.searchHost,
  ]
    .filter((part) => part !== null)
    .join("\n")
    .toLowerCase();
  return line([
    f.id,
    f.companyId,
    f.area,
    v.id,
    v.name,
    v.severity,
    f.parentId,
    f.status,
    f.version,
    f.hostId,
    f.host,
    f.assetId,
    f.branch,
    f.line,
    iso(f.createdAt),
    iso(f.updatedAt),
    f.scanId,
    f.productId,
    f.configurationId,
    f.applicationId,
    f.scanEndpointId,
    null,
    f.targetKey,
    f.locationTarget,
    f.sortHost,
    v.cvss,
    search,
    f.fingerprint,
    f.change,
    f.previousId,
    f.assigneeId,
    f.engine,
  ]);
}

const LOG_COLUMNS = [
  "id",
  "company_id",
  "finding_id",
  "old_status",
  "new_status",
  "message",
  "modified_by",
  "created_at",
] as const;

/** People's changes between scans: from ACTIVE (or FIXING) to another status, with how likely each is. */
const TRIAGE: ReadonlyArray<[Status, number, string]> = [
  ["FIXING", 0.12, "Update to fixing"],
  ["TOLERATED", 0.04, "Update to tolerated"],
  ["FALSE_POSITIVE", 0.03, "Update to false positive"],
  ["MITIGATED", 0.04, "Update to mitigated"],
];

interface Target {
  area: Area;
  productId: number;
  assetId: number;
  /** Network: the configuration; web and source code: the application. */
  ownerId: number;
  endpointId: number | null;
  host: string | null;
  /** Web: the URL's host; source code: the repository name. */
  label: string;
  slots: Slot[];
}

/**
 * Generates the dataset, handing each company's tables to `sink` in foreign-key order. `passwordHash`
 * is every account's (argon2 salts it, so the caller hashes once and the rows stay deterministic).
 */
/** A scan's counts of its findings per severity, in SEVERITY_COLUMNS' order. */
const severityCounts = () => ({ HIGH: 0, MEDIUM: 0, LOW: 0, INFO: 0, LOG: 0 });
const SEVERITY_COLUMNS = ["finding_high", "finding_medium", "finding_low", "finding_info", "finding_log"];

export async function generateLarge(
  options: LargeOptions,
  passwordHash: string,
  sink: (rows: TableRows) => Promise<void>,
): Promise<LargeSummary> {
  const digest = createHash("sha256");
  const emit = async (rows: TableRows) => {
    if (rows.lines.length === 0) return;
    digest.update(`${rows.table}\n`);
    digest.update(rows.lines.join(""));
    await sink(rows);
  };
  const ids = new Ids();
  const summary: LargeSummary = {
    companies: options.companies,
    users: 0,
    findings: 0,
    findingLogs: 0,
    scans: 0,
    changes: { NEW: 0, UNCHANGED: 0, REOPENED: 0 },
    hash: "",
  };
  const created = iso(NOW - 400 * DAY);
  const { rows: vulnRows, byArea } = catalogue();
  await emit(vulnRows);

  // Staff: they see every company.
  const userColumns = [
    "id",
    "company_id",
    "first_name",
    "last_name",
    "username",
    "email",
    "password_hash",
    "role",
    "is_superuser",
    "is_active",
    "two_fa",
    "created_at",
    "updated_at",
  ];
  const staffLines: string[] = [];
  const staff: number[] = [];
  for (const [email, role, first, last] of [
    [LARGE_SUPER_ADMIN, "SUPER_ADMIN", "Sam", "Super"],
    [LARGE_ANALYST, "ANALYST", "Ada", "Analyst"],
  ] as const) {
    const id = ids.take("users");
    staff.push(id);
    staffLines.push(
      line([
        id,
        null,
        first,
        last,
        email.split("@")[0],
        email,
        passwordHash,
        role,
        role === "SUPER_ADMIN",
        true,
        "INACTIVE",
        created,
        created,
      ]),
    );
  }
  summary.users += staff.length;

  const perCompany = Math.floor(options.findings / options.companies);
  for (let c = 0; c < options.companies; c++) {
    const rng = createRng(hashSeed(`${options.seed}:${c}`));
    const companyId = ids.take("companies");
    const n = c + 1;
    const slug = `company-${String(n).padStart(2, "0")}`;
    const words = COMPANY_WORDS as [string[], string[]];
    const name = `${words[0][c % 10]} ${words[1][Math.floor(c / 10) % 10]}${c >= 100 ? ` ${Math.floor(c / 100)}` : ""}`;
    await emit({
      table: "companies",
      columns: ["id", "name", "email", "domain", "description", "created_at", "updated_at"],
      lines: [line([companyId, name, `security@${slug}.example`, `${slug}.example`, null, created, created])],
    });

    const users: TableRows = { table: "users", columns: userColumns, lines: c === 0 ? staffLines : [] };
    const members: number[] = [];
    for (let u = 0; u < 5; u++) {
      const id = ids.take("users");
      members.push(id);
      const first = FIRST[(c + u) % FIRST.length] as string;
      const last = LAST[(c * 3 + u) % LAST.length] as string;
      const email = u === 0 ? largeClientAdmin(n) : `${first.toLowerCase()}.${last.toLowerCase()}${u}@${slug}.example`;
      users.lines.push(
        line([
          id,
          companyId,
          first,
          last,
          email.split("@")[0],
          email,
          passwordHash,
          u === 0 ? "CLIENT_ADMIN" : "CLIENT",
          false,
          true,
          "INACTIVE",
          created,
          created,
        ]),
      );
    }
    summary.users += members.length;
    await emit(users);
    const actors = [...members, ...staff];

    const products: TableRows = {
      table: "products",
      columns: ["id", "company_id", "name", "created_at", "updated_at"],
      lines: [],
    };
    const productOf: Record<Area, number> = { network: 0, web: 0, sourcecode: 0 };
    for (const [area, label] of [
      ["network", "Office Network"],
      ["web", "Customer Portal"],
      ["sourcecode", "Platform Code"],
    ] as const) {
      productOf[area] = ids.take("products");
      products.lines.push(line([productOf[area], companyId, label, created, created]));
    }
    await emit(products);

    // Targets: 60 % network endpoints, 20 % web applications, 20 % repositories; about 62 findings
    // per target and scan.
    const targetCount = Math.max(3, Math.round(perCompany / (options.scansPerTarget * 62.5)));
    const webCount = Math.max(1, Math.round(targetCount * 0.2));
    const sourceCount = Math.max(1, Math.round(targetCount * 0.2));
    const networkCount = Math.max(1, targetCount - webCount - sourceCount);
    const targets: Target[] = [];

    // Network: one range asset, one weekly configuration over all its endpoints.
    const networkAssetId = ids.take("network_assets");
    const configId = ids.take("network_configs");
    const net = (i: number) => `10.${20 + c}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    const endpoints: TableRows = {
      table: "network_endpoints",
      columns: ["id", "company_id", "asset_id", "host"],
      lines: [],
    };
    const networkTargets: TableRows = {
      table: "network_targets",
      columns: ["id", "company_id", "config_id", "target_type", "asset_id", "endpoint_id", "created_at", "updated_at"],
      lines: [],
    };
    for (let i = 0; i < networkCount; i++) {
      const endpointId = ids.take("network_endpoints");
      endpoints.lines.push(line([endpointId, companyId, networkAssetId, net(i)]));
      networkTargets.lines.push(
        line([
          ids.take("network_targets"),
          companyId,
          configId,
          "IP_RANGE",
          networkAssetId,
          endpointId,
          created,
          created,
        ]),
      );
      targets.push({
        area: "network",
        productId: productOf.network,
        assetId: networkAssetId,
        ownerId: configId,
        endpointId,
        host: net(i),
        label: net(i),
        slots: [],
      });
    }
    await emit({
      table: "network_assets",
      columns: ["id", "company_id", "product_id", "target", "kind", "last_scanned", "created_at"],
      lines: [
        line([
          networkAssetId,
          companyId,
          productOf.network,
          `${net(0)}-${net(networkCount - 1)}`,
          "IP_RANGE",
          iso(NOW - DAY),
          created,
        ]),
      ],
    });
    await emit(endpoints);
    await emit({
      table: "network_configs",
      columns: [
        "id",
        "company_id",
        "product_id",
        "schedulle_type",
        "frequency_type",
        "target_type",
        "created_at",
        "updated_at",
      ],
      lines: [
        line([configId, companyId, productOf.network, "AUTOMATIC_SCHEDULLE", "WEEKLY", "IP_RANGE", created, created]),
      ],
    });
    await emit(networkTargets);

    const webAssets: TableRows = {
      table: "web_assets",
      columns: ["id", "company_id", "product_id", "application_name", "url", "created_at"],
      lines: [],
    };
    const webApps: TableRows = {
      table: "web_apps",
      columns: ["id", "company_id", "asset_id", "created_at"],
      lines: [],
    };
    for (let i = 0; i < webCount; i++) {
      const assetId = ids.take("web_assets");
      const appId = ids.take("web_apps");
      const host = `app${i + 1}.${slug}.example`;
      webAssets.lines.push(line([assetId, companyId, productOf.web, `Portal ${i + 1}`, `https://${host}/`, created]));
      webApps.lines.push(line([appId, companyId, assetId, created]));
      targets.push({
        area: "web",
        productId: productOf.web,
        assetId,
        ownerId: appId,
        endpointId: null,
        host,
        label: `Portal ${i + 1}`,
        slots: [],
      });
    }
    await emit(webAssets);
    await emit(webApps);

    const sourceAssets: TableRows = {
      table: "source_assets",
      columns: [
        "id",
        "company_id",
        "product_id",
        "git_provider",
        "repository_name",
        "username",
        "branches",
        "created_at",
      ],
      lines: [],
    };
    const sourceApps: TableRows = {
      table: "source_apps",
      columns: ["id", "company_id", "asset_id", "created_at"],
      lines: [],
    };
    for (let i = 0; i < sourceCount; i++) {
      const assetId = ids.take("source_assets");
      const appId = ids.take("source_apps");
      const repo = `${slug}/service-${i + 1}`;
      sourceAssets.lines.push(
        line([assetId, companyId, productOf.sourcecode, "GITHUB", repo, slug, ["main"], created]),
      );
      sourceApps.lines.push(line([appId, companyId, assetId, created]));
      targets.push({
        area: "sourcecode",
        productId: productOf.sourcecode,
        assetId,
        ownerId: appId,
        endpointId: null,
        host: null,
        label: repo,
        slots: [],
      });
    }
    await emit(sourceAssets);
    await emit(sourceApps);

    // Each target's checks: distinct catalogue entries, about 25 % more than one scan finds.
    const scansTotal = targets.length * options.scansPerTarget;
    const quota = (t: number, s: number) => {
      const k = t * options.scansPerTarget + s;
      return Math.floor(perCompany / scansTotal) + (k < perCompany % scansTotal ? 1 : 0);
    };
    const perScanMax = Math.ceil(perCompany / scansTotal);
    for (const target of targets) {
      const list = byArea[target.area];
      const size = Math.min(list.length, Math.ceil(perScanMax * 1.25) + 1);
      if (size < perScanMax) throw new Error(`A target needs ${perScanMax} checks; the catalogue has ${list.length}`);
      for (const vuln of rng.sample(list, size)) {
        target.slots.push({
          vuln,
          fingerprint: toolFingerprint(
            `large-${target.area}`,
            vuln.id,
            target.area === "network" ? target.endpointId : target.ownerId,
          ),
          latest: null,
        });
      }
    }

    // The scans, oldest first: each target's scan s ran in week s, the newest the day before "now".
    const networkScans: TableRows = {
      table: "network_scans",
      columns: [
        "id",
        "company_id",
        "config_id",
        "status",
        "scan_time_id",
        "scan_time_schedulle",
        "schedulle_type",
        "start_time",
        "end_time",
        "progress",
        "completed_count",
        "created_at",
        "new_count",
        "unchanged_count",
        "reopened_count",
        "mitigated_count",
        ...SEVERITY_COLUMNS,
      ],
      lines: [],
    };
    const scanEndpoints: TableRows = {
      table: "scan_endpoints",
      columns: ["id", "company_id", "scan_id", "endpoint_id", "status", "created_at", "updated_at"],
      lines: [],
    };
    const webScans: TableRows = {
      table: "web_scans",
      columns: [
        "id",
        "company_id",
        "app_id",
        "status",
        "start_time",
        "end_time",
        "progress",
        "created_at",
        "new_count",
        "unchanged_count",
        "reopened_count",
        "mitigated_count",
        ...SEVERITY_COLUMNS,
      ],
      lines: [],
    };
    const sourceScans: TableRows = {
      table: "source_scans",
      columns: [
        "id",
        "company_id",
        "app_id",
        "branch",
        "status",
        "commit_sha",
        "start_time",
        "end_time",
        "created_at",
        "new_count",
        "unchanged_count",
        "reopened_count",
        "mitigated_count",
        ...SEVERITY_COLUMNS,
      ],
      lines: [],
    };
    const findings: FindingRow[] = [];
    const logs: string[] = [];
    const log = (f: FindingRow, from: Status | null, to: Status, message: string, by: number | null, at: number) => {
      logs.push(line([ids.take("finding_logs"), companyId, f.id, from, to, message, by, iso(at)]));
    };

    for (let s = 0; s < options.scansPerTarget; s++) {
      const start = NOW - (options.scansPerTarget - s) * 7 * DAY + 2 * HOUR;
      const end = start + 3 * HOUR;
      const networkScanId = ids.take("network_scans");
      const networkCounts = { NEW: 0, UNCHANGED: 0, REOPENED: 0, mitigated: 0 };
      const networkSeverities = severityCounts();
      for (const [t, target] of targets.entries()) {
        // Lets the previous company's COPY go on while this one is generated.
        await new Promise((resolve) => setImmediate(resolve));
        const counts = { NEW: 0, UNCHANGED: 0, REOPENED: 0, mitigated: 0 };
        // Findings per severity, as the store counts them on the scan row (migration 0300).
        const severities = target.area === "network" ? networkSeverities : severityCounts();
        let scanId: number;
        let parentId: number;
        let scanEndpointId: number | null = null;
        let engine: string;
        if (target.area === "network") {
          scanId = networkScanId;
          scanEndpointId = ids.take("scan_endpoints");
          parentId = scanEndpointId;
          engine = "nmap";
          scanEndpoints.lines.push(
            line([scanEndpointId, companyId, scanId, target.endpointId, "COMPLETED", iso(start), iso(end)]),
          );
        } else {
          scanId = ids.take(target.area === "web" ? "web_scans" : "source_scans");
          parentId = scanId;
          engine = target.area === "web" ? "wapiti" : "semgrep";
        }
        const found = new Set(rng.sample(target.slots, quota(t, s)));
        for (const slot of target.slots) {
          const prior = slot.latest;
          if (!found.has(slot)) {
            // Not found by this scan, which ran the same engine: an open finding of the previous scan
            // is mitigated by the system.
            if (prior && prior.scanId !== scanId && (prior.status === "ACTIVE" || prior.status === "FIXING") && s > 0) {
              const wasInPrevious = prior.createdAt >= start - 7 * DAY;
              if (wasInPrevious) {
                log(
                  prior,
                  prior.status,
                  "MITIGATED",
                  `Not found by scan #${scanId}, which ran the same engine (${engine}).`,
                  null,
                  end,
                );
                prior.status = "MITIGATED";
                prior.version++;
                prior.updatedAt = end;
                counts.mitigated++;
              }
            }
            continue;
          }
          const change: Change = !prior ? "NEW" : prior.status === "MITIGATED" ? "REOPENED" : "UNCHANGED";
          const status: Status = !prior || prior.status === "MITIGATED" ? "ACTIVE" : prior.status;
          const host = target.area === "network" ? target.host : target.area === "web" ? target.host : null;
          const f: FindingRow = {
            id: ids.take("findings"),
            companyId,
            area: target.area,
            vuln: slot.vuln,
            parentId,
            status,
            version: 1,
            hostId: target.area === "network" ? scanEndpointId : null,
            host,
            assetId: target.assetId,
            branch: target.area === "sourcecode" ? "main" : null,
            line: target.area === "sourcecode" ? slot.vuln.line : null,
            createdAt: end,
            updatedAt: end,
            scanId,
            productId: target.productId,
            configurationId: target.area === "network" ? target.ownerId : null,
            applicationId: target.area === "network" ? null : target.ownerId,
            scanEndpointId,
            targetKey:
              target.area === "network"
                ? `n:${target.ownerId}:${target.endpointId}`
                : target.area === "web"
                  ? `w:${target.ownerId}`
                  : `s:${target.ownerId}:main`,
            locationTarget: target.area === "network" ? (target.host ?? "") : target.label,
            sortHost: target.area === "sourcecode" ? null : (target.host?.toLowerCase() ?? null),
            searchHost: target.area === "sourcecode" ? null : target.host,
            fingerprint: slot.fingerprint,
            change,
            previousId: prior?.id ?? null,
            assigneeId: prior?.assigneeId ?? null,
            engine,
          };
          log(f, null, status, "Finished scan by system", null, end);
          counts[change]++;
          severities[slot.vuln.severity as keyof typeof severities]++;
          summary.changes[change]++;
          slot.latest = f;
          findings.push(f);
        }
        if (target.area === "network") {
          networkCounts.NEW += counts.NEW;
          networkCounts.UNCHANGED += counts.UNCHANGED;
          networkCounts.REOPENED += counts.REOPENED;
          networkCounts.mitigated += counts.mitigated;
        } else if (target.area === "web") {
          webScans.lines.push(
            line([
              scanId,
              companyId,
              target.ownerId,
              "COMPLETED",
              iso(start),
              iso(end),
              100,
              iso(start),
              counts.NEW,
              counts.UNCHANGED,
              counts.REOPENED,
              counts.mitigated,
              ...Object.values(severities),
            ]),
          );
        } else {
          sourceScans.lines.push(
            line([
              scanId,
              companyId,
              target.ownerId,
              "main",
              "DONE",
              rng.code(40, "0123456789abcdef"),
              iso(start),
              iso(end),
              iso(start),
              counts.NEW,
              counts.UNCHANGED,
              counts.REOPENED,
              counts.mitigated,
              ...Object.values(severities),
            ]),
          );
        }
        // People triage the open findings of this scan during the following week.
        for (const slot of target.slots) {
          const f = slot.latest;
          if (!f || f.scanId !== scanId) continue;
          if (f.assigneeId === null && rng.chance(0.25)) f.assigneeId = rng.pick(actors);
          if (f.status !== "ACTIVE" && f.status !== "FIXING") continue;
          let r = rng.next();
          for (const [to, p, message] of TRIAGE) {
            if (r < p && to !== f.status) {
              const at = end + rng.int(2, 120) * HOUR;
              log(f, f.status, to, message, rng.pick(actors), at);
              f.status = to;
              f.version++;
              f.updatedAt = at;
              break;
            }
            r -= p;
          }
        }
      }
      networkScans.lines.push(
        line([
          networkScanId,
          companyId,
          configId,
          "COMPLETED",
          s + 1,
          iso(start),
          "AUTOMATIC_SCHEDULLE",
          iso(start),
          iso(end),
          100,
          networkCount,
          iso(start),
          networkCounts.NEW,
          networkCounts.UNCHANGED,
          networkCounts.REOPENED,
          networkCounts.mitigated,
          ...Object.values(networkSeverities),
        ]),
      );
    }
    summary.scans += networkScans.lines.length + webScans.lines.length + sourceScans.lines.length;
    await emit(networkScans);
    await emit(scanEndpoints);
    await emit(webScans);
    await emit(sourceScans);
    // Ids in creation order within a target; the table's order is the id's.
    findings.sort((a, b) => a.id - b.id);
    summary.findings += findings.length;
    summary.findingLogs += logs.length;
    await emit({ table: "findings", columns: FINDING_COLUMNS, lines: findings.map(findingLine) });
    await emit({ table: "finding_logs", columns: LOG_COLUMNS, lines: logs });
  }
  summary.hash = digest.digest("hex");
  return summary;
}

/** Writes one table's rows with COPY … FROM STDIN on `client`, about a megabyte per write. */
export async function copyRows(client: pg.PoolClient | pg.Client, rows: TableRows): Promise<void> {
  const columns = rows.columns.map((c) => `"${c}"`).join(", ");
  const stream = client.query(copyFrom(`copy ${rows.table} (${columns}) from stdin`));
  const done = new Promise<void>((resolve, reject) => {
    stream.on("finish", resolve);
    stream.on("error", reject);
  });
  let chunk = "";
  for (const l of rows.lines) {
    chunk += l;
    if (chunk.length >= 1 << 20) {
      if (!stream.write(chunk)) await new Promise((r) => stream.once("drain", r));
      chunk = "";
    }
  }
  stream.end(chunk);
  await done;
}

/**
 * Loads the large dataset into an empty database in one transaction, each table of each company with
 * one COPY; a database that has companies is left alone (answers null). The placement columns that the
 * findings trigger would fill are written by the generator (the same values; the server test checks
 * them against the trigger), so the trigger is off for the load: 1,000,000 calls of it cost more than
 * the rest of the load together.
 */
export async function seedLarge(
  db: Db,
  pool: pg.Pool,
  options: LargeOptions = LARGE_DEFAULTS,
): Promise<{ summary: LargeSummary; ms: number } | null> {
  const started = performance.now();
  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query("select pg_advisory_xact_lock(74251002)");
    const existing = await client.query<{ n: number }>("select count(*)::int as n from companies");
    if ((existing.rows[0]?.n ?? 0) > 0) {
      await client.query("rollback");
      return null;
    }
    await client.query("alter table findings disable trigger findings_place");
    // The index's counts (finding_counts, migration 0310) are summed once after the load: under the
    // replica role below no trigger fires, and a grouped insert over the loaded rows is one statement.
    await client.query("alter table findings disable trigger finding_counts_insert");
    // So is the status order (finding_status_order, migration 0330), copied once from the loaded rows.
    await client.query("alter table findings disable trigger finding_status_order_insert");
    // As a superuser, foreign keys are checked once per constraint after the load (checkReferences)
    // instead of once per row, about 7 million lookups; another owner keeps the per-row checks.
    const superuser = (await client.query<{ on: string }>("show is_superuser")).rows[0]?.on === "on";
    if (superuser) await client.query("set local session_replication_role = replica");
    // The two large tables' secondary indexes are built once after the load rather than kept up to
    // date row by row (several times faster); dropped and created in this transaction, so nobody
    // sees the table without them.
    const indexes = await client.query<{ name: string; definition: string }>(
      `select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = 'public' and i.tablename in ('findings', 'finding_logs', 'finding_status_order')
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    );
    for (const index of indexes.rows) await client.query(`drop index "${index.name}"`);
    const passwordHash = await hash(LARGE_PASSWORD, ARGON2_OPTIONS);
    // One COPY at a time on the connection, queued in order; generating a company waits only for the
    // company two before it, so PostgreSQL loads one company while the next is generated.
    let queue = Promise.resolve();
    const companyLoaded: Promise<void>[] = [];
    const summary = await generateLarge(options, passwordHash, async (rows) => {
      if (rows.table === "companies") await companyLoaded[companyLoaded.length - 2];
      queue = queue.then(() => copyRows(client, rows));
      // A failed COPY is reported where the queue is awaited, not as an unhandled rejection.
      queue.catch(() => {});
      if (rows.table === "finding_logs") companyLoaded.push(queue);
    });
    await queue;
    await client.query(`insert into finding_status_order (id, company_id, status_rank)
      select id, company_id, status_rank from findings`);
    await client.query("set local maintenance_work_mem = '256MB'");
    for (const index of indexes.rows) await client.query(index.definition);
    if (superuser) {
      await client.query("set local session_replication_role = origin");
      await checkReferences(client, LOADED_TABLES);
    }
    await client.query("alter table findings enable trigger findings_place");
    await client.query(`insert into finding_counts (company_id, area, severity, status, n)
      select company_id, area, severity, status, count(*) from findings where scan_id is not null
       group by company_id, area, severity, status`);
    await client.query("alter table findings enable trigger finding_counts_insert");
    await client.query("alter table findings enable trigger finding_status_order_insert");
    await client.query("commit");
    // Identity columns continue after the generated ids; the planner learns the new sizes.
    await db.transaction().execute((tx) => resetSequences(tx));
    await client.query("analyze");
    return { summary, ms: performance.now() - started };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Every table the generator writes. */
const LOADED_TABLES = [
  "vulnerabilities",
  "companies",
  "users",
  "products",
  "network_assets",
  "network_endpoints",
  "network_configs",
  "network_targets",
  "web_assets",
  "web_apps",
  "source_assets",
  "source_apps",
  "network_scans",
  "scan_endpoints",
  "web_scans",
  "source_scans",
  "findings",
  "finding_logs",
];

/**
 * Checks every single-column foreign key of `tables` with one anti-join each, as the per-row checks
 * would have; throws (and so rolls the load back) on the first reference to a missing row.
 */
export async function checkReferences(client: pg.PoolClient | pg.Client, tables: readonly string[]): Promise<void> {
  const keys = await client.query<{ name: string; child: string; column: string; parent: string; key: string }>(
    `select c.conname as name, c.conrelid::regclass::text as child, a.attname as column,
            c.confrelid::regclass::text as parent, pa.attname as key
       from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
      where c.contype = 'f' and cardinality(c.conkey) = 1 and c.conrelid::regclass::text = any($1::text[])`,
    [tables],
  );
  for (const k of keys.rows) {
    const missing = await client.query<{ n: number }>(
      `select count(*)::int as n from "${k.child}" c
        where c."${k.column}" is not null
          and not exists (select 1 from "${k.parent}" p where p."${k.key}" = c."${k.column}")`,
    );
    const n = missing.rows[0]?.n ?? 0;
    if (n > 0) throw new Error(`${n} rows of ${k.child} break the foreign key ${k.name}`);
  }
}
