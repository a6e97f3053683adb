import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DAY, SEED_NOW } from "./clock.ts";
import type { Db } from "./db-types.ts";
import { selectFindings, toIndexItem } from "./findings/query.ts";
import { db, demoToken, selectDataset } from "./index.ts";
import { server } from "./node.ts";
import { buildSeed } from "./seed/build.ts";
import { DEMO_COMPANY_ID } from "./seed/context.ts";
import { hostileDb, vulnCatalogue } from "./seed/dataset.ts";
import { HOSTILE, SPOOFED_FILE_NAME } from "./seed/hostile.ts";
import { CODE_VULNS, NETWORK_VULNS, THREAT_VULNS, WEB_VULNS } from "./seed/vulns.ts";
import { domainReputations, endpointReputation, exposureConfig, template } from "./serialize.ts";
import { raw } from "./testing.ts";
import type { Viewer } from "./typed.ts";

type DashboardScan = { created_at: string; status: string; progress: number };

const seed: Db = buildSeed();
const catalogues = [NETWORK_VULNS, WEB_VULNS, CODE_VULNS, THREAT_VULNS];

/** Every string in a value, with the key it sits under. */
function* strings(value: unknown, key = ""): Generator<[string, string]> {
  if (typeof value === "string") yield [key, value];
  else if (Array.isArray(value)) for (const item of value) yield* strings(item, key);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) yield* strings(v, k);
}

/** What an attacker's text looks like: markup, script, `javascript:`, bidi controls, absurd tokens. */
function attackIn(text: string): string | null {
  if (/<\s*(script|img|svg|iframe|object)\b/i.test(text)) return "markup";
  if (/\bon[a-z]+\s*=/i.test(text)) return "an event handler";
  if (/javascript:/i.test(text)) return "a javascript: URL";
  if (/__xss/.test(text)) return "the XSS flag";
  if (/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/.test(text)) return "a bidi control";
  if (/\S{120,}/.test(text) && !/^https?:\/\//.test(text)) return "an unbreakable 120+ character token";
  if (/[\u0590-\u08FF]/.test(text)) return "right-to-left script";
  return null;
}

describe("the default dataset", () => {
  it("has no attack strings anywhere: data, finding texts and derived reputation results", () => {
    const derived = [
      ...seed.threatEndpoints.map((e) => endpointReputation(seed, e)),
      ...seed.threatScans.flatMap((s) => domainReputations(seed, s)),
    ];
    const found: string[] = [];
    for (const [key, text] of strings([seed, catalogues, derived])) {
      const attack = attackIn(text);
      if (attack) found.push(`${key}: ${attack} in ${JSON.stringify(text.slice(0, 80))}`);
    }
    expect(found).toEqual([]);
  });

  it("has no markup outside source code (the code snippets of a template finding may show HTML)", () => {
    const found: string[] = [];
    for (const [key, text] of strings([seed, catalogues])) {
      if (key === "code_snippets" || key === "evidence") continue;
      if (/<\/?[a-z][^>]*>/i.test(text)) found.push(`${key}: ${text}`);
    }
    expect(found).toEqual([]);
  });
});

describe("the hostile dataset", () => {
  const hostile = hostileDb(buildSeed());
  const KEPT = new Set([
    "area",
    "sender_type",
    "protocol",
    "email",
    "password",
    "invoice_code",
    "invoice_number",
    "paid_invoice",
    "ticket_id",
    "country_code",
    "url",
    "file",
    "key",
    "fingerprint",
    "username",
  ]);
  const scriptPayloads = [HOSTILE.img, HOSTILE.script, HOSTILE.svg, HOSTILE.jsUrl];
  const display = ([key, text]: [string, string]) =>
    !KEPT.has(key) && text !== "" && !/^\d{4}-\d{2}-\d{2}T/.test(text) && !/^[A-Z][A-Z0-9_]*$/.test(text);

  it("has a script payload in every display text of the data", () => {
    const plain = [...strings(hostile)]
      .filter(display)
      .filter(([, text]) => !scriptPayloads.some((p) => text.includes(p)));
    expect(plain).toEqual([]);
    expect([...strings(hostile)].filter(display).length).toBeGreaterThan(1000);
  });

  it("has a script payload in every finding text, and a javascript: reference on every finding", () => {
    selectDataset("hostile");
    try {
      for (const area of ["network", "web", "sourcecode", "threat"] as const) {
        for (const t of vulnCatalogue(area)) {
          // Severity, protocol and port ("general") are enum values, not text.
          for (const [key, text] of strings({ ...t, severity: "", protocol: "", port: "" })) {
            if (text === "" || /^[A-Z][A-Z0-9_]*$/.test(text)) continue;
            expect(
              scriptPayloads.some((p) => text.includes(p)),
              `${area} ${key}: ${text}`,
            ).toBe(true);
          }
          expect(t.references).toContain(HOSTILE.jsUrl);
        }
      }
    } finally {
      selectDataset("default");
    }
  });

  it("carries every payload, a spoofed file name and a javascript: attachment", () => {
    const text = JSON.stringify(hostile);
    for (const payload of Object.values(HOSTILE))
      expect(text.includes(JSON.stringify(payload).slice(1, -1))).toBe(true);
    const files = hostile.tickets.flatMap((t) => [...t.attachments, ...t.messages.flatMap((m) => m.attachments)]);
    expect(files.some((f) => f.file.endsWith(encodeURIComponent(SPOOFED_FILE_NAME)))).toBe(true);
    expect(files.some((f) => f.file === HOSTILE.jsUrl)).toBe(true);
  });

  it("has a reputation engine answering with a javascript: reference", () => {
    selectDataset("hostile");
    try {
      const engines = hostile.threatScans
        .flatMap((s) => domainReputations(hostile, s))
        .flatMap((d) => d.engine_domain_reputations);
      expect(engines.some((e) => e.reference === HOSTILE.jsUrl)).toBe(true);
    } finally {
      selectDataset("default");
    }
  });

  it("keeps the data's shape: same rows, same ids, sign-in e-mails unchanged", () => {
    for (const table of Object.keys(seed) as Array<keyof Db>) {
      const a = seed[table];
      const b = hostile[table];
      if (Array.isArray(a) && Array.isArray(b)) expect(b.map((r) => r.id)).toEqual(a.map((r) => r.id));
    }
    expect(hostile.users.map((u) => u.email)).toEqual(seed.users.map((u) => u.email));
    // The values handlers match on: a finding's area, a message's side, a service's protocol.
    expect(hostile.findings.map((f) => f.area)).toEqual(seed.findings.map((f) => f.area));
    const sides = (d: Db) => d.tickets.flatMap((t) => t.messages.map((m) => m.sender_type));
    expect(sides(hostile)).toEqual(sides(seed));
    const protocols = (d: Db) => d.scanEndpoints.flatMap((e) => e.services.map((x) => x.protocol));
    expect(protocols(hostile)).toEqual(protocols(seed));
  });
});

describe("the default dataset is consistent", () => {
  it("a network finding's port is one of its endpoint's services", () => {
    const wrong: string[] = [];
    for (const f of seed.findings.filter((f) => f.area === "network")) {
      const t = template(f);
      if (typeof t.port !== "number") continue;
      const se = seed.scanEndpoints.find((e) => e.id === f.parent_id);
      if (!se?.services.some((s) => s.port === t.port && s.protocol === t.protocol))
        wrong.push(`finding ${f.id}: ${t.port}/${t.protocol}`);
    }
    expect(wrong).toEqual([]);
  });

  it("a threat finding's port is one of its host's services", () => {
    const wrong: string[] = [];
    for (const f of seed.findings.filter((f) => f.area === "threat")) {
      const t = template(f);
      if (typeof t.port !== "number") continue;
      const endpoint = seed.threatEndpoints.find((e) => e.id === f.parent_id);
      const host = seed.exposureHosts.find((h) => h.id === endpoint?.host_id);
      if (!host?.services.some((s) => s.port === t.port && s.protocol === t.protocol))
        wrong.push(`finding ${f.id}: ${t.port}/${t.protocol}`);
    }
    expect(wrong).toEqual([]);
  });

  it("a code finding's snippet contains its affected line", () => {
    const wrong = seed.findings
      .filter((f) => f.area === "sourcecode")
      .filter((f) => {
        const t = CODE_VULNS[f.vuln];
        return !t?.code_snippets.some((line) => line.startsWith(`${f.line} |`));
      })
      .map((f) => f.id);
    expect(wrong).toEqual([]);
  });

  it("no finding appears twice in one scan", () => {
    const seen = new Set<string>();
    const twice: string[] = [];
    for (const f of seed.findings) {
      const key = `${f.area}:${f.parent_id}:${f.vuln}:${f.line ?? ""}`;
      if (seen.has(key)) twice.push(key);
      seen.add(key);
    }
    expect(twice).toEqual([]);
  });

  it("a scan's progress fits its status", () => {
    const scans = [
      ...seed.networkScans.map((s) => ({ kind: "network", ...s })),
      ...seed.threatScans.map((s) => ({ kind: "threat", ...s })),
    ];
    for (const s of scans) {
      if (s.status === "COMPLETED") expect(s.progress, `${s.kind} ${s.id}`).toBe(100);
      if (s.status === "PENDING" || s.status === "QUEUED") expect(s.progress, `${s.kind} ${s.id}`).toBe(0);
      if (s.status === "RUNNING") {
        expect(s.progress, `${s.kind} ${s.id}`).toBeGreaterThan(0);
        expect(s.progress, `${s.kind} ${s.id}`).toBeLessThan(100);
      }
    }
  });

  it("a queued or pending scan has no findings or results yet", () => {
    const notRun = (status: string) => status === "PENDING" || status === "QUEUED";
    const networkScans = new Set(seed.networkScans.filter((s) => notRun(s.status)).map((s) => s.id));
    const endpoints = new Set(seed.scanEndpoints.filter((e) => networkScans.has(e.scan_id)).map((e) => e.id));
    expect(seed.findings.filter((f) => f.area === "network" && endpoints.has(f.parent_id))).toEqual([]);
    const webScans = new Set(seed.webScans.filter((s) => notRun(s.status)).map((s) => s.id));
    expect(seed.findings.filter((f) => f.area === "web" && webScans.has(f.parent_id))).toEqual([]);
    const sourceScans = new Set(seed.sourceScans.filter((s) => s.status === "QUEUED").map((s) => s.id));
    expect(seed.findings.filter((f) => f.area === "sourcecode" && sourceScans.has(f.parent_id))).toEqual([]);
    const exposureScans = new Set(seed.exposureScans.filter((s) => notRun(s.status)).map((s) => s.id));
    expect(seed.exposureHosts.filter((h) => exposureScans.has(h.scan_id))).toEqual([]);
  });

  it("a scan says why it stopped exactly when it failed or was aborted, in every area", () => {
    const stopped = (status: string) => status === "FAILED" || status === "ABORTED";
    const areas = {
      network: seed.networkScans,
      exposure: seed.exposureScans,
      threat: seed.threatScans,
      web: seed.webScans,
      sourcecode: seed.sourceScans,
    };
    for (const [area, scans] of Object.entries(areas)) {
      const mismatched = scans.filter((s) => stopped(s.status) !== (s.failure_reason !== null));
      expect(mismatched.map((s) => `${area} #${s.id} ${s.status}`)).toEqual([]);
      // Each area shows the notice somewhere in the demo, so each has a stopped scan.
      expect(
        scans.some((s) => stopped(s.status)),
        area,
      ).toBe(true);
    }
  });

  it("an exposure target's status agrees with its latest scan, and the newest targets lead with a completed one", () => {
    // The latest scan is the one created last (highest id): a scan that has not started has no start time.
    const latestScan = (configId: number) =>
      seed.exposureScans.filter((s) => s.config_id === configId).sort((a, b) => b.id - a.id)[0];
    for (const config of seed.exposureConfigs) {
      const latest = latestScan(config.id);
      const label = `exposure configuration ${config.id}`;
      expect(latest, label).toBeDefined();
      if (!latest) continue;
      // The list can only say COMPLETED or ON_PROGRESS: a failed run is history, never the latest scan.
      expect(["COMPLETED", "PENDING", "QUEUED", "RUNNING"], label).toContain(latest.status);
      expect(exposureConfig(seed, config).status, label).toBe(
        latest.status === "COMPLETED" ? "COMPLETED" : "ON_PROGRESS",
      );
    }
    // The list opens on the newest targets: they have hosts to review and to buy threat inspection for.
    const newest = seed.exposureConfigs
      .filter((c) => c.company_id === DEMO_COMPANY_ID)
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .slice(0, 3);
    for (const config of newest) {
      const latest = latestScan(config.id);
      expect(latest?.status, `exposure configuration ${config.id}`).toBe("COMPLETED");
      expect(seed.exposureHosts.filter((h) => h.scan_id === latest?.id).length).toBeGreaterThan(0);
    }
    // Failed and aborted runs are still part of the demo's history.
    const failed = seed.exposureScans.filter((s) => s.status === "FAILED" || s.status === "ABORTED");
    expect(failed.length).toBeGreaterThan(0);
  });

  it("credits: top-ups are a few lump sums, spending runs every month of the year", () => {
    for (const company of seed.companies) {
      const txs = seed.creditTransactions.filter((t) => t.company_id === company.id);
      const topups = txs.filter((t) => t.transaction_action === "TOPUP");
      const purchases = new Set(topups.map((t) => t.created_at));
      expect(purchases.size, company.name).toBeLessThanOrEqual(6);
      expect(
        topups.every((t) => t.amount >= 100 && t.amount % 100 === 0),
        company.name,
      ).toBe(true);
    }
    // The demo company spends in each of the last twelve months, and no month dwarfs the others.
    const demo = seed.creditTransactions.filter((t) => t.company_id === 1 && t.transaction_action === "SPENDING");
    const months = Array.from({ length: 12 }, (_, i) => {
      const end = SEED_NOW - i * 30 * DAY;
      const start = end - 30 * DAY;
      return -demo
        .filter((t) => Date.parse(t.created_at) > start && Date.parse(t.created_at) <= end)
        .reduce((sum, t) => sum + t.amount, 0);
    });
    expect(
      months.every((m) => m > 0),
      JSON.stringify(months),
    ).toBe(true);
    const sorted = [...months].sort((a, b) => a - b);
    const median = sorted[6] ?? 0;
    expect(Math.max(...months), JSON.stringify(months)).toBeLessThanOrEqual(median * 4);
  });
});

describe("the dashboard's latest scans", () => {
  beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
  afterEach(() => db.resetAll());
  afterAll(() => server.close());

  const lists = ["networkva", "web", "sourcecode", "exposure-detection", "threat-inspection"];
  for (const list of lists) {
    it(`${list}: newest first, progress fitting the status`, async () => {
      const token = demoToken("superadmin@example.com");
      const r = await raw("GET", `/api/v1/dashboard/${list}/scan/`, token);
      expect(r.status).toBe(200);
      const rows = r.body as DashboardScan[];
      expect(rows.length).toBeGreaterThan(0);
      const dates = rows.map((row) => row.created_at);
      expect(dates).toEqual([...dates].sort().reverse());
      for (const row of rows) {
        if (row.status === "COMPLETED") expect(row.progress).toBe(100);
        else if (row.status === "PENDING" || row.status === "QUEUED") expect(row.progress).toBe(0);
        else if (row.status === "RUNNING") expect(row.progress).toBeGreaterThan(0);
      }
    });
  }
});

describe("scan history in the default seed", () => {
  const staff = { user: seed.users.find((u) => u.role === "SUPER_ADMIN"), session: {} } as unknown as Viewer;
  const rows = selectFindings(seed, staff, {}).map((f) => ({ f, item: toIndexItem(seed, f) }));

  for (const area of ["NETWORK", "WEB_APPLICATION", "SOURCE_CODE"] as const) {
    it(`${area}: NEW, UNCHANGED and REOPENED all occur`, () => {
      const counts = { NEW: 0, UNCHANGED: 0, REOPENED: 0 };
      for (const { item } of rows) if (item.area === area && item.change) counts[item.change] += 1;
      expect(counts.NEW, JSON.stringify(counts)).toBeGreaterThan(0);
      expect(counts.UNCHANGED, JSON.stringify(counts)).toBeGreaterThan(0);
      expect(counts.REOPENED, JSON.stringify(counts)).toBeGreaterThan(0);
    });
  }

  it("a finding was first seen no later, and last seen no earlier, than its own scan reported it", () => {
    for (const { f, item } of rows) {
      expect(item.first_seen <= f.created_at && f.created_at <= item.last_seen, `finding ${f.id}`).toBe(true);
    }
  });
});
