import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { components } from "../generated/schema.ts";
import { balancesOf } from "./credits.ts";
import { db, demoToken, setMockNow, setTokenLifetime } from "./index.ts";
import { server } from "./node.ts";
import { BASE, raw, sendKey, signIn } from "./testing.ts";

type S = components["schemas"];
type Json = Record<string, unknown>;
const TI = "/api/v1/threat-inspection/scan-configuration";

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
beforeEach(() => db.resetAll());
afterEach(() => setMockNow(null));
afterAll(() => server.close());

async function get<T>(path: string, token: string): Promise<T> {
  const r = await raw("GET", path, token);
  if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as T;
}

async function login(email: string, password = "demo") {
  return raw("POST", "/api/v1/auth/login/", null, { email, password }) as Promise<{
    status: number;
    body: S["LoginResponse"] & Json;
  }>;
}

describe("auth", () => {
  it("rejects a wrong password with a 400 in Django REST framework's shape", async () => {
    const r = await login("admin@example.com", "wrong");
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ non_field_errors: ["Unable to log in with provided credentials."] });
    const missing = await raw("POST", "/api/v1/auth/login/", null, { email: "admin@example.com" });
    expect(missing).toEqual({ status: 400, body: { password: ["This field is required."] } });
  });

  it("answers 401 to a token static mode did not issue, and to none", async () => {
    expect(await raw("GET", "/api/v1/user/profile/", "not-a-token")).toEqual({
      status: 401,
      body: { detail: "Given token not valid for any token type" },
    });
    expect((await raw("GET", "/api/v1/user/profile/", null)).status).toBe(401);
  });

  it("expires issued tokens after the configured lifetime", async () => {
    const start = Date.parse("2026-11-21T12:00:00Z");
    setMockNow(start);
    setTokenLifetime(60_000);
    const token = await signIn("member@example.com");
    setMockNow(start + 59_000);
    expect((await raw("GET", "/api/v1/user/profile/", token)).status).toBe(200);
    setMockNow(start + 60_000);
    const expired = await raw("GET", "/api/v1/user/profile/", token);
    expect(expired).toEqual({ status: 401, body: { detail: "Given token not valid for any token type" } });
  });

  it("keeps a default lifetime of 8 hours", async () => {
    const start = Date.parse("2026-11-21T12:00:00Z");
    setMockNow(start);
    const token = await signIn("member@example.com");
    setMockNow(start + 8 * 3600_000 - 1);
    expect((await raw("GET", "/api/v1/user/profile/", token)).status).toBe(200);
    setMockNow(start + 8 * 3600_000);
    expect((await raw("GET", "/api/v1/user/profile/", token)).status).toBe(401);
  });

  it("requires the code 123456 from an account with 2FA ACTIVE", async () => {
    const first = await login("twofa@example.com");
    expect(first.status).toBe(200);
    expect(first.body.two_fa).toBe("ACTIVE");
    const pending = first.body.access;
    // The pre-2FA token opens nothing but the 2FA step.
    expect((await raw("GET", "/api/v1/user/profile/", pending)).status).toBe(403);
    const wrong = await raw("POST", "/api/v1/auth/2fa/verify/", pending, { otp: "654321" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toHaveProperty("otp");
    const ok = await raw("POST", "/api/v1/auth/2fa/verify/", pending, { otp: "123456" });
    expect(ok.status).toBe(200);
    const full = (ok.body as S["LoginResponse"]).access;
    expect(full).not.toBe(pending);
    const profile = await get<S["User"]>("/api/v1/user/profile/", full);
    expect(profile.email).toBe("twofa@example.com");
  });

  it("enrols the 2FA SETUP account with an otpauth URI and activates it with 123456", async () => {
    const first = await login("setup2fa@example.com");
    expect(first.body.two_fa).toBe("SETUP");
    const pending = first.body.access;
    const setup = await get<S["TwoFASetup"]>("/api/v1/auth/2fa/setup/", pending);
    expect(setup.otpauth_uri).toMatch(
      /^otpauth:\/\/totp\/Sentinel:setup2fa%40example\.com\?secret=[A-Z2-7]+&issuer=Sentinel$/,
    );
    expect(setup.otpauth_uri).toContain(setup.secret);
    expect((await raw("POST", "/api/v1/auth/2fa/setup/verify/", pending, { otp: "000000" })).status).toBe(400);
    const ok = await raw("POST", "/api/v1/auth/2fa/setup/verify/", pending, { otp: "123456" });
    expect(ok.status).toBe(200);
    expect((ok.body as S["LoginResponse"]).two_fa).toBe("ACTIVE");
    const profile = await get<S["User"]>("/api/v1/user/profile/", (ok.body as S["LoginResponse"]).access);
    expect(profile.two_fa).toBe("ACTIVE");
    expect((await login("setup2fa@example.com")).body.two_fa).toBe("ACTIVE");
  });

  it("issues a ready token for stories and tests with demoToken()", async () => {
    const profile = await get<S["User"]>("/api/v1/user/profile/", demoToken("analyst@example.com"));
    expect(profile.role).toBe("ANALYST");
    expect(() => demoToken("nobody@example.com")).toThrow();
  });

  it("revokes the session on logout", async () => {
    const r = await login("member@example.com");
    const { access, refresh } = r.body;
    expect((await raw("POST", "/api/v1/auth/logout/", access, { refresh })).status).toBe(204);
    expect((await raw("GET", "/api/v1/user/profile/", access)).status).toBe(401);
  });
});

describe("writes change the state everywhere it is read", () => {
  it("shows a posted ticket message in the thread", async () => {
    const token = await signIn("member@example.com");
    const list = await get<S["PagedTicket"]>("/api/v1/ticket/?status=PROCESSING", token);
    const ticket = list.results[0];
    if (!ticket) throw new Error("no processing ticket");
    const form = new FormData();
    form.set("message", "Here is the log you asked for.");
    form.append("attachments", new File(["line 1"], "scan.log", { type: "text/plain" }));
    const posted = await raw("POST", `/api/v1/ticket/${ticket.id}/messages/`, token, form, sendKey());
    expect(posted.status).toBe(201);
    const thread = await get<S["Ticket"]>(`/api/v1/ticket/${ticket.id}/`, token);
    expect(thread.messages).toHaveLength(ticket.messages.length + 1);
    const last = thread.messages[thread.messages.length - 1];
    expect(last).toMatchObject({ message: "Here is the log you asked for.", is_self: true, sender_type: "client" });
    // The file's URL is the designed download operation's, signed like the server's; its name travels beside it.
    const file = last?.attachments[0]?.file ?? "";
    expect(file).toMatch(/\/api\/v1\/ticket\/attachments\/\d+\/download\/\?expires=\d+&user=\d+&signature=[\w-]+$/);
    expect(last?.attachments[0]?.name).toBe("scan.log");
    // A browser follows the link without the token: the link is the credential, for an hour.
    const download = await fetch(file);
    expect(download.status).toBe(200);
    expect(await download.text()).toContain('a stand-in for "scan.log"');
    setMockNow(Date.now() + 3601_000);
    expect((await fetch(file)).status).toBe(401);
    setMockNow(null);
    const bare = new URL(file);
    expect((await fetch(`${bare.origin}${bare.pathname}`)).status).toBe(401);
    // Another viewer sees the same message, not as their own.
    const admin = await signIn("admin@example.com");
    const seen = await get<S["Ticket"]>(`/api/v1/ticket/${ticket.id}/`, admin);
    expect(seen.messages[seen.messages.length - 1]?.is_self).toBe(false);
  });

  it("persists a network scan's new schedule", async () => {
    const token = await signIn("admin@example.com");
    const configs = await get<S["PagedNetworkScanConfiguration"]>("/api/v1/networkva/scan-configuration/", token);
    const config = configs.results.find((c) => c.schedulle_type === "ONE_TIME_SCAN");
    if (!config) throw new Error("no one-time configuration");
    const scans = await get<S["PagedNetworkScan"]>(`/api/v1/networkva/scan-configuration/${config.id}/scans/`, token);
    const scan = scans.results[0];
    if (!scan) throw new Error("no scan");
    const path = `/api/v1/networkva/scan-configuration/${config.id}/scans/${scan.id}/update-schedule/`;
    const body = {
      schedulle_type: "AUTOMATIC_SCHEDULLE",
      frequency_type: "QUARTERLY",
      scan_time: "2027-01-04T03:30:00Z",
    };
    const updated = await raw("PUT", path, token, body);
    expect(updated.status).toBe(200);
    const after = await get<S["PagedNetworkScan"]>(`/api/v1/networkva/scan-configuration/${config.id}/scans/`, token);
    const again = after.results.find((s) => s.id === scan.id);
    expect(again?.scan_time.schedulle).toBe("2027-01-04T03:30:00.000Z");
    expect(again?.schedulle_type).toBe("AUTOMATIC_SCHEDULLE");
    const detail = await get<S["NetworkScanConfiguration"]>(
      `/api/v1/networkva/scan-configuration/${config.id}/`,
      token,
    );
    expect(detail).toMatchObject({
      schedulle_type: "AUTOMATIC_SCHEDULLE",
      frequency_type: "QUARTERLY",
      frequency_type_display: "Quarterly",
    });
    // A continuous scan without a frequency is refused, field by field.
    const bad = await raw("PUT", path, token, {
      schedulle_type: "AUTOMATIC_SCHEDULLE",
      scan_time: "2027-01-04T03:30:00Z",
    });
    expect(bad).toEqual({ status: 400, body: { frequency_type: ["A continuous scan needs a frequency."] } });
  });

  it("appends a finding's status change to its log and to the counters", async () => {
    const token = await signIn("admin@example.com");
    const d = db.get();
    const f = d.findings.find(
      (x) => x.area === "network" && x.company_id === 1 && x.status === "ACTIVE" && x.log.length === 1,
    );
    if (!f) throw new Error("no fresh active finding");
    const se = d.scanEndpoints.find((e) => e.id === f.parent_id);
    const scan = d.networkScans.find((s) => s.id === se?.scan_id);
    const base = `/api/v1/networkva/scan-configuration/${scan?.config_id}/scans/${scan?.id}/scan-endpoints/${se?.id}`;
    const before = await get<S["Finding"]>(`${base}/findings/${f.id}/`, token);
    expect(before.finding_log_status).toHaveLength(1);
    expect(before.finding_log_status[0]).toMatchObject({
      old_status: null,
      new_status: "ACTIVE",
      message: "Finished scan by system",
      modified_by: null,
    });
    const counters = await get<S["ScanEndpoint"]>(`${base}/`, token);

    const r = await raw("PATCH", `${base}/findings/${f.id}/`, token, { status: "FIXING", message: "Update to fixing" });
    expect(r.status).toBe(200);
    const after = await get<S["Finding"]>(`${base}/findings/${f.id}/`, token);
    expect(after.status).toBe("FIXING");
    expect(after.finding_log_status).toHaveLength(2);
    expect(after.finding_log_status[1]).toMatchObject({
      old_status: "ACTIVE",
      new_status: "FIXING",
      new_status_display: "Fixing",
      message: "Update to fixing",
      modified_by: { email: "admin@example.com" },
    });
    const counted = await get<S["ScanEndpoint"]>(`${base}/`, token);
    expect(counted.finding_fixing).toBe(counters.finding_fixing + 1);
    expect(counted.finding_active).toBe(counters.finding_active - 1);
    const filtered = await get<S["PagedFinding"]>(`${base}/findings/?status=FIXING&page_size=100`, token);
    expect(filtered.results.map((x) => x.id)).toContain(f.id);

    await raw("PATCH", `${base}/findings/${f.id}/`, token, { status: "ACTIVE", message: "Update to active" });
    const back = await get<S["Finding"]>(`${base}/findings/${f.id}/`, token);
    expect(back.finding_log_status.map((l) => l.message)).toEqual([
      "Finished scan by system",
      "Update to fixing",
      "Update to active",
    ]);
    const same = await raw("PATCH", `${base}/findings/${f.id}/`, token, { status: "ACTIVE", message: "again" });
    expect(same.status).toBe(400);
  });
});

describe("threat inspection purchase", () => {
  /** Creates a configuration on the admin's first exposure target and selects `count` endpoints. */
  async function prepare(token: string, count: number) {
    const d = db.get();
    const exposure = d.exposureConfigs.find((c) => c.company_id === 1);
    const asset = d.exposureAssets.find((a) => a.id === exposure?.asset_id);
    const scan = d.exposureScans.find((s) => s.config_id === exposure?.id && s.status === "COMPLETED");
    if (!asset || !scan) throw new Error("no exposure data");
    const created = await raw("POST", `${TI}/`, token, {
      name: "Edge hosts",
      exposure_detection_target: asset.target.id,
    });
    expect(created.status).toBe(201);
    const id = (created.body as S["ThreatInspectionConfigurationCreated"]).id;
    const unpaid = await get<S["ThreatInspectionConfiguration"][]>(`${TI}/un-paid/`, token);
    expect(unpaid.map((c) => c.id)).toContain(id);

    const selection = await get<S["EndpointSelection"]>(`${TI}/${id}/endpoint-select/${scan.id}/`, token);
    expect(selection.endpoints_count).toBe(selection.endpoints.length);
    expect(selection.endpoints.every((e) => !e.assigned)).toBe(true);
    const chosen = selection.endpoints.slice(0, count).map((e) => e.id);
    const updated = await raw("PUT", `${TI}/${id}/update-endpoint/`, token, { endpoints: chosen });
    expect(updated.status).toBe(200);
    expect((updated.body as S["ThreatInspectionConfiguration"]).targets_count).toBe(count);
    const reselect = await get<S["EndpointSelection"]>(`${TI}/${id}/endpoint-select/${scan.id}/`, token);
    expect(reselect.endpoints.filter((e) => e.assigned).map((e) => e.id)).toEqual(chosen);

    const estimate = await raw("POST", `${TI}/${id}/estimate-price/`, token, {
      scan_frequency: "MONTHLY",
      scan_time: "2026-12-01T00:00:00Z",
    });
    expect(estimate.status).toBe(200);
    const summary = (estimate.body as S["PriceEstimate"]).charge_summary;
    return { id, summary, chosen };
  }

  it("creates, selects, estimates and pays: invoice, balance, credits activity and payments agree", async () => {
    const token = await signIn("admin@example.com");
    const balanceBefore = await get<S["CreditBalance"]>("/api/v1/credit/credit-transactions/credit-balance/", token);
    const { id, summary, chosen } = await prepare(token, 3);

    expect(summary.total_endpoints).toBe(3);
    expect(summary.endpoints).toHaveLength(3);
    expect(summary.endpoints.every((e) => e.credit === 10)).toBe(true);
    expect(summary.grand_total).toBe(summary.endpoints.reduce((n, e) => n + e.credit, 0));
    expect(summary.grand_total).toBe(30);
    expect(summary.invoice_number).toMatch(/^INV-.{8}$/);
    expect(summary).toMatchObject({
      group_name: "Edge hosts",
      scan_frequency: "MONTHLY",
      scan_time: "2026-12-01T00:00:00.000Z",
    });

    const processed = await raw("POST", `${TI}/${id}/process/`, token, {
      invoice_id: summary.invoice_number,
      amount_paid: summary.grand_total,
    });
    expect(processed.status).toBe(200);
    const result = processed.body as S["ProcessResult"];
    expect(result.payment).toMatchObject({
      status: "PAID",
      invoice_code: summary.invoice_number,
      total_credit_amount: 30,
      metadata: [{ amount: 30, credit_price: 10, transaction_type: "THREATINSPECTION" }],
    });
    expect(Date.parse(result.payment.expired_at) - Date.parse(result.payment.created_at)).toBe(3600_000);

    const balanceAfter = await get<S["CreditBalance"]>("/api/v1/credit/credit-transactions/credit-balance/", token);
    expect(balanceAfter.balance_threat_inspection).toBe(balanceBefore.balance_threat_inspection - 30);
    expect(balanceAfter.balance).toBe(balanceBefore.balance - 30);

    const activity = await get<S["PagedCreditTransaction"]>("/api/v1/credit/credit-transactions/", token);
    expect(activity.results[0]).toMatchObject({
      amount: -30,
      transaction_type: "THREATINSPECTION",
      transaction_action: "SPENDING",
      operator: "Hannah Schmidt",
    });
    const payments = await get<S["PagedPayment"]>("/api/v1/payment/", token);
    expect(payments.results[0]?.invoice_code).toBe(summary.invoice_number);

    const unpaid = await get<S["ThreatInspectionConfiguration"][]>(`${TI}/un-paid/`, token);
    expect(unpaid.map((c) => c.id)).not.toContain(id);
    const listed = await get<S["PagedThreatInspectionConfiguration"]>(`${TI}/`, token);
    expect(listed.results[0]).toMatchObject({ id, targets_count: 3, scan_frequency: "MONTHLY", status: "ON_PROGRESS" });
    const targets = await get<S["PagedThreatInspectionTarget"]>(`${TI}/${id}/targets/`, token);
    expect(targets.results.map((t) => t.id)).toEqual(chosen);
    const scans = await get<S["PagedThreatInspectionScan"]>(`${TI}/${id}/scans/`, token);
    expect(scans.results[0]).toMatchObject({ status: "QUEUED", progress: 0 });
  });

  it("does not charge twice for a repeated process call", async () => {
    const token = await signIn("admin@example.com");
    const { id, summary } = await prepare(token, 2);
    const body = { invoice_id: summary.invoice_number, amount_paid: summary.grand_total };
    const first = await raw("POST", `${TI}/${id}/process/`, token, body);
    const balance = balancesOf(db.get(), 1).balance_threat_inspection;
    const transactions = db.get().creditTransactions.length;
    const payments = db.get().payments.length;
    const second = await raw("POST", `${TI}/${id}/process/`, token, body);
    expect(second.status).toBe(200);
    expect((second.body as S["ProcessResult"]).payment.id).toBe((first.body as S["ProcessResult"]).payment.id);
    expect(balancesOf(db.get(), 1).balance_threat_inspection).toBe(balance);
    expect(db.get().creditTransactions).toHaveLength(transactions);
    expect(db.get().payments).toHaveLength(payments);
  });

  it("refuses an insufficient balance with a 400 and deducts nothing", async () => {
    const token = await signIn("admin@example.com");
    const { id, summary } = await prepare(token, 4);
    // Spend the balance down to less than the price.
    const d = db.get();
    const available = balancesOf(d, 1).balance_threat_inspection;
    d.creditTransactions.push({
      id: 999_999,
      company_id: 1,
      amount: -(available - 15),
      transaction_type: "THREATINSPECTION",
      operator: "Test",
      created_at: "2026-11-21T11:00:00.000Z",
      transaction_action: "SPENDING",
      reference: null,
    });
    const count = d.creditTransactions.length;
    const r = await raw("POST", `${TI}/${id}/process/`, token, { invoice_id: summary.invoice_number, amount_paid: 40 });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      non_field_errors: ["Insufficient credit balance: 40 threat inspection credits needed, 15 available."],
    });
    expect(balancesOf(d, 1).balance_threat_inspection).toBe(15);
    expect(d.creditTransactions).toHaveLength(count);
    const unpaid = await get<S["ThreatInspectionConfiguration"][]>(`${TI}/un-paid/`, token);
    expect(unpaid.map((c) => c.id)).toContain(id);
  });

  it("refuses an amount or invoice that does not match the estimate", async () => {
    const token = await signIn("admin@example.com");
    const { id, summary } = await prepare(token, 1);
    const wrongAmount = await raw("POST", `${TI}/${id}/process/`, token, {
      invoice_id: summary.invoice_number,
      amount_paid: 5,
    });
    expect(wrongAmount.status).toBe(400);
    expect(wrongAmount.body).toHaveProperty("amount_paid");
    const wrongInvoice = await raw("POST", `${TI}/${id}/process/`, token, {
      invoice_id: "INV-XXXXXXXX",
      amount_paid: 10,
    });
    expect(wrongInvoice.status).toBe(400);
    expect(wrongInvoice.body).toHaveProperty("invoice_id");
  });
});

describe("lists: paging, search and filters", () => {
  const wrapperFields = [
    "next",
    "previous",
    "base_link",
    "pages",
    "count",
    "current_page",
    "start_index",
    "end_index",
    "page_size",
    "total_pages",
    "results",
  ];

  it("pages a main list with every wrapper field correct", async () => {
    const token = await signIn("member@example.com");
    const p1 = await get<S["PagedTicket"]>("/api/v1/ticket/", token);
    expect(Object.keys(p1).sort()).toEqual([...wrapperFields].sort());
    expect(p1.count).toBeGreaterThan(30);
    const total = Math.ceil(p1.count / 10);
    expect(p1).toMatchObject({
      current_page: 1,
      page_size: 10,
      total_pages: total,
      start_index: 1,
      end_index: 10,
      previous: null,
    });
    expect(p1.next).toBe(`${BASE}/api/v1/ticket/?page=2`);
    expect(p1.base_link).toBe(`${BASE}/api/v1/ticket/`);
    const last = await get<S["PagedTicket"]>(`/api/v1/ticket/?page=${total}`, token);
    expect(last.next).toBeNull();
    expect(last.previous).toBe(`${BASE}/api/v1/ticket/?page=${total - 1}`);
    expect(last.end_index).toBe(p1.count);
    expect(last.results).toHaveLength(p1.count - (total - 1) * 10);
    const beyond = await raw("GET", `/api/v1/ticket/?page=${total + 1}`, token);
    expect(beyond).toEqual({ status: 404, body: { detail: "Invalid page." } });
  });

  it("applies page_size and keeps other query values in the links", async () => {
    const token = await signIn("admin@example.com");
    const p = await get<S["PagedTicket"]>("/api/v1/ticket/?status=CLOSED&page_size=5&page=2", token);
    expect(p.page_size).toBe(5);
    expect(p.results.length).toBeLessThanOrEqual(5);
    expect(p.results.every((t) => t.status === "CLOSED")).toBe(true);
    expect(p.base_link).toBe(`${BASE}/api/v1/ticket/?status=CLOSED&page_size=5`);
    expect(p.previous).toBe(`${BASE}/api/v1/ticket/?status=CLOSED&page_size=5&page=1`);
  });

  it("filters tickets by status and rejects an unknown status", async () => {
    const token = await signIn("admin@example.com");
    for (const status of ["UNREAD", "PROCESSING", "CLOSED"] as const) {
      const p = await get<S["PagedTicket"]>(`/api/v1/ticket/?status=${status}&page_size=100`, token);
      expect(p.count).toBeGreaterThan(0);
      expect(p.results.every((t) => t.status === status)).toBe(true);
    }
    const bad = await raw("GET", "/api/v1/ticket/?status=DONE", token);
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty("status");
  });

  it("searches", async () => {
    const token = await signIn("superadmin@example.com");
    const companies = await get<S["PagedCompany"]>("/api/v1/company/?search=northwind&page_size=100", token);
    expect(companies.results.map((c) => c.name)).toEqual(["Northwind Logistics"]);
    const tickets = await get<S["PagedTicket"]>("/api/v1/ticket/?search=top-up&page_size=100", token);
    expect(tickets.count).toBeGreaterThan(0);
    expect(tickets.results.every((t) => `${t.name} ${t.description}`.toLowerCase().includes("top-up"))).toBe(true);
    const members = await get<S["PagedUser"]>("/api/v1/company/1/member/?search=schmidt", token);
    expect(members.results.map((m) => m.email)).toContain("admin@example.com");
  });

  it("pages the member list by limit", async () => {
    const token = await signIn("admin@example.com");
    const p = await get<S["PagedUser"]>("/api/v1/company/1/member/?limit=7&page=2", token);
    expect(p.page_size).toBe(7);
    expect(p.results).toHaveLength(7);
    expect(p.start_index).toBe(8);
    expect(p.count).toBe(34);
    expect(p.next).toBe(`${BASE}/api/v1/company/1/member/?limit=7&page=3`);
  });

  it("lets staff scope a list to one company, and keeps clients to their own", async () => {
    const staff = await signIn("superadmin@example.com");
    const all = await get<S["PagedSourceCodeApplication"]>("/api/v1/sourcecode/applications/", staff);
    const one = await get<S["PagedSourceCodeApplication"]>("/api/v1/sourcecode/applications/?company=2", staff);
    expect(one.count).toBeGreaterThan(0);
    expect(one.count).toBeLessThan(all.count);
    const member = await signIn("member@example.com");
    const own = await get<S["PagedSourceCodeApplication"]>("/api/v1/sourcecode/applications/", member);
    const ignored = await get<S["PagedSourceCodeApplication"]>("/api/v1/sourcecode/applications/?company=2", member);
    expect(ignored.count).toBe(own.count);
    expect(own.count + one.count).toBeLessThanOrEqual(all.count);
    const foreign = db.get().tickets.find((t) => t.company_id === 2);
    expect((await raw("GET", `/api/v1/ticket/${foreign?.id}/`, member)).status).toBe(404);
    expect((await raw("GET", "/api/v1/company/2/", member)).status).toBe(404);
    expect((await raw("GET", "/api/v1/company/my-company/", staff)).status).toBe(404);
  });

  it("searches and filters an endpoint's findings", async () => {
    const token = await signIn("admin@example.com");
    const d = db.get();
    // The endpoint seeded with every severity and status.
    const counts = new Map<number, number>();
    for (const f of d.findings) if (f.area === "network") counts.set(f.parent_id, (counts.get(f.parent_id) ?? 0) + 1);
    const [endpointId] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [0];
    const se = d.scanEndpoints.find((e) => e.id === endpointId);
    const scan = d.networkScans.find((s) => s.id === se?.scan_id);
    const base = `/api/v1/networkva/scan-configuration/${scan?.config_id}/scans/${scan?.id}/scan-endpoints/${endpointId}/findings/`;
    const all = await get<S["PagedFinding"]>(base, token);
    // One finding per vulnerability of the catalogue: more than a page of ten.
    expect(all.count).toBeGreaterThan(10);
    expect(
      new Set((await get<S["PagedFinding"]>(`${base}?page_size=100`, token)).results.map((f) => f.severity)).size,
    ).toBe(5);
    const mitigated = await get<S["PagedFinding"]>(`${base}?status=MITIGATED&page_size=100`, token);
    expect(mitigated.count).toBeGreaterThan(0);
    expect(mitigated.results.every((f) => f.status === "MITIGATED")).toBe(true);
    const search = await get<S["PagedFinding"]>(`${base}?search=log4j&page_size=100`, token);
    expect(search.count).toBeGreaterThan(0);
    expect(search.results.every((f) => /log4j/i.test(`${f.name} ${f.description}`))).toBe(true);
    expect((await raw("GET", `${base}?status=OPEN`, token)).status).toBe(400);
  });

  it("serves an empty page 1 when a filter matches nothing", async () => {
    const token = await signIn("admin@example.com");
    const p = await get<S["PagedCompany"]>("/api/v1/company/?search=zzz-no-such-company", token);
    expect(p).toMatchObject({
      count: 0,
      results: [],
      total_pages: 0,
      start_index: 0,
      end_index: 0,
      next: null,
      previous: null,
    });
  });
});

describe("dashboards agree with the lists", () => {
  async function all<T>(path: string, token: string): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; ; page++) {
      const p = await get<{ results: T[]; next: string | null }>(
        `${path}${path.includes("?") ? "&" : "?"}page_size=100&page=${page}`,
        token,
      );
      out.push(...p.results);
      if (!p.next) return out;
    }
  }

  it("counts tickets, assets and credits the way the lists do", async () => {
    const token = await signIn("admin@example.com");
    const overview = await get<S["TicketOverview"]>("/api/v1/dashboard/ticket/overview/", token);
    const tickets = await all<S["Ticket"]>("/api/v1/ticket/", token);
    expect(overview.total_count).toBe(tickets.length);
    expect(overview.unread_count).toBe(tickets.filter((t) => t.status === "UNREAD").length);
    expect(overview.processing_count).toBe(tickets.filter((t) => t.status === "PROCESSING").length);
    expect(overview.closed_count).toBe(tickets.filter((t) => t.status === "CLOSED").length);
    const latest = await get<S["LatestTicket"][]>("/api/v1/dashboard/ticket/latest-ticket/", token);
    expect(latest.map((t) => t.id)).toEqual(tickets.slice(0, latest.length).map((t) => t.id));

    const growth = await get<S["AssetGrowth"]>("/api/v1/dashboard/asset/growth/", token);
    const count = async (path: string) => (await get<{ count: number }>(path, token)).count;
    expect(growth.networkva).toBe(await count("/api/v1/asset/networkva/"));
    expect(growth.exposure_detection).toBe(await count("/api/v1/asset/exposure-detection/"));
    expect(growth.threat_inspection).toBe(await count("/api/v1/asset/threat-inspection/"));
    expect(growth.web).toBe(await count("/api/v1/asset/webapp/"));
    expect(growth.sourcecode).toBe(await count("/api/v1/asset/sourcecode/"));
    expect(growth.totals).toBe(
      growth.networkva + growth.exposure_detection + growth.threat_inspection + growth.web + growth.sourcecode,
    );

    const transactions = await all<S["CreditTransaction"]>("/api/v1/credit/credit-transactions/", token);
    const balance = await get<S["CreditBalance"]>("/api/v1/credit/credit-transactions/credit-balance/", token);
    expect(balance.balance).toBe(transactions.reduce((n, t) => n + t.amount, 0));
    expect(balance.balance_threat_inspection).toBe(
      transactions.filter((t) => t.transaction_type === "THREATINSPECTION").reduce((n, t) => n + t.amount, 0),
    );

    const graph = await get<S["CreditGraphPoint"][]>("/api/v1/dashboard/credit/graph/", token);
    expect(graph).toHaveLength(12);
    const label = (iso: string) => {
      const d = new Date(iso);
      return `${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][d.getUTCMonth()]} ${d.getUTCFullYear()}`;
    };
    for (const point of graph) {
      const inMonth = transactions.filter((t) => label(t.created_at) === point.month);
      expect(point.topup, point.month).toBe(
        inMonth.filter((t) => t.transaction_action === "TOPUP").reduce((n, t) => n + t.amount, 0),
      );
      expect(point.spending, point.month).toBe(
        inMonth.filter((t) => t.transaction_action === "SPENDING").reduce((n, t) => n - t.amount, 0),
      );
    }
    const series = await get<S["CreditTransactionGraph"]>(
      "/api/v1/credit/credit-transactions/credit-transaction-graph/",
      token,
    );
    expect(series.date_labels).toEqual(graph.map((p) => p.month));
    graph.forEach((p, i) => {
      const sum = ["networkva", "exposure_detection", "threat_inspection", "web", "sourcecode"].reduce(
        (n, key) => n + ((series[key as "web"][i] as number | undefined) ?? 0),
        0,
      );
      expect(sum, p.month).toBe(p.spending);
    });
  });
});
