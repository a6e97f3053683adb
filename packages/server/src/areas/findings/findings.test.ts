import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { idsOfCsv } from "../../../test/csv.ts";
import { STATIC_BASE, serverBesideStaticMode } from "../../../test/serverBesideStaticMode.ts";
import { loadContract } from "../../http/contract.ts";
import { setBatchWriteHook } from "./service.ts";

/**
 * The findings area against the contract and against static mode itself: static mode's msw handlers
 * answer the same requests in this process (over its own copy of the same seed), and the server's
 * answers must match them.
 */

const contract = loadContract();

/** The success validator of an operation (every answer below is checked against it). */
function validatorOf(op: string) {
  const operation = contract.byId.get(op);
  if (!operation) throw new Error(`no operation ${op}`);
  return contract.responseValidator(operation, 200);
}

const ACCOUNTS = {
  superadmin: "superadmin@example.com",
  analyst: "analyst@example.com",
  admin: "admin@example.com",
  member: "member@example.com",
} as const;
type Who = keyof typeof ACCOUNTS;

const paired = serverBesideStaticMode(ACCOUNTS);
const { tokens, mockTokens } = paired;
afterEach(() => setBatchWriteHook(null));

type Json = Record<string, unknown> & { results?: Json[] };

async function call(who: Who, method: string, url: string, body?: unknown) {
  return await paired.server.call(method, url, { token: tokens[who], ...(body === undefined ? {} : { body }) });
}

/** The answer, checked against the operation's success schema in the contract. */
async function valid(who: Who, op: string, url: string, init: { method?: string; body?: unknown } = {}) {
  const res = await call(who, init.method ?? "GET", url, init.body);
  expect(res.statusCode, res.body).toBe(200);
  const validate = validatorOf(op);
  const body = res.json() as Json;
  if (validate && !validate(body)) throw new Error(`${op}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  return body;
}

async function mock(who: Who, url: string): Promise<{ status: number; body: Json; text: string; headers: Headers }> {
  const res = await fetch(`${STATIC_BASE}${url}`, { headers: { authorization: `Bearer ${mockTokens[who]}` } });
  const text = await res.text();
  let body: Json = {};
  try {
    body = JSON.parse(text) as Json;
  } catch {
    // CSV and the like: the text is the answer.
  }
  return { status: res.status, body, text, headers: res.headers };
}

const db = () => paired.server.services.db;
const one = async <T>(query: ReturnType<typeof sql<T>>) => {
  const { rows } = await query.execute(db());
  const row = rows[0];
  if (!row) throw new Error("no row");
  return row;
};

/** A network finding of company `company` with its parents' ids. */
async function networkFinding(company: number) {
  return await one<{ id: number; config: number; scan: number; endpoint: number; status: string; version: number }>(
    sql`select f.id, s.config_id as config, s.id as scan, se.id as endpoint, f.status, f.version
          from findings f join scan_endpoints se on se.id = f.parent_id join network_scans s on s.id = se.scan_id
         where f.area = 'network' and f.company_id = ${company} order by f.id limit 1`,
  );
}

const statusesOf = async (company: number) =>
  (
    await sql<{ id: number; status: string; version: number }>`select id, status, version from findings
      where company_id = ${company} order by id`.execute(db())
  ).rows;

describe("each area's findings", () => {
  it("reads a network endpoint's findings and one finding, as static mode does", async () => {
    const f = await networkFinding(1);
    const base = `/api/v1/networkva/scan-configuration/${f.config}/scans/${f.scan}/scan-endpoints/${f.endpoint}/findings/`;
    const list = await valid("member", "listNetworkFindings", `${base}?page_size=100`);
    const expected = await mock("member", `${base}?page_size=100`);
    expect(list.count).toBe(expected.body.count);
    expect(list.results).toEqual(expected.body.results);
    const detail = await valid("member", "getNetworkFinding", `${base}${f.id}/`);
    expect(detail).toEqual((await mock("member", `${base}${f.id}/`)).body);

    const searched = await valid("member", "listNetworkFindings", `${base}?search=ssl&status=ACTIVE`);
    const expectedSearch = await mock("member", `${base}?search=ssl&status=ACTIVE`);
    expect(searched.results?.map((r) => r.id)).toEqual(expectedSearch.body.results?.map((r) => r.id));
    // The parameter is shared with tickets: a ticket status passes the contract, and is refused here.
    expect((await call("member", "GET", `${base}?status=CLOSED`)).json()).toEqual({
      status: ["Select a valid choice. CLOSED is not one of the available choices."],
    });
  });

  it("answers 404 when a path id is not the finding's real parent", async () => {
    const f = await networkFinding(1);
    const other = await one<{ id: number }>(
      sql`select id from scan_endpoints where id <> ${f.endpoint} and scan_id = ${f.scan} limit 1`,
    );
    const wrong = [
      `/api/v1/networkva/scan-configuration/${f.config}/scans/${f.scan}/scan-endpoints/${other.id}/findings/${f.id}/`,
      `/api/v1/networkva/scan-configuration/${f.config + 1}/scans/${f.scan}/scan-endpoints/${f.endpoint}/findings/${f.id}/`,
    ];
    for (const url of wrong) expect((await call("superadmin", "GET", url)).statusCode).toBe(404);
    const code = await one<{ id: number; parent_id: number }>(
      sql`select id, parent_id from findings where area = 'sourcecode' order by id limit 1`,
    );
    expect(
      (await call("superadmin", "GET", `/api/v1/sourcecode/scans/${code.parent_id + 1}/findings/${code.id}/`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call("superadmin", "GET", `/api/v1/webapp/scans/${code.parent_id}/findings/${code.id}/`)).statusCode,
    ).toBe(404);
    expect(
      (await call("superadmin", "GET", `/api/v1/threat-inspection/scan-configuration/findings/${code.id}/`)).statusCode,
    ).toBe(404);
  });

  it("lists source code, web and threat findings in their shapes, as static mode does", async () => {
    const code = await one<{ id: number; parent_id: number }>(
      sql`select id, parent_id from findings where area = 'sourcecode' and company_id = 1 order by id limit 1`,
    );
    const web = await one<{ id: number; parent_id: number }>(
      sql`select id, parent_id from findings where area = 'web' and company_id = 1 order by id limit 1`,
    );
    const threat = await one<{ id: number; parent_id: number }>(
      sql`select id, parent_id from findings where area = 'threat' and company_id = 1 order by id limit 1`,
    );
    const cases: Array<[string, string]> = [
      ["listSourceCodeFindings", `/api/v1/sourcecode/scans/${code.parent_id}/findings/?page_size=50`],
      ["getSourceCodeFinding", `/api/v1/sourcecode/scans/${code.parent_id}/findings/${code.id}/`],
      ["listWebFindings", `/api/v1/webapp/scans/${web.parent_id}/findings/?page_size=50`],
      ["getWebFinding", `/api/v1/webapp/scans/${web.parent_id}/findings/${web.id}/`],
      [
        "listThreatInspectionFindings",
        `/api/v1/threat-inspection/scan-configuration/endpoints/${threat.parent_id}/findings/`,
      ],
      ["getThreatInspectionFinding", `/api/v1/threat-inspection/scan-configuration/findings/${threat.id}/`],
    ];
    for (const [op, url] of cases) {
      const body = await valid("admin", op, url);
      const expected = (await mock("admin", url)).body;
      // Paged answers link to their own host; the rows and counts are what must agree.
      if ("results" in expected) expect([body.count, body.results], op).toEqual([expected.count, expected.results]);
      else expect(body, op).toEqual(expected);
    }
  });
});

describe("the findings index", () => {
  const QUERIES = [
    "",
    "?page_size=50&severity=HIGH&area=NETWORK",
    "?page_size=40&ordering=name,-status&page=2",
    "?page_size=30&ordering=-last_seen&status=ACTIVE&status=FIXING",
    "?page_size=30&ordering=host",
    "?page_size=30&ordering=-cvss_score",
    "?page_size=50&change=REOPENED",
    "?page_size=50&change=NEW&area=SOURCE_CODE&ordering=last_seen",
    "?page_size=20&search=sql",
    "?page_size=20&first_seen_after=2026-09-01&last_seen_before=2026-11-15",
  ];

  it("answers every query as static mode does, row for row, for staff and clients", async () => {
    for (const who of ["analyst", "member"] as const) {
      for (const q of [...QUERIES, ...(who === "analyst" ? ["?company=2&page_size=25&ordering=status"] : [])]) {
        const url = `/api/v1/findings/${q}`;
        const body = await valid(who, "listFindings", url);
        const expected = await mock(who, url);
        expect(body.count, `${who} ${q}`).toBe(expected.body.count);
        expect(
          body.results?.map((r) => r.id),
          `${who} ${q}`,
        ).toEqual(expected.body.results?.map((r) => r.id));
        expect(body.results, `${who} ${q}`).toEqual(expected.body.results);
      }
    }
  });

  it("walks every page of an order with ties without a duplicate or a gap", async () => {
    const first = await valid("analyst", "listFindings", "/api/v1/findings/?ordering=host,severity&page_size=500");
    const seen: number[] = [];
    for (let page = 1; page <= Number(first.total_pages); page++) {
      const body = await valid(
        "analyst",
        "listFindings",
        `/api/v1/findings/?ordering=host,severity&page_size=500&page=${page}`,
      );
      seen.push(...(body.results ?? []).map((r) => Number(r.id)));
    }
    const all = await one<{ n: number }>(sql`select count(*)::int as n from findings`);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(first.count);
    expect(seen.length).toBe(all.n);
  });

  it("finds findings by id (a shared link's open finding), within the caller's scope, as static mode does", async () => {
    const ours = await networkFinding(1);
    const theirs = await networkFinding(2);
    const url = `/api/v1/findings/?ids=${ours.id}&ids=${theirs.id}`;
    const member = await valid("member", "listFindings", url);
    expect(member.results?.map((r) => r.id)).toEqual([ours.id]);
    expect(member.results).toEqual((await mock("member", url)).body.results);
    const staff = await valid("analyst", "listFindings", url);
    expect(staff.count).toBe(2);
    expect(staff.results).toEqual((await mock("analyst", url)).body.results);
    // The filters still apply.
    const filtered = `${url}&area=SOURCE_CODE`;
    expect((await valid("analyst", "listFindings", filtered)).count).toBe(0);
    expect((await mock("analyst", filtered)).body.count).toBe(0);
    expect((await call("analyst", "GET", "/api/v1/findings/?ids=0")).statusCode).toBe(400);
  });

  it("refuses what the contract refuses", async () => {
    expect((await call("analyst", "GET", "/api/v1/findings/?ordering=colour")).statusCode).toBe(400);
    expect((await call("analyst", "GET", "/api/v1/findings/?severity=SEVERE")).statusCode).toBe(400);
    expect((await call("analyst", "GET", "/api/v1/findings/?first_seen_after=yesterday")).statusCode).toBe(400);
    expect((await call("analyst", "GET", "/api/v1/findings/?page=9999")).json()).toEqual({ detail: "Invalid page." });
  });
});

describe("exports", () => {
  it("writes CSV with formulas neutralised, in the index's order and count, as an attachment", async () => {
    const target = await one<{ id: number }>(
      sql`select id from findings where company_id = 1 and area = 'web' order by id limit 1`,
    );
    await sql`update findings set name = ${'=HYPERLINK("https://evil.example","x")'} where id = ${target.id}`.execute(
      db(),
    );
    const res = await call("admin", "GET", "/api/v1/findings/export/?format=csv&area=WEB_APPLICATION&ordering=name");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8; header=present");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="sentinel-findings-\d{8}T\d{6}Z\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(lines[0]).toBe(
      "name,severity,status,area,company,product,location,cve,cwe,cvss_score,first_seen,last_seen,change,id",
    );
    const index = await valid(
      "admin",
      "listFindings",
      "/api/v1/findings/?area=WEB_APPLICATION&ordering=name&page_size=500",
    );
    expect(lines.length - 1).toBe(index.count);
    expect(lines.slice(1).map((l) => Number(l.split(",").at(-1)))).toEqual(index.results?.map((r) => r.id));
    const evil = lines.find((l) => l.endsWith(`,${target.id}`));
    expect(evil?.startsWith(`"'=HYPERLINK(""https://evil.example"",""x"")"`)).toBe(true);

    // Chosen ids: the filters still apply, unticked ones and other companies' are left out.
    const theirs = await one<{ id: number }>(
      sql`select id from findings where company_id = 2 and area = 'web' limit 1`,
    );
    const second = Number(index.results?.[1]?.id);
    const chosen = await call(
      "admin",
      "GET",
      `/api/v1/findings/export/?format=csv&area=WEB_APPLICATION&ids=${target.id}&ids=${second}&ids=${theirs.id}&exclude_ids=${second}`,
    );
    const chosenIds = chosen.body
      .split("\r\n")
      .filter(Boolean)
      .slice(1)
      .map((l) => Number(l.split(",").at(-1)));
    expect(chosenIds).toEqual([target.id]);
  });

  it("writes the CSV in the order on screen, for a filter and for ticked ids, as static mode does", async () => {
    const filter = "area=WEB_APPLICATION";
    // Each side against its own index: other tests here rename findings on the server only.
    const sides = {
      server: {
        index: async (url: string) => await valid("admin", "listFindings", url),
        file: async (url: string) => (await call("admin", "GET", url)).body,
      },
      "static mode": {
        index: async (url: string) => (await mock("admin", url)).body,
        file: async (url: string) => (await mock("admin", url)).text,
      },
    };
    for (const [side, { index, file }] of Object.entries(sides)) {
      for (const ordering of ["name", "-name", "status", "-host", "cvss_score", "-last_seen"]) {
        const page = await index(`/api/v1/findings/?${filter}&ordering=${ordering}&page_size=500`);
        const onScreen = page.results?.map((r) => Number(r.id)) ?? [];
        expect(onScreen.length).toBe(page.count);
        const url = `/api/v1/findings/export/?format=csv&${filter}&ordering=${ordering}`;
        expect(idsOfCsv(await file(url)), `${side}, ${ordering}`).toEqual(onScreen);
        // Three ticked rows, named out of order: the file lists them as the screen does.
        const ticked = [onScreen[7], onScreen[0], onScreen[3]].map((id) => `ids=${id}`).join("&");
        const chosen = `/api/v1/findings/export/?format=csv&${ticked}&ordering=${ordering}`;
        expect(idsOfCsv(await file(chosen)), `${side} ids, ${ordering}`).toEqual([
          onScreen[0],
          onScreen[3],
          onScreen[7],
        ]);
      }
    }
  });

  it("writes the JSON export with the index's rows and histories, as static mode does", async () => {
    const url = "/api/v1/findings/export/?format=json&severity=HIGH&area=THREAT_INSPECTION&area=NETWORK";
    const res = await call("member", "GET", url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json");
    const body = res.json() as Json;
    const validate = validatorOf("exportFindings");
    expect(validate?.(body), JSON.stringify(validate?.errors)).toBe(true);
    const expected = await mock("member", url);
    expect({ ...body, generated_at: "" }).toEqual({ ...expected.body, generated_at: "" });
    expect(body.filters).toEqual({ severity: "HIGH", area: ["THREAT_INSPECTION", "NETWORK"] });
    // Byte for byte too, but for the time it was made.
    expect(res.body.replace(/"generated_at": "[^"]+"/, "")).toBe(expected.text.replace(/"generated_at": "[^"]+"/, ""));
  });

  it("writes SARIF for source code findings, and refuses a selection with other areas", async () => {
    const url = "/api/v1/findings/export/?format=sarif&area=SOURCE_CODE&company=1";
    const res = await call("analyst", "GET", url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/sarif+json");
    const log = res.json() as {
      version: string;
      runs: Array<{ results: Json[]; tool: { driver: { rules: Json[] } } }>;
    };
    expect(log.version).toBe("2.1.0");
    const run = log.runs[0];
    const count = Number(
      (await valid("analyst", "listFindings", "/api/v1/findings/?area=SOURCE_CODE&company=1&page_size=1")).count,
    );
    expect(run?.results).toHaveLength(count);
    for (const r of run?.results ?? []) expect(run?.tool.driver.rules[Number(r.ruleIndex)]?.id).toBe(r.ruleId);
    const expected = await mock("analyst", url);
    const strip = (text: string) => text.replace(/"endTimeUtc": "[^"]+"/, "").replace(/"informationUri": "[^"]+"/, "");
    expect(strip(res.body)).toBe(strip(expected.text));

    const mixed = await call("analyst", "GET", "/api/v1/findings/export/?format=sarif&company=1");
    expect(mixed.statusCode).toBe(400);
    expect((mixed.json() as { format: string[] }).format[0]).toMatch(
      /^SARIF export covers source code findings only; this selection also holds \d+ Network, /,
    );
    const empty = await call(
      "analyst",
      "GET",
      "/api/v1/findings/export/?format=sarif&area=SOURCE_CODE&severity=LOG&search=nothing-matches-this",
    );
    expect((empty.json() as typeof log).runs[0]?.results).toEqual([]);
  });
});

describe("a member (CLIENT) may not triage (issue 28)", () => {
  const REFUSED = {
    detail: "Only your company's admins and Sentinel analysts can change finding statuses. Ask an admin to do it.",
  };

  it("refuses a member's single, bulk and undo status changes with 403, changing nothing", async () => {
    const before = await statusesOf(1);
    const f = await networkFinding(1);
    const url = `/api/v1/networkva/scan-configuration/${f.config}/scans/${f.scan}/scan-endpoints/${f.endpoint}/findings/${f.id}/`;
    const single = await call("member", "PATCH", url, {
      status: f.status === "FIXING" ? "ACTIVE" : "FIXING",
      message: "x",
    });
    expect(single.statusCode).toBe(403);
    expect(single.json()).toEqual(REFUSED);
    const bulk = await call("member", "POST", "/api/v1/findings/bulk-status/", { ids: [f.id], status: "TOLERATED" });
    expect(bulk.statusCode).toBe(403);
    expect(bulk.json()).toEqual(REFUSED);
    expect(await statusesOf(1)).toEqual(before);

    const batch = await valid("admin", "bulkUpdateFindingStatus", "/api/v1/findings/bulk-status/", {
      method: "POST",
      body: {
        ids: [f.id],
        versions: { [String(f.id)]: f.version },
        status: f.status === "TOLERATED" ? "ACTIVE" : "TOLERATED",
        reason: "Accepted for now",
      },
    });
    const afterBatch = await statusesOf(1);
    const undo = await call("member", "POST", `/api/v1/findings/batches/${batch.batch_id}/undo/`, {});
    expect(undo.statusCode).toBe(403);
    expect(undo.json()).toEqual(REFUSED);
    expect(await statusesOf(1)).toEqual(afterBatch);
    // The admin's undo is still there to take.
    await valid("admin", "undoFindingBatch", `/api/v1/findings/batches/${batch.batch_id}/undo/`, {
      method: "POST",
      body: {},
    });
  });

  it("still answers a member 404, not 403, for another company's finding or batch", async () => {
    const theirs = await networkFinding(2);
    const url = `/api/v1/networkva/scan-configuration/${theirs.config}/scans/${theirs.scan}/scan-endpoints/${theirs.endpoint}/findings/${theirs.id}/`;
    expect((await call("member", "PATCH", url, { status: "FIXING", message: "x" })).statusCode).toBe(404);
    const batch = await valid("superadmin", "bulkUpdateFindingStatus", "/api/v1/findings/bulk-status/", {
      method: "POST",
      body: {
        ids: [theirs.id],
        versions: { [String(theirs.id)]: theirs.version },
        status: theirs.status === "FIXING" ? "ACTIVE" : "FIXING",
      },
    });
    expect((await call("member", "POST", `/api/v1/findings/batches/${batch.batch_id}/undo/`, {})).statusCode).toBe(404);
  });
});

describe("a single status change", () => {
  it("moves the status on, bumps the version, logs who and why; a stale version is 409 and changes nothing", async () => {
    const f = await networkFinding(1);
    const url = `/api/v1/networkva/scan-configuration/${f.config}/scans/${f.scan}/scan-endpoints/${f.endpoint}/findings/${f.id}/`;
    const to = f.status === "FIXING" ? "ACTIVE" : "FIXING";
    const changed = await valid("admin", "updateNetworkFindingStatus", url, {
      method: "PATCH",
      body: { status: to, message: "Working on it", version: f.version },
    });
    expect(changed).toMatchObject({ status: to, version: f.version + 1, message: "Working on it" });
    const entry = (changed.finding_log_status as Json[]).at(-1);
    expect(entry).toMatchObject({
      old_status: f.status,
      new_status: to,
      message: "Working on it",
      batch_id: null,
      undoes: null,
      modified_by: { email: "admin@example.com" },
    });

    const stale = await call("admin", "PATCH", url, { status: "ACTIVE", message: "again", version: f.version });
    expect(stale.statusCode).toBe(409);
    const conflict = stale.json() as Json;
    expect(conflict).toMatchObject({
      code: "version_conflict",
      current: { id: f.id, version: f.version + 1, status: to },
    });
    const findingSchema = validatorOf("getNetworkFinding");
    expect(findingSchema?.(conflict.current)).toBe(true);
    const after = await one<{ version: number; n: number }>(
      sql`select version, (select count(*)::int from finding_logs where finding_id = ${f.id}) as n from findings where id = ${f.id}`,
    );
    expect(after.version).toBe(f.version + 1);

    const same = await call("admin", "PATCH", url, { status: to, message: "same" });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ status: [`The finding is already ${to === "FIXING" ? "Fixing" : "Active"}.`] });
    const audit = await one<{ n: number }>(
      sql`select count(*)::int as n from audit_events where entity = 'finding' and entity_id = ${f.id} and action = 'finding.status'`,
    );
    expect(audit.n).toBe(1);
  });

  it("keeps companies apart: another company's finding is 404 by any path, and unchanged", async () => {
    const theirs = await networkFinding(2);
    const url = `/api/v1/networkva/scan-configuration/${theirs.config}/scans/${theirs.scan}/scan-endpoints/${theirs.endpoint}/findings/${theirs.id}/`;
    expect((await call("member", "GET", url)).statusCode).toBe(404);
    expect((await call("member", "PATCH", url, { status: "FIXING", message: "x" })).statusCode).toBe(404);
    const threat = await one<{ id: number }>(
      sql`select id from findings where area = 'threat' and company_id = 2 limit 1`,
    );
    expect(
      (await call("admin", "GET", `/api/v1/threat-inspection/scan-configuration/findings/${threat.id}/`)).statusCode,
    ).toBe(404);
    expect(
      (await call("analyst", "GET", `/api/v1/threat-inspection/scan-configuration/findings/${threat.id}/`)).statusCode,
    ).toBe(200);
    expect((await call("member", "GET", `/api/v1/findings/?company=2&page_size=500`)).json()).toMatchObject({
      results: expect.not.arrayContaining([expect.objectContaining({ company: expect.objectContaining({ id: 2 }) })]),
    });
    const again = await one<{ version: number }>(sql`select version from findings where id = ${theirs.id}`);
    expect(again.version).toBe(theirs.version);
  });
});

describe("bulk status", () => {
  const countOf = async (who: Who, filter: string) =>
    Number((await valid(who, "listFindings", `/api/v1/findings/?${filter}&page_size=1`)).count);

  it("refuses a filter whose count moved, changing nothing", async () => {
    const before = await statusesOf(1);
    const n = await countOf("admin", "area=WEB_APPLICATION&status=ACTIVE");
    const res = await call("admin", "POST", "/api/v1/findings/bulk-status/", {
      filter: { area: ["WEB_APPLICATION"], status: ["ACTIVE"] },
      expected_count: n + 1,
      status: "FIXING",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: `The filter now matches ${n} findings, not ${n + 1}. Nothing was changed; review the selection.`,
      code: "count_changed",
      current_count: n,
      expected_count: n + 1,
    });
    expect(await statusesOf(1)).toEqual(before);
  });

  it("asks for a reason where the status claims something, and writes the default elsewhere", async () => {
    const body = { filter: { area: ["NETWORK"] }, expected_count: 0 };
    const none = await call("admin", "POST", "/api/v1/findings/bulk-status/", { ...body, status: "FALSE_POSITIVE" });
    expect(none.json()).toEqual({
      reason: ["Say why the findings are False Positive; it is kept in their history."],
    });
    const blank = await call("admin", "POST", "/api/v1/findings/bulk-status/", {
      ...body,
      status: "TOLERATED",
      reason: "  ",
    });
    expect(blank.json()).toEqual({ reason: ["This field may not be blank."] });
    const both = await call("admin", "POST", "/api/v1/findings/bulk-status/", {
      ...body,
      ids: [1],
      versions: { 1: 1 },
      status: "FIXING",
    });
    expect(both.json()).toEqual({ non_field_errors: ["Send either ids or filter, not both."] });
  });

  it("changes N findings in one batch with N history entries, N batch changes and N audit rows, then undoes it", async () => {
    const filter = "area=SOURCE_CODE&status=ACTIVE";
    const n = await countOf("admin", filter);
    expect(n).toBeGreaterThan(3);
    const result = await valid("admin", "bulkUpdateFindingStatus", "/api/v1/findings/bulk-status/", {
      method: "POST",
      body: { filter: { area: ["SOURCE_CODE"], status: ["ACTIVE"] }, expected_count: n, status: "FIXING" },
    });
    expect(result).toMatchObject({ updated: n, unchanged: 0, conflicts: [], undoes: null });
    const batch = Number(result.batch_id);
    const written = await one<{ logs: number; changes: number; audits: number; messages: string[] }>(sql`select
        (select count(*)::int from finding_logs where batch_id = ${batch}) as logs,
        (select count(*)::int from finding_batch_changes where batch_id = ${batch}) as changes,
        (select count(*)::int from audit_events where action = 'finding.bulk_status' and (after ->> 'batch_id')::int = ${batch}) as audits,
        (select array_agg(distinct message) from finding_logs where batch_id = ${batch}) as messages`);
    expect(written).toEqual({ logs: n, changes: n, audits: n, messages: ["Update to fixing"] });
    expect(await countOf("admin", filter)).toBe(0);

    const undo = await valid("admin", "undoFindingBatch", `/api/v1/findings/batches/${batch}/undo/`, {
      method: "POST",
      body: {},
    });
    expect(undo).toMatchObject({ updated: n, unchanged: 0, conflicts: [], undoes: batch });
    expect(await countOf("admin", filter)).toBe(n);
    const undoLogs = await one<{ n: number; message: string }>(
      sql`select count(*)::int as n, min(message) as message from finding_logs where undoes = ${batch} and batch_id = ${Number(undo.batch_id)}`,
    );
    expect(undoLogs).toEqual({ n, message: `Undo of batch ${batch}` });
    const twice = await call("admin", "POST", `/api/v1/findings/batches/${batch}/undo/`, {});
    expect(twice.json()).toEqual({ non_field_errors: [`This batch was already undone (batch ${undo.batch_id}).`] });
  });

  it("leaves a finding changed since the batch alone on undo, and reports it", async () => {
    const rows = (
      await sql<{ id: number; version: number; status: string }>`select id, version, status from findings
        where company_id = 1 and area = 'web' and status <> 'MITIGATED' order by id limit 3`.execute(db())
    ).rows;
    const versions = Object.fromEntries(rows.map((r) => [r.id, r.version]));
    const result = await valid("admin", "bulkUpdateFindingStatus", "/api/v1/findings/bulk-status/", {
      method: "POST",
      body: { ids: rows.map((r) => r.id), versions, status: "MITIGATED", reason: "Patched in 4.2" },
    });
    expect(result).toMatchObject({ updated: 3, unchanged: 0, conflicts: [] });
    const moved = rows[0] as { id: number; version: number };
    const scan = await one<{ parent_id: number }>(sql`select parent_id from findings where id = ${moved.id}`);
    await valid("admin", "updateWebFindingStatus", `/api/v1/webapp/scans/${scan.parent_id}/findings/${moved.id}/`, {
      method: "PATCH",
      body: { status: "ACTIVE", message: "Not patched after all", version: moved.version + 1 },
    });
    const undo = await valid("admin", "undoFindingBatch", `/api/v1/findings/batches/${result.batch_id}/undo/`, {
      method: "POST",
      body: { reason: "Wrong release" },
    });
    expect(undo).toMatchObject({
      updated: 2,
      conflicts: [
        {
          id: moved.id,
          reason: `Changed since batch ${result.batch_id} (now Active); left as it is.`,
          current: { status: "ACTIVE", version: moved.version + 2 },
        },
      ],
    });
    const now = await statusesOf(1);
    for (const r of rows.slice(1)) expect(now.find((x) => x.id === r.id)).toEqual({ ...r, version: r.version + 2 });
  });

  it("refuses stale versions (or skips them), and a client's ids of another company change nothing of theirs", async () => {
    const mine = (
      await sql<{
        id: number;
        version: number;
      }>`select id, version from findings where company_id = 1 and status = 'ACTIVE'
        order by id limit 2`.execute(db())
    ).rows;
    const [a, b] = mine as [{ id: number; version: number }, { id: number; version: number }];
    const stale = await call("admin", "POST", "/api/v1/findings/bulk-status/", {
      ids: [a.id, b.id],
      versions: { [a.id]: a.version + 5, [b.id]: b.version },
      status: "FIXING",
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: "version_conflict",
      conflicts: [{ id: a.id, current: { version: a.version } }],
    });
    const skipped = await valid("admin", "bulkUpdateFindingStatus", "/api/v1/findings/bulk-status/", {
      method: "POST",
      body: {
        ids: [a.id, b.id],
        versions: { [a.id]: a.version + 5, [b.id]: b.version },
        status: "FIXING",
        on_conflict: "skip",
      },
    });
    expect(skipped).toMatchObject({ updated: 1, conflicts: [{ id: a.id }] });

    const theirs = await statusesOf(2);
    const other = theirs[0] as { id: number; version: number };
    const mixed = await call("admin", "POST", "/api/v1/findings/bulk-status/", {
      ids: [a.id, other.id],
      versions: { [a.id]: a.version, [other.id]: other.version },
      status: "TOLERATED",
      reason: "Accepted",
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toEqual({ ids: [`Invalid pk "${other.id}" - object does not exist.`] });
    const byFilter = await call("admin", "POST", "/api/v1/findings/bulk-status/", {
      filter: { company: 2 },
      expected_count: await countOf("admin", "company=2"),
      status: "TOLERATED",
      reason: "Accepted",
    });
    expect(byFilter.statusCode).toBe(200);
    expect(await statusesOf(2)).toEqual(theirs);
  });

  it("lets only who may see every finding of a batch undo it", async () => {
    const pair = (
      await sql<{ id: number; version: number }>`select distinct on (company_id) id, version from findings
        where company_id in (1, 2) and status <> 'FIXING' order by company_id, id`.execute(db())
    ).rows;
    const result = await valid("analyst", "bulkUpdateFindingStatus", "/api/v1/findings/bulk-status/", {
      method: "POST",
      body: {
        ids: pair.map((r) => r.id),
        versions: Object.fromEntries(pair.map((r) => [r.id, r.version])),
        status: "FIXING",
      },
    });
    expect(result).toMatchObject({ updated: 2 });
    expect((await call("admin", "POST", `/api/v1/findings/batches/${result.batch_id}/undo/`, {})).statusCode).toBe(404);
    expect((await call("superadmin", "POST", `/api/v1/findings/batches/${result.batch_id}/undo/`, {})).statusCode).toBe(
      200,
    );
  });

  it("is all or nothing: a failure after the update leaves every finding, history and batch as it was", async () => {
    const before = await statusesOf(1);
    const counts = async () =>
      await one<{ logs: number; batches: number; audits: number }>(sql`select
        (select count(*)::int from finding_logs) as logs, (select count(*)::int from finding_batches) as batches,
        (select count(*)::int from audit_events) as audits`);
    const then = await counts();
    setBatchWriteHook(async (tx, batchId) => {
      // A second change of a finding the batch already changed: the primary key refuses it.
      await sql`insert into finding_batch_changes (batch_id, finding_id, company_id, from_status, to_status, to_version)
                select batch_id, finding_id, company_id, from_status, to_status, to_version
                  from finding_batch_changes where batch_id = ${batchId} limit 1`.execute(tx);
    });
    const n = await countOf("admin", "area=NETWORK");
    const res = await call("admin", "POST", "/api/v1/findings/bulk-status/", {
      filter: { area: ["NETWORK"] },
      expected_count: n,
      status: "FIXING",
    });
    expect(res.statusCode).toBe(500);
    expect(await statusesOf(1)).toEqual(before);
    expect(await counts()).toEqual(then);
  });
});
