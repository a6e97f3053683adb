import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { SYSTEM, withScope } from "../../db/pool.ts";
import { loadContract } from "../../http/contract.ts";

const MOCK = "https://static-mode.example.test";
const CONFIGS = "/api/v1/threat-inspection/scan-configuration";

/**
 * Static mode's msw server, the executable reference these answers are compared with. Loaded by
 * name so this package's type check does not follow it into modules written for the browser build
 * (they read `window` and import the contract `?raw`); vitest resolves it as any import.
 */
const MOCK_NODE: string = "@sentinel/api-client/mocks/node";
const mockServer = ((await import(MOCK_NODE)) as { server: { listen(options: object): void; close(): void } }).server;

let server: TestServer;
const tokens: Record<string, string> = {};
const mockTokens: Record<string, string> = {};
const seed = buildSeed();

beforeAll(async () => {
  mockServer.listen({ onUnhandledRequest: "bypass" });
  server = await testServer();
  for (const email of ["admin@example.com", "member@example.com", "analyst@example.com"]) {
    tokens[email] = (await server.signIn(email)).access;
    const res = await fetch(`${MOCK}/api/v1/auth/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "demo" }),
    });
    mockTokens[email] = ((await res.json()) as { access: string }).access;
  }
});
afterAll(async () => {
  mockServer.close();
  await server.close();
});

const contract = loadContract();
/** Path ids are whole numbers, so a literal segment (`topup-credit`, `un-paid`) never reads as one. */
const opOf = (method: string, path: string) => {
  const route = path.split("?")[0] ?? path;
  const op = contract.operations.find(
    (o) => o.method === method.toLowerCase() && new RegExp(`^${o.path.replace(/\{\w+\}/g, "\\d+")}$`).test(route),
  );
  if (!op) throw new Error(`no operation for ${method} ${path}`);
  return op;
};

/** Calls the server and checks the answer against the contract's schema for its status. */
async function call(email: string, method: string, path: string, body?: unknown) {
  const res = await server.call(method, path, { token: tokens[email] ?? "", body });
  const json = res.body ? res.json() : undefined;
  const op = opOf(method, path);
  const validate = contract.responseValidator(op, res.statusCode);
  if (validate && !validate(json)) {
    throw new Error(`${method} ${path} → ${res.statusCode} breaks the contract: ${JSON.stringify(validate.errors)}`);
  }
  return { status: res.statusCode, body: json };
}

async function mockGet(email: string, path: string) {
  const res = await fetch(`${MOCK}${path}`, { headers: { authorization: `Bearer ${mockTokens[email]}` } });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** A paged answer without its links (they name the host that was asked). */
const unlinked = (body: unknown) => {
  if (body && typeof body === "object" && "results" in body) {
    const { next: _n, previous: _p, base_link: _b, ...rest } = body as Record<string, unknown>;
    return rest;
  }
  return body;
};

const asSystem = <T>(work: Parameters<typeof withScope<T>>[2]) => withScope(server.services.db, SYSTEM, work);

async function ledger(companyId: number) {
  return await asSystem(async (tx) => {
    const r = await sql<{ n: number; total: number }>`select count(*)::int as n, coalesce(sum(amount), 0) as total
      from credit_transactions where company_id = ${companyId} and transaction_type = 'THREATINSPECTION'`.execute(tx);
    return r.rows[0] ?? { n: 0, total: 0 };
  });
}

const counts = async (companyId: number) =>
  await asSystem(async (tx) => {
    const r = await sql<{ payments: number; scans: number; ledger: number; audits: number }>`select
      (select count(*)::int from payments where company_id = ${companyId}) as payments,
      (select count(*)::int from threat_scans where company_id = ${companyId}) as scans,
      (select count(*)::int from credit_transactions where company_id = ${companyId}) as ledger,
      (select count(*)::int from audit_events where company_id = ${companyId}) as audits`.execute(tx);
    return r.rows[0];
  });

/** Hosts an exposure scan of target 1 found (company 1): what a configuration on it may select. */
async function selectableOfTarget1() {
  return await asSystem(async (tx) => {
    const r = await sql<{ scan_id: number; id: number }>`
      select h.scan_id, h.id from exposure_hosts h join exposure_scans s on s.id = h.scan_id
       where s.config_id = (select ec.id from exposure_configs ec join exposure_assets ea on ea.id = ec.asset_id
                             where ea.target_id = 1 order by ec.id limit 1)
       order by h.id`.execute(tx);
    return r.rows;
  });
}

/** Sets company 1's threat inspection balance to `target` with one ledger row, as a spend elsewhere would. */
async function setThreatBalance(target: number) {
  const { total } = await ledger(1);
  if (total === target) return;
  const amount = target - total;
  await asSystem(
    async (tx) =>
      await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator)
              values (1, ${amount}, 'THREATINSPECTION', ${amount < 0 ? "SPENDING" : "TOPUP"}, 'System')`.execute(tx),
  );
}

/** A configuration of company 1 on target 1, with `hosts` selected and its price estimated. */
async function estimatedConfig(name: string, hosts: number[]) {
  const created = await call("admin@example.com", "POST", `${CONFIGS}/`, { name, exposure_detection_target: 1 });
  expect(created.status).toBe(201);
  const id = (created.body as { id: number }).id;
  expect(
    (await call("admin@example.com", "PUT", `${CONFIGS}/${id}/update-endpoint/`, { endpoints: hosts })).status,
  ).toBe(200);
  const estimate = await call("admin@example.com", "POST", `${CONFIGS}/${id}/estimate-price/`, {
    scan_frequency: "WEEKLY",
  });
  expect(estimate.status).toBe(200);
  const summary = (estimate.body as { charge_summary: { invoice_number: string; grand_total: number } }).charge_summary;
  return { id, invoice: summary.invoice_number, total: summary.grand_total };
}

describe("reads match static mode", () => {
  const paths = async () => {
    const hosts = await selectableOfTarget1();
    return [
      "/api/v1/credit/credit-transactions/credit-balance/",
      "/api/v1/credit/credit-transactions/?page=2&page_size=7",
      "/api/v1/credit/credit-transactions/?transaction_action=TOPUP&transaction_type=NETWORKVA",
      "/api/v1/payment/?page_size=20",
      "/api/v1/payment/topup-credit/?page=2&page_size=5",
      `${CONFIGS}/?page_size=50`,
      `${CONFIGS}/un-paid/`,
      `${CONFIGS}/1/`,
      `${CONFIGS}/36/`,
      `${CONFIGS}/37/`,
      `${CONFIGS}/1/targets/?page=2&page_size=10`,
      `${CONFIGS}/2/targets/`,
      `${CONFIGS}/1/endpoint-select/${hosts[0]?.scan_id}/`,
      `${CONFIGS}/1/scans/`,
      `${CONFIGS}/scans/1/`,
      `${CONFIGS}/scans/2/endpoints/?page_size=40`,
      `${CONFIGS}/endpoints/1/`,
      `${CONFIGS}/endpoints/3/`,
      `${CONFIGS}/scans/1/endpoint-reputation/`,
      `${CONFIGS}/scans/1/domain-reputation/`,
      `${CONFIGS}/scans/2/domain-reputation/`,
    ];
  };

  for (const email of ["admin@example.com", "member@example.com", "analyst@example.com"]) {
    it(`answers ${email} as static mode does, within the contract`, async () => {
      const list = await paths();
      if (email === "analyst@example.com") {
        list.push(
          "/api/v1/credit/credit-transactions/credit-balance/?company=2",
          "/api/v1/payment/?company=3",
          `${CONFIGS}/?company=2`,
          `${CONFIGS}/un-paid/?company=2`,
          `${CONFIGS}/40/`,
          `${CONFIGS}/scans/90/`,
        );
      }
      for (const path of list) {
        const ours = await call(email, "GET", path);
        const theirs = await mockGet(email, path);
        expect({ path, status: ours.status }).toEqual({ path, status: theirs.status });
        expect({ path, body: unlinked(ours.body) }).toEqual({ path, body: unlinked(theirs.body) });
      }
    });
  }

  it("spends per service per month as static mode, for the months both show", async () => {
    for (const suffix of ["", "?company=2"]) {
      const path = `/api/v1/credit/credit-transactions/credit-transaction-graph/${suffix}`;
      const ours = (await call("analyst@example.com", "GET", path)).body as Record<string, Array<string | number>>;
      const theirs = (await mockGet("analyst@example.com", path)).body as Record<string, Array<string | number>>;
      const now = new Date();
      const label = `${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][now.getUTCMonth()]} ${now.getUTCFullYear()}`;
      expect(ours.date_labels).toHaveLength(12);
      expect(ours.date_labels?.at(-1)).toBe(label);
      for (const [i, month] of (theirs.date_labels ?? []).entries()) {
        const j = ours.date_labels?.indexOf(month) ?? -1;
        if (j < 0) continue;
        for (const key of ["networkva", "exposure_detection", "threat_inspection", "web", "sourcecode"]) {
          expect({ month, key, v: ours[key]?.[j] }).toEqual({ month, key, v: theirs[key]?.[i] });
        }
      }
    }
  });

  it("derives each company's balance from the ledger (the seed's sums)", async () => {
    for (const company of [1, 2, 5]) {
      const sum = (type: string) =>
        seed.creditTransactions
          .filter((t) => t.company_id === company && t.transaction_type === type)
          .reduce((n, t) => n + t.amount, 0);
      const res = await call(
        "analyst@example.com",
        "GET",
        `/api/v1/credit/credit-transactions/credit-balance/?company=${company}`,
      );
      expect(res.body).toEqual({
        balance_network_va: sum("NETWORKVA"),
        balance_application_va: sum("APPLICATIONVA"),
        balance_source_code: sum("SOURCECODE"),
        balance_threat_inspection: sum("THREATINSPECTION"),
        balance_exposure_detection: sum("EXPOSUREDETECTION"),
        balance: seed.creditTransactions.filter((t) => t.company_id === company).reduce((n, t) => n + t.amount, 0),
      });
    }
  });

  it("answers balances whose total is the sum of the five balances shown as tiles (issue 28)", async () => {
    const tiles = [
      "balance_network_va",
      "balance_application_va",
      "balance_source_code",
      "balance_threat_inspection",
      "balance_exposure_detection",
    ];
    const answers = [
      (await call("admin@example.com", "GET", "/api/v1/credit/credit-transactions/credit-balance/")).body,
    ];
    for (const company of seed.companies.map((c) => c.id)) {
      const path = `/api/v1/credit/credit-transactions/credit-balance/?company=${company}`;
      answers.push((await call("analyst@example.com", "GET", path)).body);
    }
    for (const answer of answers as Array<Record<string, number>>) {
      expect(answer.balance_exposure_detection).toBeGreaterThan(0);
      expect(tiles.reduce((sum, key) => sum + (answer[key] ?? Number.NaN), 0)).toBe(answer.balance);
    }
  });

  it("exports the transactions as the same CSV bytes as static mode, in the list's order", async () => {
    for (const [email, query] of [
      ["admin@example.com", "?transaction_type=NETWORKVA"],
      ["member@example.com", "?company=2"],
      ["analyst@example.com", "?company=3&transaction_action=TOPUP"],
    ] as const) {
      const path = `/api/v1/credit/credit-transactions/export/${query}`;
      const ours = await server.call("GET", path, { token: tokens[email] ?? "" });
      const theirs = await fetch(`${MOCK}${path}`, { headers: { authorization: `Bearer ${mockTokens[email]}` } });
      expect(ours.statusCode).toBe(200);
      expect(ours.headers["content-type"]).toBe("text/csv; charset=utf-8; header=present");
      expect(String(ours.headers["content-disposition"])).toMatch(
        /^attachment; filename="sentinel-credit-transactions-\d{8}T\d{6}Z\.csv"$/,
      );
      const bytes = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await theirs.arrayBuffer());
      expect({ path, body: ours.body }).toEqual({ path, body: bytes });
      const list = await call(email, "GET", `/api/v1/credit/credit-transactions/${query}`);
      const lines = ours.body.split("\r\n").filter(Boolean);
      expect(lines.length - 1).toBe((list.body as { count: number }).count);
    }
  });
});

describe("a transaction's invoice", () => {
  it("opens by id for its company and staff; another company's answers 404", async () => {
    const own = seed.payments.find((p) => p.company_id === 1);
    const other = seed.payments.find((p) => p.company_id === 2);
    expect((await call("member@example.com", "GET", `/api/v1/payment/${own?.id}/`)).body).toMatchObject({
      id: own?.id,
      invoice_code: own?.invoice_code,
    });
    expect((await call("member@example.com", "GET", `/api/v1/payment/${other?.id}/`)).status).toBe(404);
    expect((await call("analyst@example.com", "GET", `/api/v1/payment/${other?.id}/`)).status).toBe(200);
  });
});

describe("isolation", () => {
  it("answers 404 to a company 1 client for company 2's configuration, scan, endpoint and their writes", async () => {
    const other = seed.threatConfigs.find((c) => c.company_id === 2 && c.paid_invoice);
    const unpaid = seed.threatConfigs.find((c) => c.company_id === 2 && !c.paid_invoice);
    const scan = seed.threatScans.find((s) => s.config_id === other?.id);
    const endpoint = seed.threatEndpoints.find((e) => e.scan_id === scan?.id);
    expect(other && unpaid && scan && endpoint).toBeTruthy();
    const before = await counts(2);
    for (const email of ["admin@example.com", "member@example.com"]) {
      for (const path of [
        `${CONFIGS}/${other?.id}/`,
        `${CONFIGS}/${unpaid?.id}/`,
        `${CONFIGS}/${other?.id}/targets/`,
        `${CONFIGS}/${other?.id}/scans/`,
        `${CONFIGS}/${other?.id}/endpoint-select/1/`,
        `${CONFIGS}/scans/${scan?.id}/`,
        `${CONFIGS}/scans/${scan?.id}/endpoints/`,
        `${CONFIGS}/scans/${scan?.id}/endpoint-reputation/`,
        `${CONFIGS}/scans/${scan?.id}/domain-reputation/`,
        `${CONFIGS}/endpoints/${endpoint?.id}/`,
      ]) {
        expect({ path, status: (await call(email, "GET", path)).status }).toEqual({ path, status: 404 });
      }
      expect((await call(email, "PUT", `${CONFIGS}/${unpaid?.id}/update-endpoint/`, { endpoints: [1] })).status).toBe(
        404,
      );
      expect(
        (await call(email, "POST", `${CONFIGS}/${unpaid?.id}/estimate-price/`, { scan_frequency: "WEEKLY" })).status,
      ).toBe(404);
      expect(
        (
          await call(email, "POST", `${CONFIGS}/${other?.id}/process/`, {
            invoice_id: other?.paid_invoice,
            amount_paid: other?.estimate?.grand_total,
          })
        ).status,
      ).toBe(404);
      // Another company's exposure target is no target at all.
      const target = seed.exposureAssets.find(
        (a) => a.product_id === seed.products.find((p) => p.company_id === 2)?.id,
      );
      const created = await call(email, "POST", `${CONFIGS}/`, {
        name: "x",
        exposure_detection_target: target?.target.id,
      });
      expect(created.status).toBe(400);
      expect(created.body).toEqual({
        exposure_detection_target: [`Invalid pk "${target?.target.id}" - object does not exist.`],
      });
    }
    expect(await counts(2)).toEqual(before);
  });

  it("shows a client only its own company's payments and balance, whatever `company` it passes", async () => {
    const res = await call("member@example.com", "GET", "/api/v1/payment/?company=2&page_size=100");
    const rows = (res.body as { results: Array<{ company: { id: number } }> }).results;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((p) => p.company.id === 1)).toBe(true);
    const own = await call("member@example.com", "GET", "/api/v1/credit/credit-transactions/credit-balance/");
    const asked = await call(
      "member@example.com",
      "GET",
      "/api/v1/credit/credit-transactions/credit-balance/?company=2",
    );
    expect(asked.body).toEqual(own.body);
    const staff = await call("analyst@example.com", "GET", "/api/v1/payment/topup-credit/?company=2&page_size=100");
    const staffRows = (staff.body as { results: Array<{ company: { id: number } }> }).results;
    expect(staffRows.length).toBeGreaterThan(0);
    expect(staffRows.every((p) => p.company.id === 2)).toBe(true);
  });
});

describe("top-up", () => {
  it("creates an UNPAID payment for the caller's company, audited; staff may not buy", async () => {
    const body = {
      items: [
        { transaction_type: "THREATINSPECTION", amount: 50 },
        { transaction_type: "NETWORKVA", amount: 25 },
      ],
      payment_method: "BANK_TRANSFER",
    };
    const res = await call("admin@example.com", "POST", "/api/v1/payment/topup-credit/", body);
    expect(res.status).toBe(201);
    const p = res.body as Record<string, unknown> & { items: Array<{ id: number }>; id: number };
    expect(p).toMatchObject({
      status: "UNPAID",
      total_credit_amount: 75,
      total_paid_amount: 0,
      payment_method: "BANK_TRANSFER",
      payment_method_bank_name: "Example National Bank",
      payment_method_bank_account_name: seed.companies.find((c) => c.id === 1)?.name,
      payment_method_bank_account_number: "0042-001037",
      metadata: [
        { amount: 50, credit_price: 10, transaction_type: "THREATINSPECTION" },
        { amount: 25, credit_price: 10, transaction_type: "NETWORKVA" },
      ],
      company: { id: 1, name: seed.companies.find((c) => c.id === 1)?.name },
      is_deleted: false,
    });
    expect(p.items).toHaveLength(2);
    expect(new Set(p.items.map((i) => i.id)).size).toBe(2);
    expect(Date.parse(String(p.expired_at)) - Date.parse(String(p.created_at))).toBe(3_600_000);
    // An unpaid top-up adds nothing to the balance.
    const list = await call("member@example.com", "GET", "/api/v1/payment/topup-credit/");
    expect((list.body as { results: Array<{ id: number }> }).results[0]?.id).toBe(p.id);
    const audits = await asSystem(
      async (tx) =>
        (
          await sql<{
            action: string;
          }>`select action from audit_events where entity = 'payment' and entity_id = ${p.id}`.execute(tx)
        ).rows,
    );
    expect(audits).toEqual([{ action: "payment.topup.create" }]);

    const staff = await call("analyst@example.com", "POST", "/api/v1/payment/topup-credit/", body);
    expect(staff.status).toBe(403);
    const bad = await call("admin@example.com", "POST", "/api/v1/payment/topup-credit/", { ...body, items: [] });
    expect(bad.status).toBe(400);
  });
});

describe("a member (CLIENT) may not spend or buy credits (issue 28)", () => {
  const REFUSED = { detail: "Only your company's admins can buy or spend credits. Ask one of them to do it." };

  it("refuses a member's top-up and purchase with 403, writing nothing", async () => {
    const payments = async () =>
      await asSystem(
        async (tx) => (await sql<{ n: number }>`select count(*)::int as n from payments`.execute(tx)).rows[0]?.n,
      );
    const before = await payments();
    const spentBefore = await ledger(1);
    const topup = await call("member@example.com", "POST", "/api/v1/payment/topup-credit/", {
      items: [{ transaction_type: "THREATINSPECTION", amount: 50 }],
      payment_method: "BANK_TRANSFER",
    });
    expect(topup.status).toBe(403);
    expect(topup.body).toEqual(REFUSED);

    const hosts = (await selectableOfTarget1()).map((h) => h.id);
    const config = await estimatedConfig("Member tries to pay", [hosts[0] ?? 0]);
    const pay = await call("member@example.com", "POST", `${CONFIGS}/${config.id}/process/`, {
      invoice_id: config.invoice,
      amount_paid: config.total,
    });
    expect(pay.status).toBe(403);
    expect(pay.body).toEqual(REFUSED);
    expect(await payments()).toBe(before);
    expect(await ledger(1)).toEqual(spentBefore);
    const paid = await asSystem(
      async (tx) =>
        (
          await sql<{
            paid_invoice: string | null;
          }>`select paid_invoice from threat_configs where id = ${config.id}`.execute(tx)
        ).rows[0],
    );
    expect(paid).toEqual({ paid_invoice: null });
  });
});

describe("the purchase", () => {
  it("creates, selects, estimates and pays: the ledger debit, the payment, the scan and the audit in one go", async () => {
    const hosts = (await selectableOfTarget1()).map((h) => h.id);
    const before = await ledger(1);
    const balanceBefore = (await call("admin@example.com", "GET", "/api/v1/credit/credit-transactions/credit-balance/"))
      .body as { balance_threat_inspection: number };
    expect(balanceBefore.balance_threat_inspection).toBe(before.total);

    const created = await call("admin@example.com", "POST", `${CONFIGS}/`, {
      name: "  Edge hosts ",
      exposure_detection_target: 1,
    });
    expect(created.body).toMatchObject({ name: "Edge hosts", exposure_detection_target: 1 });
    const id = (created.body as { id: number }).id;
    const unpaid = (await call("admin@example.com", "GET", `${CONFIGS}/un-paid/`)).body as Array<{ id: number }>;
    expect(unpaid[0]?.id).toBe(id);

    const selection = [hosts[2], hosts[0], hosts[2], hosts[1]];
    const updated = await call("admin@example.com", "PUT", `${CONFIGS}/${id}/update-endpoint/`, {
      endpoints: selection,
    });
    expect(updated.body).toMatchObject({ id, targets_count: 3, status: "ON_PROGRESS", scan_frequency: null });
    const wrong = await call("admin@example.com", "PUT", `${CONFIGS}/${id}/update-endpoint/`, { endpoints: [999999] });
    expect(wrong.body).toEqual({ endpoints: ['Invalid pk "999999" - object does not exist.'] });

    const estimate = await call("admin@example.com", "POST", `${CONFIGS}/${id}/estimate-price/`, {
      scan_frequency: "MONTHLY",
      scan_time: "2026-12-01T08:00:00Z",
    });
    const summary = (estimate.body as { charge_summary: Record<string, unknown> }).charge_summary;
    expect(summary).toMatchObject({
      group_name: "Edge hosts",
      total_endpoints: 3,
      scan_frequency: "MONTHLY",
      scan_time: "2026-12-01T08:00:00.000Z",
      grand_total: 30,
    });
    expect((summary.endpoints as Array<{ credit: number }>).every((e) => e.credit === 10)).toBe(true);
    // The same selection estimated again keeps its invoice number.
    const again = await call("admin@example.com", "POST", `${CONFIGS}/${id}/estimate-price/`, {
      scan_frequency: "MONTHLY",
    });
    const invoice = (again.body as { charge_summary: { invoice_number: string } }).charge_summary.invoice_number;
    expect(invoice).toBe(summary.invoice_number);

    const mismatch = await call("admin@example.com", "POST", `${CONFIGS}/${id}/process/`, {
      invoice_id: invoice,
      amount_paid: 29,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toHaveProperty("amount_paid");

    const paid = await call("admin@example.com", "POST", `${CONFIGS}/${id}/process/`, {
      invoice_id: invoice,
      amount_paid: 30,
    });
    expect(paid.status).toBe(200);
    const result = paid.body as {
      configuration: Record<string, unknown>;
      payment: Record<string, unknown> & { id: number };
    };
    expect(result.configuration).toMatchObject({ id, status: "ON_PROGRESS", scan_frequency: "MONTHLY" });
    expect(result.payment).toMatchObject({
      invoice_code: invoice,
      status: "PAID",
      total_credit_amount: 30,
      total_paid_amount: 300,
      metadata: [{ amount: 30, credit_price: 10, transaction_type: "THREATINSPECTION" }],
      company: { id: 1 },
    });
    const after = await ledger(1);
    expect(after).toEqual({ n: before.n + 1, total: before.total - 30 });
    const balance = (await call("admin@example.com", "GET", "/api/v1/credit/credit-transactions/credit-balance/"))
      .body as { balance_threat_inspection: number };
    expect(balance.balance_threat_inspection).toBe(before.total - 30);
    const spend = (
      await call("admin@example.com", "GET", "/api/v1/credit/credit-transactions/?transaction_type=THREATINSPECTION")
    ).body as { results: Array<Record<string, unknown>> };
    const buyer = seed.users.find((u) => u.email === "admin@example.com");
    expect(spend.results[0]).toMatchObject({
      amount: -30,
      transaction_action: "SPENDING",
      operator: `${buyer?.first_name} ${buyer?.last_name}`,
      description: `Threat Inspection purchase ${invoice}`,
      reference: { kind: "PAYMENT", scan_id: null, target_id: null, label: invoice },
    });

    // Paid: listed, with a queued scan, the hosts as assets; no longer a draft.
    const listed = (await call("admin@example.com", "GET", `${CONFIGS}/`)).body as { results: Array<{ id: number }> };
    expect(listed.results[0]?.id).toBe(id);
    const drafts = (await call("admin@example.com", "GET", `${CONFIGS}/un-paid/`)).body as Array<{ id: number }>;
    expect(drafts.some((c) => c.id === id)).toBe(false);
    const scans = (await call("admin@example.com", "GET", `${CONFIGS}/${id}/scans/`)).body as {
      results: Array<Record<string, unknown>>;
    };
    expect(scans.results).toHaveLength(1);
    expect(scans.results[0]).toMatchObject({ status: "QUEUED", start_scan: null, scanned_by: { id: buyer?.id } });
    const targets = (await call("admin@example.com", "GET", `${CONFIGS}/${id}/targets/`)).body as {
      results: Array<{ id: number; asset: number | null }>;
    };
    expect(targets.results.map((t) => t.id)).toEqual([hosts[2], hosts[0], hosts[1]]);
    expect(targets.results.every((t) => t.asset !== null)).toBe(true);

    // A retry of the same invoice answers the same payment and charges nothing.
    const retry = await call("admin@example.com", "POST", `${CONFIGS}/${id}/process/`, {
      invoice_id: invoice,
      amount_paid: 30,
    });
    expect(retry.status).toBe(200);
    expect((retry.body as { payment: { id: number } }).payment).toEqual(result.payment);
    expect(await ledger(1)).toEqual(after);
    const otherInvoice = await call("admin@example.com", "POST", `${CONFIGS}/${id}/process/`, {
      invoice_id: "INV-AAAAAAAA",
      amount_paid: 30,
    });
    expect(otherInvoice.body).toEqual({ invoice_id: ["This configuration is already paid."] });
    // A paid configuration's selection and price are fixed.
    expect(
      (await call("admin@example.com", "PUT", `${CONFIGS}/${id}/update-endpoint/`, { endpoints: [hosts[3]] })).status,
    ).toBe(400);

    const audits = await asSystem(async (tx) =>
      (
        await sql<{
          action: string;
        }>`select action from audit_events where entity = 'threat_config' and entity_id = ${id}
                                        order by id`.execute(tx)
      ).rows.map((r) => r.action),
    );
    expect(audits).toEqual([
      "threat.config.create",
      "threat.config.endpoints",
      "threat.config.estimate",
      "threat.config.estimate",
      "threat.config.process",
    ]);
  });

  it("refuses a purchase the balance does not cover with a clear 400, changing nothing", async () => {
    const hosts = (await selectableOfTarget1()).map((h) => h.id);
    const config = await estimatedConfig("Too dear", hosts.slice(0, 3));
    await setThreatBalance(25);
    const before = await counts(1);
    const res = await call("admin@example.com", "POST", `${CONFIGS}/${config.id}/process/`, {
      invoice_id: config.invoice,
      amount_paid: config.total,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      non_field_errors: ["Insufficient credit balance: 30 threat inspection credits needed, 25 available."],
    });
    expect(await counts(1)).toEqual(before);
    expect((await ledger(1)).total).toBe(25);
    const drafts = (await call("admin@example.com", "GET", `${CONFIGS}/un-paid/`)).body as Array<{ id: number }>;
    expect(drafts.some((c) => c.id === config.id)).toBe(true);
  });

  it("never lets concurrent purchases take the balance below zero", async () => {
    const hosts = (await selectableOfTarget1()).map((h) => h.id);
    const configs: Array<{ id: number; invoice: string; total: number }> = [];
    for (let i = 0; i < 5; i++) configs.push(await estimatedConfig(`Race ${i}`, [hosts[i] ?? 0, hosts[i + 5] ?? 0]));
    // Each costs 20; 50 covers two of the five.
    await setThreatBalance(50);
    const answers = await Promise.all(
      configs.map((c) =>
        call("admin@example.com", "POST", `${CONFIGS}/${c.id}/process/`, {
          invoice_id: c.invoice,
          amount_paid: c.total,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 400, 400, 400]);
    const { total } = await ledger(1);
    expect(total).toBe(10);
    const balance = (await call("admin@example.com", "GET", "/api/v1/credit/credit-transactions/credit-balance/"))
      .body as { balance_threat_inspection: number };
    expect(balance.balance_threat_inspection).toBe(total);
    const paid = await asSystem(
      async (tx) =>
        (
          await sql<{ n: number }>`select count(*)::int as n from payments
            where invoice_code in (${sql.join(configs.map((c) => c.invoice))})`.execute(tx)
        ).rows[0]?.n,
    );
    expect(paid).toBe(2);
  });

  it("concurrent retries of one purchase charge it once", async () => {
    const hosts = (await selectableOfTarget1()).map((h) => h.id);
    await setThreatBalance(500);
    const config = await estimatedConfig("Double click", [hosts[7] ?? 0]);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        call("admin@example.com", "POST", `${CONFIGS}/${config.id}/process/`, {
          invoice_id: config.invoice,
          amount_paid: config.total,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((a) => (a.body as { payment: { id: number } }).payment.id));
    expect(ids.size).toBe(1);
    expect((await ledger(1)).total).toBe(490);
  });

  it("rolls the debit back when a later step fails (the payment's invoice code is taken)", async () => {
    const hosts = (await selectableOfTarget1()).map((h) => h.id);
    await setThreatBalance(500);
    const config = await estimatedConfig("Clash", [hosts[8] ?? 0]);
    // Another company's payment already carries the invoice code: the payment insert, after the
    // debit, violates the unique code.
    await asSystem(
      async (tx) =>
        await sql`insert into payments (company_id, kind, invoice_code, status, user_id)
                  values (2, 'TOPUP', ${config.invoice}, 'UNPAID', null)`.execute(tx),
    );
    const before = await counts(1);
    const res = await call("admin@example.com", "POST", `${CONFIGS}/${config.id}/process/`, {
      invoice_id: config.invoice,
      amount_paid: config.total,
    });
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty("invoice_id");
    expect(await counts(1)).toEqual(before);
    expect((await ledger(1)).total).toBe(500);
    const state = (await call("admin@example.com", "GET", `${CONFIGS}/${config.id}/`)).body;
    expect(state).toMatchObject({ status: "ON_PROGRESS" });
    const drafts = (await call("admin@example.com", "GET", `${CONFIGS}/un-paid/`)).body as Array<{ id: number }>;
    expect(drafts.some((c) => c.id === config.id)).toBe(true);
  });
});
