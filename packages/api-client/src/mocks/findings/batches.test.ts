import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbFinding } from "../db-types.ts";
import { db } from "../index.ts";
import { server } from "../node.ts";
import type { FindingStatus } from "../schema-types.ts";
import { template } from "../serialize.ts";
import { raw, signIn } from "../testing.ts";
import { REASON_REQUIRED, setBatchWriteHook } from "./batches.ts";

const BULK = "/api/v1/findings/bulk-status/";
const undoPath = (id: number) => `/api/v1/findings/batches/${id}/undo/`;

type Result = {
  batch_id: number;
  updated: number;
  unchanged: number;
  conflicts: Array<{ id: number; reason: string; current: { status: FindingStatus; version: number } }>;
  undoes: number | null;
};

let admin: string;
let member: string;
let superAdmin: string;

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterAll(() => server.close());
beforeEach(async () => {
  db.resetAll();
  admin = await signIn("admin@example.com");
  member = await signIn("member@example.com");
  superAdmin = await signIn("superadmin@example.com");
});
afterEach(() => setBatchWriteHook(null));

const findings = (pick: (f: DbFinding) => boolean) => db.get().findings.filter(pick);
const byIds = (rows: readonly DbFinding[], status: FindingStatus, reason?: string) => ({
  ids: rows.map((f) => f.id),
  versions: Object.fromEntries(rows.map((f) => [String(f.id), f.version])),
  status,
  ...(reason === undefined ? {} : { reason }),
});
const snapshot = () => JSON.stringify(db.get().findings);
const companyActive = (companyId: number, n: number) =>
  findings((f) => f.company_id === companyId && f.status === "ACTIVE").slice(0, n);

describe("the reason rule", () => {
  it("requires a reason for the statuses that claim something about the risk, and only for them", async () => {
    expect([...REASON_REQUIRED].sort()).toEqual(["FALSE_POSITIVE", "MITIGATED", "TOLERATED"]);
    const [target] = companyActive(1, 1);
    if (!target) throw new Error("no active finding");
    for (const status of ["FALSE_POSITIVE", "TOLERATED", "MITIGATED"] as const) {
      const before = snapshot();
      const missing = await raw("POST", BULK, admin, byIds([target], status));
      expect(missing.status, status).toBe(400);
      expect(Object.keys(missing.body as object)).toEqual(["reason"]);
      const blank = await raw("POST", BULK, admin, byIds([target], status, "   "));
      expect(blank.status, status).toBe(400);
      expect(snapshot()).toBe(before);
    }
    const fixing = await raw("POST", BULK, admin, byIds([target], "FIXING"));
    expect(fixing.status).toBe(200);
    // Without a reason the entry reads as the spec's own log entries do.
    expect(target.log.at(-1)?.message).toBe("Update to fixing");
    const active = await raw("POST", BULK, admin, byIds([target], "ACTIVE"));
    expect(active.status).toBe(200);
    expect(target.log.at(-1)?.message).toBe("Update to active");
  });
});

describe("selection", () => {
  it("changes the findings named by ids and counts those already in the status", async () => {
    const active = companyActive(1, 3);
    const [fixing] = findings((f) => f.company_id === 1 && f.status === "FIXING");
    if (!fixing) throw new Error("no fixing finding");
    const r = await raw("POST", BULK, admin, byIds([...active, fixing], "FIXING"));
    expect(r.status).toBe(200);
    const body = r.body as Result;
    expect(body).toMatchObject({ updated: 3, unchanged: 1, conflicts: [], undoes: null });
    for (const f of active) {
      expect(f.status).toBe("FIXING");
      expect(f.version).toBe(2);
    }
    // Already FIXING: not logged, version untouched.
    expect(fixing.version).toBe(1);
    expect(fixing.log.some((l) => l.batch_id === body.batch_id)).toBe(false);
  });

  it("changes every finding the filter matches except the excluded ones", async () => {
    const matches = findings((f) => f.company_id === 1 && f.status === "ACTIVE" && template(f).severity === "HIGH");
    expect(matches.length).toBeGreaterThan(2);
    const [excluded, ...rest] = matches;
    const untouched = findings((f) => f.company_id === 1 && f.status === "ACTIVE" && template(f).severity !== "HIGH");
    const r = await raw("POST", BULK, admin, {
      filter: { severity: ["HIGH"], status: ["ACTIVE"] },
      exclude_ids: [excluded?.id],
      expected_count: rest.length,
      status: "TOLERATED",
      reason: "Accepted until the Q1 migration",
    });
    expect(r.status).toBe(200);
    expect((r.body as Result).updated).toBe(rest.length);
    expect(rest.every((f) => f.status === "TOLERATED")).toBe(true);
    expect(excluded?.status).toBe("ACTIVE");
    expect(untouched.every((f) => f.status === "ACTIVE")).toBe(true);
  });

  it("filters by area with the wire names, and refuses unknown filter values", async () => {
    const code = findings((f) => f.company_id === 1 && f.area === "sourcecode" && f.status === "ACTIVE");
    const r = await raw("POST", BULK, admin, {
      filter: { area: ["SOURCE_CODE"], status: ["ACTIVE"] },
      expected_count: code.length,
      status: "FIXING",
    });
    expect(r.status).toBe(200);
    expect((r.body as Result).updated).toBe(code.length);
    const bad = await raw("POST", BULK, admin, {
      filter: { severity: ["URGENT"] },
      expected_count: 1,
      status: "FIXING",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty("severity");
  });

  it("answers 400 with field errors for a malformed request", async () => {
    const [f] = companyActive(1, 1);
    const cases: Array<[unknown, string]> = [
      [{ status: "FIXING" }, "non_field_errors"],
      [{ ids: [f?.id], versions: { [String(f?.id)]: 1 }, filter: {}, status: "FIXING" }, "non_field_errors"],
      [{ ids: [f?.id], status: "FIXING" }, "versions"],
      [{ ids: [f?.id], versions: {}, status: "FIXING" }, "versions"],
      [{ ids: [], versions: {}, status: "FIXING" }, "ids"],
      [{ ids: [f?.id], versions: { [String(f?.id)]: 1 }, status: "DONE" }, "status"],
      [{ filter: { status: ["ACTIVE"] }, status: "FIXING" }, "expected_count"],
      [{ ids: [f?.id], versions: { [String(f?.id)]: 1 }, status: "FIXING", on_conflict: "force" }, "on_conflict"],
    ];
    for (const [body, field] of cases) {
      const r = await raw("POST", BULK, admin, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body, JSON.stringify(body)).toHaveProperty(field);
    }
  });
});

describe("scope", () => {
  it("lets a client touch only their own company's findings", async () => {
    const [own] = companyActive(1, 1);
    const [other] = companyActive(2, 1);
    if (!own || !other) throw new Error("no findings");
    const before = snapshot();
    const r = await raw("POST", BULK, admin, byIds([own, other], "FIXING"));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ ids: [`Invalid pk "${other.id}" - object does not exist.`] });
    expect(snapshot()).toBe(before);

    // A client's filter never reaches past their company: a `company` naming another one is ignored,
    // as the index ignores it, so the filter counts the client's own findings (and the count check
    // refuses the user's stale 0 without changing anything).
    const filtered = await raw("POST", BULK, admin, {
      filter: { company: 2, status: ["ACTIVE"] },
      expected_count: 0,
      status: "FIXING",
    });
    expect(filtered.status).toBe(409);
    expect(filtered.body).toMatchObject({
      code: "count_changed",
      current_count: findings((f) => f.company_id === 1 && f.status === "ACTIVE").length,
    });
    expect(snapshot()).toBe(before);
  });

  it("refuses a member (CLIENT) every status change with 403, as the server does (issue 28)", async () => {
    const rows = companyActive(1, 2);
    const before = snapshot();
    const refused = {
      detail: "Only your company's admins and Sentinel analysts can change finding statuses. Ask an admin to do it.",
    };
    expect(await raw("POST", BULK, member, byIds(rows, "FIXING"))).toEqual({ status: 403, body: refused });
    const [threat] = findings((f) => f.company_id === 1 && f.area === "threat");
    if (!threat) throw new Error("no threat finding");
    const url = `/api/v1/threat-inspection/scan-configuration/findings/${threat.id}/`;
    const single = await raw("PATCH", url, member, {
      status: threat.status === "FIXING" ? "ACTIVE" : "FIXING",
      message: "x",
    });
    expect(single).toEqual({ status: 403, body: refused });
    expect(snapshot()).toBe(before);
    const batch = ((await raw("POST", BULK, admin, byIds(rows, "FIXING"))).body as Result).batch_id;
    expect(await raw("POST", undoPath(batch), member)).toEqual({ status: 403, body: refused });
  });

  it("lets staff change findings of several companies, and of one with company", async () => {
    const rows = [...companyActive(1, 2), ...companyActive(2, 2)];
    const r = await raw("POST", BULK, superAdmin, byIds(rows, "FIXING"));
    expect(r.status).toBe(200);
    expect((r.body as Result).updated).toBe(4);

    const second = findings((f) => f.company_id === 2 && f.status === "ACTIVE");
    const one = await raw("POST", BULK, superAdmin, {
      filter: { company: 2, status: ["ACTIVE"] },
      expected_count: second.length,
      status: "FIXING",
    });
    expect(one.status).toBe(200);
    expect((one.body as Result).updated).toBe(second.length);
    expect(findings((f) => f.company_id === 1 && f.status === "ACTIVE").length).toBeGreaterThan(0);
  });
});

describe("concurrency", () => {
  it("answers 409 with the current count when the filter matches another number, and changes nothing", async () => {
    const matching = findings((f) => f.company_id === 1 && f.status === "ACTIVE");
    const before = snapshot();
    const r = await raw("POST", BULK, admin, {
      filter: { status: ["ACTIVE"] },
      expected_count: matching.length + 1,
      status: "FIXING",
    });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      code: "count_changed",
      current_count: matching.length,
      expected_count: matching.length + 1,
    });
    expect(snapshot()).toBe(before);
  });

  it("answers 409 on a stale version in a bulk change, and with skip changes the others", async () => {
    const rows = companyActive(1, 3);
    const request = byIds(rows, "FIXING");
    const [first, ...others] = rows;
    if (!first) throw new Error("no findings");
    // Someone else changes one of them after the user loaded the list.
    const single = await raw("POST", BULK, superAdmin, byIds([first], "MITIGATED", "Patched in 4.2"));
    expect(single.status).toBe(200);

    const before = snapshot();
    const stale = await raw("POST", BULK, admin, request);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: "version_conflict",
      conflicts: [{ id: first.id, current: { status: "MITIGATED", version: 2 } }],
    });
    expect(snapshot()).toBe(before);

    const skip = await raw("POST", BULK, admin, { ...request, on_conflict: "skip" });
    expect(skip.status).toBe(200);
    expect(skip.body).toMatchObject({ updated: 2, conflicts: [{ id: first.id }] });
    expect(first.status).toBe("MITIGATED");
    expect(others.every((f) => f.status === "FIXING")).toBe(true);
  });

  it("answers 409 with the finding's current state on a stale per-finding change", async () => {
    const f = findings((x) => x.company_id === 1 && x.area === "threat" && x.status === "ACTIVE")[0];
    if (!f) throw new Error("no threat finding");
    const url = `/api/v1/threat-inspection/scan-configuration/findings/${f.id}/`;
    const first = await raw("PATCH", url, admin, { status: "FIXING", message: "On it", version: 1 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: "FIXING", version: 2 });

    const stale = await raw("PATCH", url, admin, { status: "TOLERATED", message: "Accept", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "version_conflict", current: { id: f.id, status: "FIXING", version: 2 } });
    expect(f.status).toBe("FIXING");

    // Without a version the change is not checked (clients written before versions).
    const unchecked = await raw("PATCH", url, admin, { status: "ACTIVE", message: "Back" });
    expect(unchecked.status).toBe(200);
    expect(f.version).toBe(3);
  });
});

describe("undo", () => {
  it("restores exactly what the batch changed, logs it as a batch of its own, and only once", async () => {
    const active = companyActive(1, 2);
    const [fixing] = findings((f) => f.company_id === 1 && f.status === "FIXING");
    if (!fixing) throw new Error("no fixing finding");
    const rows = [...active, fixing];
    const r = await raw("POST", BULK, admin, byIds(rows, "FIXING"));
    const batch = (r.body as Result).batch_id;

    const undo = await raw("POST", undoPath(batch), admin, { reason: "Wrong filter" });
    expect(undo.status).toBe(200);
    const body = undo.body as Result;
    expect(body).toMatchObject({ updated: 2, unchanged: 0, conflicts: [], undoes: batch });
    expect(body.batch_id).not.toBe(batch);
    expect(active.every((f) => f.status === "ACTIVE" && f.version === 3)).toBe(true);
    // The finding the batch left alone is not touched by the undo either.
    expect(fixing.status).toBe("FIXING");
    expect(fixing.version).toBe(1);
    expect(active[0]?.log.at(-1)).toMatchObject({
      old_status: "FIXING",
      new_status: "ACTIVE",
      message: "Wrong filter",
      batch_id: body.batch_id,
      // An undo with a reason of its own still says which batch it reverted.
      undoes: batch,
    });
    // The bulk change's own entry reverts nothing.
    expect(active[0]?.log.at(-2)).toMatchObject({ batch_id: batch });
    expect(active[0]?.log.at(-2)?.undoes).toBeUndefined();

    const again = await raw("POST", undoPath(batch), admin);
    expect(again.status).toBe(400);
    expect(again.body).toHaveProperty("non_field_errors");
  });

  it("leaves a finding someone changed after the batch alone and reports it", async () => {
    const rows = companyActive(1, 3);
    const [later, ...rest] = rows;
    if (!later) throw new Error("no findings");
    const r = await raw("POST", BULK, admin, byIds(rows, "FIXING"));
    const batch = (r.body as Result).batch_id;
    const change = await raw("POST", BULK, admin, byIds([later], "FALSE_POSITIVE", "Scanner misread the banner"));
    expect(change.status).toBe(200);

    const undo = await raw("POST", undoPath(batch), admin);
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({
      updated: 2,
      conflicts: [{ id: later.id, current: { status: "FALSE_POSITIVE", version: 3 } }],
    });
    expect(later.status).toBe("FALSE_POSITIVE");
    expect(rest.every((f) => f.status === "ACTIVE")).toBe(true);
    expect(later.log.at(-1)?.message).toBe("Scanner misread the banner");
  });

  it("hides another company's batch from a client, and lets staff undo it", async () => {
    const r = await raw("POST", BULK, superAdmin, byIds(companyActive(2, 2), "FIXING"));
    const batch = (r.body as Result).batch_id;
    expect((await raw("POST", undoPath(batch), member)).status).toBe(404);
    expect((await raw("POST", undoPath(batch + 100), superAdmin)).status).toBe(404);
    expect((await raw("POST", undoPath(batch), superAdmin)).status).toBe(200);
  });
});

describe("all or nothing", () => {
  it("leaves every finding as it was when a write fails part-way", async () => {
    const rows = companyActive(1, 5);
    const before = snapshot();
    const batchesBefore = db.get().findingBatches.length;
    const nextIdBefore = JSON.stringify(db.get().nextId);
    setBatchWriteHook((index) => {
      if (index === 3) throw new Error("disk full");
    });
    const r = await raw("POST", BULK, admin, byIds(rows, "TOLERATED", "Accepted"));
    expect(r.status).toBe(500);
    expect(snapshot()).toBe(before);
    expect(db.get().findingBatches.length).toBe(batchesBefore);
    expect(JSON.stringify(db.get().nextId)).toBe(nextIdBefore);

    setBatchWriteHook(null);
    const retry = await raw("POST", BULK, admin, byIds(rows, "TOLERATED", "Accepted"));
    expect(retry.status).toBe(200);
    expect((retry.body as Result).updated).toBe(5);
  });

  it("leaves every finding as the batch left it when an undo fails part-way", async () => {
    const rows = companyActive(1, 4);
    const r = await raw("POST", BULK, admin, byIds(rows, "FIXING"));
    const batch = (r.body as Result).batch_id;
    const before = snapshot();
    setBatchWriteHook((index) => {
      if (index === 2) throw new Error("disk full");
    });
    expect((await raw("POST", undoPath(batch), admin)).status).toBe(500);
    expect(snapshot()).toBe(before);
    setBatchWriteHook(null);
    // The failed undo did not use the batch up.
    expect((await raw("POST", undoPath(batch), admin)).status).toBe(200);
  });
});

describe("the log", () => {
  it("logs every changed finding with actor, reason, time and batch id, and serves it", async () => {
    const threat = findings((f) => f.company_id === 1 && f.area === "threat" && f.status === "ACTIVE")[0];
    if (!threat) throw new Error("no threat finding");
    const rows = [...companyActive(1, 2).filter((f) => f !== threat), threat];
    const r = await raw("POST", BULK, admin, byIds(rows, "FALSE_POSITIVE", "Internal test host"));
    const batch = (r.body as Result).batch_id;
    const adminUser = db.get().users.find((u) => u.email === "admin@example.com");
    for (const f of rows) {
      expect(f.log.at(-1)).toMatchObject({
        old_status: "ACTIVE",
        new_status: "FALSE_POSITIVE",
        message: "Internal test host",
        modified_by: adminUser?.id,
        batch_id: batch,
      });
      expect(Number.isNaN(Date.parse(f.log.at(-1)?.created_at ?? ""))).toBe(false);
    }
    const detail = await raw("GET", `/api/v1/threat-inspection/scan-configuration/findings/${threat.id}/`, admin);
    const log = (detail.body as { finding_log_status: Array<{ batch_id: number | null }> }).finding_log_status;
    expect(log.at(-1)?.batch_id).toBe(batch);
    expect(log[0]?.batch_id).toBeNull();
  });
});
