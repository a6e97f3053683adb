import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { downloadFindingsExport } from "../../findings.ts";
import type { components } from "../../generated/schema.ts";
import { db } from "../index.ts";
import { server } from "../node.ts";
import { clientFor, raw, signIn } from "../testing.ts";
import { parseCsv } from "./export/testing.ts";

type Item = components["schemas"]["FindingIndexItem"];
type Page = components["schemas"]["PagedFindingIndexItem"];

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
let tokens: Record<string, string> = {};
beforeEach(() => {
  db.resetAll();
  // A reset signs everyone out.
  tokens = {};
});
afterAll(() => server.close());

async function token(email: string) {
  tokens[email] ??= await signIn(email);
  return tokens[email];
}

async function index(query: string, email = "superadmin@example.com"): Promise<Page> {
  const r = await raw("GET", `/api/v1/findings/?${query}`, await token(email));
  if (r.status !== 200) throw new Error(`${query}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Page;
}

/** Every row of a query, read at the largest page size. */
async function all(query: string, email?: string): Promise<Item[]> {
  const rows: Item[] = [];
  for (let page = 1; ; page++) {
    const body = await index(`${query}&page_size=500&page=${page}`, email);
    rows.push(...body.results);
    if (!body.next) return rows;
  }
}

const SEVERITY_RANK = { LOG: 0, INFO: 1, LOW: 2, MEDIUM: 3, HIGH: 4 } as const;
const STATUS_RANK = { ACTIVE: 0, FIXING: 1, MITIGATED: 2, TOLERATED: 3, FALSE_POSITIVE: 4 } as const;
const cvss = (r: Item) => r.cvss3_score ?? r.cvss2_score ?? null;
const hostOf = (r: Item) =>
  r.area === "WEB_APPLICATION" ? null : r.area === "SOURCE_CODE" ? null : (r.endpoint?.host ?? null);

describe("findings index: scope", () => {
  it("shows a client role only its own company, whatever company it passes", async () => {
    for (const email of ["admin@example.com", "member@example.com"]) {
      const rows = await all("company=2", email);
      expect(rows.length).toBe(db.get().findings.filter((f) => f.company_id === 1).length);
      expect(new Set(rows.map((r) => r.company.id))).toEqual(new Set([1]));
    }
  });

  it("shows staff every company, or one with company", async () => {
    for (const email of ["superadmin@example.com", "analyst@example.com"]) {
      expect((await index("", email)).count).toBe(db.get().findings.length);
      const two = await index("company=2&page_size=500", email);
      expect(two.count).toBe(db.get().findings.filter((f) => f.company_id === 2).length);
      expect(two.results.every((r) => r.company.id === 2)).toBe(true);
    }
  });

  it("answers 401 without a token", async () => {
    expect((await raw("GET", "/api/v1/findings/", null)).status).toBe(401);
  });
});

describe("findings index: filters", () => {
  it("filters by each area, and by several", async () => {
    const d = db.get();
    const wire = { network: "NETWORK", web: "WEB_APPLICATION", sourcecode: "SOURCE_CODE", threat: "THREAT_INSPECTION" };
    for (const [area, name] of Object.entries(wire)) {
      const page = await index(`area=${name}`);
      expect(page.count, name).toBe(d.findings.filter((f) => f.area === area).length);
      expect(page.count, name).toBeGreaterThan(0);
      expect(page.results.every((r) => r.area === name)).toBe(true);
    }
    const two = await index("area=NETWORK&area=SOURCE_CODE");
    expect(two.count).toBe(d.findings.filter((f) => f.area === "network" || f.area === "sourcecode").length);
  });

  it("filters by several severities and statuses", async () => {
    const rows = await all("company=1&severity=HIGH&severity=LOW&status=ACTIVE&status=TOLERATED");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => ["HIGH", "LOW"].includes(r.severity))).toBe(true);
    expect(rows.every((r) => ["ACTIVE", "TOLERATED"].includes(r.status))).toBe(true);
    const everything = await all("company=1");
    const expected = everything.filter(
      (r) => ["HIGH", "LOW"].includes(r.severity) && ["ACTIVE", "TOLERATED"].includes(r.status),
    );
    expect(rows.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
  });

  it("filters by change, and every change occurs", async () => {
    const everything = await all("company=1");
    for (const change of ["NEW", "UNCHANGED", "REOPENED"] as const) {
      const rows = await all(`company=1&change=${change}`);
      expect(rows.length, change).toBeGreaterThan(0);
      expect(rows.length).toBe(everything.filter((r) => r.change === change).length);
    }
    const both = await index("company=1&change=NEW&change=REOPENED");
    expect(both.count).toBe(everything.filter((r) => r.change === "NEW" || r.change === "REOPENED").length);
  });

  it("filters by product and by scan", async () => {
    const everything = await all("company=1");
    const product = everything.find((r) => r.product)?.product;
    expect(product).toBeTruthy();
    const byProduct = await all(`product=${product?.id}`);
    expect(byProduct.length).toBe(everything.filter((r) => r.product?.id === product?.id).length);
    const row = everything.find((r) => r.area === "SOURCE_CODE") as Item;
    const byScan = await all(`area=SOURCE_CODE&scan=${row.location.scan}`);
    expect(byScan.length).toBeGreaterThan(0);
    expect(byScan.every((r) => r.location.scan === row.location.scan)).toBe(true);
    expect(byScan.map((r) => r.id)).toContain(row.id);
  });

  it("filters by network scan endpoint and by threat inspection endpoint, exactly what their screens list", async () => {
    const everything = await all("company=1");
    for (const key of ["scan_endpoint", "threat_endpoint"] as const) {
      const row = everything.find((r) => r.location[key] !== null) as Item;
      const id = row.location[key] as number;
      const rows = await all(`${key}=${id}`);
      expect(rows.map((r) => r.id).sort()).toEqual(
        everything
          .filter((r) => r.location[key] === id)
          .map((r) => r.id)
          .sort(),
      );
      expect(rows.length, key).toBeGreaterThan(0);
    }
  });

  it("searches name, CVE, CWE, host and component, case-insensitively", async () => {
    const everything = await all("company=1");
    const withCve = everything.find((r) => r.cve) as Item;
    const withCwe = everything.find((r) => r.cwe) as Item;
    const withHost = everything.find((r) => r.endpoint?.host) as Item;
    const withComponent = everything.find((r) => r.component) as Item;
    const cases: Array<[string, (r: Item) => boolean]> = [
      [withCve.cve as string, (r) => r.id === withCve.id],
      [(withCwe.cwe as string).toLowerCase(), (r) => r.id === withCwe.id],
      [withHost.endpoint?.host as string, (r) => r.id === withHost.id],
      [withComponent.component as string, (r) => r.id === withComponent.id],
      [everything[0]?.name.toUpperCase() as string, (r) => r.id === everything[0]?.id],
    ];
    for (const [needle, expected] of cases) {
      const rows = await all(`company=1&search=${encodeURIComponent(needle)}`);
      expect(rows.some(expected), needle).toBe(true);
      expect(rows.length, needle).toBeLessThan(everything.length);
    }
  });

  it("filters by first-seen and last-seen days, both ends included", async () => {
    const everything = await all("company=1");
    const day = (everything[0] as Item).first_seen.slice(0, 10);
    const onDay = await all(`company=1&first_seen_after=${day}&first_seen_before=${day}`);
    expect(onDay.length).toBeGreaterThan(0);
    expect(onDay.every((r) => r.first_seen.slice(0, 10) === day)).toBe(true);
    expect(onDay.length).toBe(everything.filter((r) => r.first_seen.slice(0, 10) === day).length);
    const lastDay = (everything[0] as Item).last_seen.slice(0, 10);
    const after = await all(`company=1&last_seen_after=${lastDay}`);
    expect(after.length).toBe(everything.filter((r) => r.last_seen.slice(0, 10) >= lastDay).length);
    const before = await all(`company=1&last_seen_before=${lastDay}`);
    expect(before.length).toBe(everything.filter((r) => r.last_seen.slice(0, 10) <= lastDay).length);
  });
});

describe("findings index: change against the previous completed scan", () => {
  it("follows the rule for every web application finding, counting completed scans that found nothing", async () => {
    const d = db.get();
    // A completed scan that found nothing on the target: the demo's largest web application's
    // second-newest completed scan loses its findings, so the newest scan's issues come back REOPENED.
    const completed = (appId: number) =>
      d.webScans
        .filter((s) => s.app_id === appId && s.status === "COMPLETED")
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
    const app = d.webApps.find((a) => completed(a.id).length >= 5);
    const [newest, emptied] = completed(app?.id ?? 0);
    d.findings = d.findings.filter((f) => !(f.area === "web" && f.parent_id === emptied?.id));
    const rows = await all("area=WEB_APPLICATION");
    const newestRows = rows.filter((r) => r.location.scan === newest?.id);
    expect(newestRows.some((r) => r.change === "REOPENED")).toBe(true);
    let checked = 0;
    for (const row of rows) {
      const f = d.findings.find((x) => x.id === row.id);
      const scan = d.webScans.find((s) => s.id === f?.parent_id);
      if (!f || !scan) throw new Error(`finding ${row.id} has no scan`);
      if (scan.status !== "COMPLETED") {
        expect(row.change, `finding ${f.id}`).toBeNull();
        continue;
      }
      const history = d.webScans
        .filter((s) => s.app_id === scan.app_id && s.status === "COMPLETED")
        .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
      const at = history.findIndex((s) => s.id === scan.id);
      const reported = (scanId: number) =>
        d.findings.some((x) => x.area === "web" && x.parent_id === scanId && x.vuln === f.vuln);
      const previous = history[at - 1];
      const expected = !previous
        ? "NEW"
        : reported(previous.id)
          ? "UNCHANGED"
          : history.slice(0, at - 1).some((s) => reported(s.id))
            ? "REOPENED"
            : "NEW";
      expect(row.change, `finding ${f.id}`).toBe(expected);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe("findings index: ordering", () => {
  const keys: Record<string, (r: Item) => number | string | null> = {
    severity: (r) => SEVERITY_RANK[r.severity],
    status: (r) => STATUS_RANK[r.status],
    name: (r) => r.name.toLowerCase(),
    host: (r) => hostOf(r)?.toLowerCase() ?? (r.area === "WEB_APPLICATION" ? "web" : null),
    cvss_score: cvss,
    last_seen: (r) => Date.parse(r.last_seen),
  };
  for (const [key, value] of Object.entries(keys)) {
    for (const sign of ["", "-"]) {
      it(`orders by ${sign}${key}, nulls last, then id`, async () => {
        const rows = await all(`company=1&ordering=${sign}${key}`);
        expect(rows.length).toBeGreaterThan(100);
        for (let i = 1; i < rows.length; i++) {
          const a = value(rows[i - 1] as Item);
          const b = value(rows[i] as Item);
          const ids = `${rows[i - 1]?.id} before ${rows[i]?.id}`;
          if (key === "host") continue; // web hosts come from the application URL; checked below
          if (a === null || b === null) {
            expect(a !== null || b === null, `null last: ${ids}`).toBe(true);
            continue;
          }
          if (a === b) expect((rows[i - 1] as Item).id, ids).toBeLessThan((rows[i] as Item).id);
          else expect(sign ? a > b : a < b, `${String(a)} vs ${String(b)}: ${ids}`).toBe(true);
        }
      });
    }
  }

  it("orders by host with source code (no host) last in both directions", async () => {
    for (const sign of ["", "-"]) {
      const rows = await all(`company=1&ordering=${sign}host`);
      const firstCode = rows.findIndex((r) => r.area === "SOURCE_CODE");
      expect(firstCode).toBeGreaterThan(0);
      expect(rows.slice(firstCode).every((r) => r.area === "SOURCE_CODE")).toBe(true);
      const network = rows.filter((r) => r.area === "NETWORK").map((r) => r.endpoint?.host ?? "");
      const sorted = [...network].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0) * (sign ? -1 : 1));
      expect(network).toEqual(sorted);
    }
  });

  it("puts the most severe first by default", async () => {
    const rows = (await index("company=1&page_size=50")).results;
    expect(rows[0]?.severity).toBe("HIGH");
    expect(rows).toEqual((await index("company=1&page_size=50&ordering=-severity")).results);
  });

  it("takes several keys joined by commas", async () => {
    const rows = await all("company=1&ordering=status,-cvss_score");
    for (let i = 1; i < rows.length; i++) {
      const a = rows[i - 1] as Item;
      const b = rows[i] as Item;
      expect(STATUS_RANK[a.status]).toBeLessThanOrEqual(STATUS_RANK[b.status]);
    }
  });
});

describe("findings index: bad values and paging", () => {
  it.each([
    ["area=network", "area"],
    ["severity=CRITICAL", "severity"],
    ["status=OPEN", "status"],
    ["change=FIXED", "change"],
    ["company=abc", "company"],
    ["product=0", "product"],
    ["scan=-1", "scan"],
    ["scan_endpoint=x", "scan_endpoint"],
    ["first_seen_after=yesterday", "first_seen_after"],
    ["last_seen_before=2026-13-40", "last_seen_before"],
    ["ordering=cvss", "ordering"],
    ["ordering=severity,--name", "ordering"],
  ])("answers 400 with a field error for %s", async (query, field) => {
    const r = await raw("GET", `/api/v1/findings/?${query}`, await token("superadmin@example.com"));
    expect(r.status).toBe(400);
    expect(Object.keys(r.body as object)).toEqual([field]);
    expect((r.body as Record<string, string[]>)[field]?.[0]).toMatch(/\w/);
  });

  it("serves pages of 500, caps larger sizes at 500, and answers an out-of-range page with 404", async () => {
    const total = db.get().findings.length;
    expect(total).toBeGreaterThan(1000);
    const first = await index("page_size=500");
    expect(first.results).toHaveLength(500);
    expect(first.page_size).toBe(500);
    expect(first.total_pages).toBe(Math.ceil(total / 500));
    expect((await index("page_size=5000")).results).toHaveLength(500);
    const pages = await all("");
    expect(pages).toHaveLength(total);
    expect(new Set(pages.map((r) => r.id)).size).toBe(total);
    const past = await raw(
      "GET",
      `/api/v1/findings/?page_size=500&page=${first.total_pages + 1}`,
      await token("superadmin@example.com"),
    );
    expect(past).toEqual({ status: 404, body: { detail: "Invalid page." } });
  });

  it("links each row to its scan and endpoint", async () => {
    const d = db.get();
    const rows = await all("company=1");
    for (const r of rows.slice(0, 400)) {
      const f = d.findings.find((x) => x.id === r.id);
      expect(f).toBeTruthy();
      if (r.area === "NETWORK") {
        expect(r.location.scan_endpoint).toBe(f?.parent_id);
        const se = d.scanEndpoints.find((e) => e.id === r.location.scan_endpoint);
        expect(se?.scan_id).toBe(r.location.scan);
        expect(d.networkScans.find((s) => s.id === r.location.scan)?.config_id).toBe(r.location.configuration);
      } else if (r.area === "THREAT_INSPECTION") {
        expect(r.location.threat_endpoint).toBe(f?.parent_id);
      } else {
        expect(r.location.scan).toBe(f?.parent_id);
        expect(r.location.application).not.toBeNull();
      }
      expect(r.version).toBe(f?.version);
    }
  });
});

describe("findings export", () => {
  it("holds exactly the index's rows for the same filters, in its order", async () => {
    const query = "company=1&severity=HIGH&severity=MEDIUM&status=ACTIVE&ordering=-last_seen";
    const page = await index(`${query}&page_size=500`);
    const r = await fetch(`https://api.example.test/api/v1/findings/export/?format=json&${query}`, {
      headers: { Authorization: `Bearer ${await token("superadmin@example.com")}` },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("Content-Disposition")).toMatch(/^attachment; filename="sentinel-findings-.+\.json"$/);
    const body = (await r.json()) as { count: number; results: Item[] };
    expect(body.results).toHaveLength(page.count);
    expect(body.results.map((x) => x.id)).toEqual((await all(query)).map((x) => x.id));
  });

  it("is downloaded through the typed client as a named file", async () => {
    const client = clientFor(await token("admin@example.com"));
    const file = await downloadFindingsExport(client, { format: "json", severity: ["HIGH"], area: ["NETWORK"] });
    expect(file.filename).toMatch(/^sentinel-findings-\d{8}T\d{6}Z\.json$/);
    const body = JSON.parse(await file.blob.text()) as { count: number; results: Item[] };
    expect(body.count).toBe((await index("severity=HIGH&area=NETWORK", "admin@example.com")).count);
    expect(body.results.every((r) => r.severity === "HIGH" && r.area === "NETWORK")).toBe(true);
  });

  it("writes the same rows as CSV, and SARIF for source code only", async () => {
    const query = "company=1&severity=HIGH&severity=MEDIUM&ordering=-cvss_score";
    const headers = { Authorization: `Bearer ${await token("superadmin@example.com")}` };
    const csv = await fetch(`https://api.example.test/api/v1/findings/export/?format=csv&${query}`, { headers });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const [header, ...records] = parseCsv((await csv.text()).replace(/^\uFEFF/, ""));
    const idColumn = header?.indexOf("id") ?? -1;
    expect(idColumn).toBeGreaterThanOrEqual(0);
    expect(records.map((r) => Number(r[idColumn]))).toEqual((await all(query)).map((x) => x.id));

    const mixed = await fetch(`https://api.example.test/api/v1/findings/export/?format=sarif&${query}`, { headers });
    expect(mixed.status).toBe(400);
    expect(((await mixed.json()) as { format: string[] }).format[0]).toMatch(/SOURCE_CODE/);

    const code = `${query}&area=SOURCE_CODE`;
    const sarif = await fetch(`https://api.example.test/api/v1/findings/export/?format=sarif&${code}`, { headers });
    expect(sarif.status).toBe(200);
    const log = (await sarif.json()) as { runs: Array<{ results: unknown[] }> };
    expect(log.runs[0]?.results).toHaveLength((await index(code)).count);
  });

  it("exports only the chosen ids the caller may see", async () => {
    const d = db.get();
    const own = d.findings.filter((f) => f.company_id === 1).slice(0, 3);
    const other = d.findings.find((f) => f.company_id !== 1);
    const ids = [...own, other].map((f) => `ids=${f?.id}`).join("&");
    const r = await raw("GET", `/api/v1/findings/export/?format=json&${ids}`, await token("admin@example.com"));
    expect(r.status).toBe(200);
    const body = r.body as { results: Item[] };
    expect(body.results.map((x) => x.id).sort()).toEqual(own.map((f) => f.id).sort());
  });

  it("leaves out exclude_ids from a filter's export, and refuses a bad or overlong list", async () => {
    const query = "company=1&severity=HIGH";
    const t = await token("superadmin@example.com");
    const matching = (await all(query)).map((x) => x.id);
    const left = matching.slice(0, 2);
    const r = await raw(
      "GET",
      `/api/v1/findings/export/?format=json&${query}&${left.map((id) => `exclude_ids=${id}`).join("&")}`,
      t,
    );
    expect(r.status).toBe(200);
    const body = r.body as { count: number; results: Item[] };
    expect(body.results.map((x) => x.id)).toEqual(matching.slice(2));
    expect((await raw("GET", "/api/v1/findings/export/?format=json&exclude_ids=0", t)).body).toEqual({
      exclude_ids: ['"0" is not a valid finding id.'],
    });
    const many = Array.from({ length: 1001 }, (_, i) => `exclude_ids=${i + 1}`).join("&");
    const tooMany = await raw("GET", `/api/v1/findings/export/?format=json&${many}`, t);
    expect(tooMany.status).toBe(400);
    expect((tooMany.body as { exclude_ids: string[] }).exclude_ids[0]).toMatch(/at most 1000/);
  });

  it("answers 400 for a missing or unknown format, a bad id and SARIF over other areas", async () => {
    const t = await token("superadmin@example.com");
    expect(await raw("GET", "/api/v1/findings/export/", t)).toEqual({
      status: 400,
      body: { format: ["This field is required."] },
    });
    expect((await raw("GET", "/api/v1/findings/export/?format=pdf", t)).body).toEqual({
      format: ['"pdf" is not a valid choice.'],
    });
    expect((await raw("GET", "/api/v1/findings/export/?format=json&ids=x", t)).status).toBe(400);
    const sarif = await raw("GET", "/api/v1/findings/export/?format=sarif&company=1", t);
    expect(sarif.status).toBe(400);
    expect((sarif.body as { format: string[] }).format[0]).toMatch(/SARIF/);
    expect((await raw("GET", "/api/v1/findings/export/?format=json&severity=BAD", t)).status).toBe(400);
  });
});
