import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { components } from "../generated/schema.ts";
import { parseCsv } from "./findings/export/parseCsv.ts";
import { db } from "./index.ts";
import { server } from "./node.ts";
import { BASE, raw, signIn } from "./testing.ts";

type S = components["schemas"];
const BALANCE = "/api/v1/credit/credit-transactions/credit-balance/";
const LIST = "/api/v1/credit/credit-transactions/";
const EXPORT = "/api/v1/credit/credit-transactions/export/";

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
beforeEach(() => db.resetAll());
afterAll(() => server.close());

async function get<T>(path: string, token: string): Promise<T> {
  const r = await raw("GET", path, token);
  if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as T;
}

/** The five balances a company holds; the total must be exactly their sum (issue 28). */
const TILE_KEYS = [
  "balance_network_va",
  "balance_application_va",
  "balance_source_code",
  "balance_threat_inspection",
  "balance_exposure_detection",
] as const;

function tilesSum(balance: Record<string, unknown>): number {
  return TILE_KEYS.reduce((sum, key) => sum + Number(balance[key] ?? 0), 0);
}

async function csvOf(path: string, token: string) {
  const response = await fetch(`${BASE}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  // `ignoreBOM` keeps the byte order mark, so the test sees the file as a spreadsheet does.
  return { response, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

describe("credit balances", () => {
  it("add up: the total is the sum of the five tiles, for a client and for staff choosing a company", async () => {
    const admin = await signIn("admin@example.com");
    const own = await get<Record<string, unknown>>(BALANCE, admin);
    expect(own.balance_exposure_detection).toBeGreaterThan(0);
    expect(tilesSum(own)).toBe(own.balance);
    const staff = await signIn("superadmin@example.com");
    for (const company of [1, 2, 3]) {
      const theirs = await get<Record<string, unknown>>(`${BALANCE}?company=${company}`, staff);
      expect(tilesSum(theirs), `company ${company}`).toBe(theirs.balance);
    }
  });
});

describe("credit transactions", () => {
  it("say whose they are, what they were for, and which scan or invoice they belong to", async () => {
    const staff = await signIn("superadmin@example.com");
    const page = await get<S["PagedCreditTransaction"]>(`${LIST}?page_size=100`, staff);
    expect(new Set(page.results.map((t) => t.company.id)).size).toBeGreaterThan(1);
    for (const t of page.results) {
      expect(t.company.name).not.toBe("");
      expect(t.description).not.toBe("");
    }
    const topups = await get<S["PagedCreditTransaction"]>(`${LIST}?transaction_action=TOPUP`, staff);
    const topup = topups.results[0];
    expect(topup?.reference).toMatchObject({ kind: "PAYMENT" });
    expect(topup?.description).toBe(`Top-up ${topup?.reference?.label}`);
    const scan = page.results.find((t) => t.reference !== null && t.reference.scan_id !== null);
    expect(scan?.reference?.kind).not.toBe("PAYMENT");
  });

  it("open their invoice by id, and another company's invoice answers 404", async () => {
    const admin = await signIn("admin@example.com");
    const page = await get<S["PagedCreditTransaction"]>(`${LIST}?transaction_action=TOPUP`, admin);
    const reference = page.results[0]?.reference;
    if (!reference) throw new Error("the demo company has a top-up");
    const payment = await get<S["Payment"]>(`/api/v1/payment/${reference.id}/`, admin);
    expect(payment.invoice_code).toBe(reference.label);
    const other = db.get().payments.find((p) => p.company_id !== 1);
    if (!other) throw new Error("another company has a payment");
    expect((await raw("GET", `/api/v1/payment/${other.id}/`, admin)).status).toBe(404);
  });
});

describe("the transactions CSV export", () => {
  it("holds exactly the client's own company's transactions, in the list's order, whatever company is asked", async () => {
    const member = await signIn("member@example.com");
    const list = await get<S["PagedCreditTransaction"]>(`${LIST}?page_size=100&transaction_action=SPENDING`, member);
    const { response, text } = await csvOf(`${EXPORT}?transaction_action=SPENDING&company=2`, member);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8; header=present");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="sentinel-credit-transactions-\d{8}T\d{6}Z\.csv"$/,
    );
    expect(text.startsWith("\uFEFFcreated_at,company,")).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual([
      "created_at",
      "company",
      "transaction_action",
      "transaction_type",
      "amount",
      "operator",
      "description",
      "reference",
      "id",
    ]);
    expect(rows).toHaveLength(list.count);
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(["Northwind Logistics"]));
    expect(rows.slice(0, 100).map((r) => Number(r[8]))).toEqual(list.results.map((t) => t.id));
    // Spending stays a negative number, never a neutralised text cell.
    expect(rows.filter((r) => !(Number(r[4]) < 0))).toEqual([]);
  });

  it("gives staff every company's transactions, or the chosen company's", async () => {
    const staff = await signIn("analyst@example.com");
    const all = await csvOf(EXPORT, staff);
    const companies = new Set(
      parseCsv(all.text.slice(1))
        .slice(1)
        .map((r) => r[1]),
    );
    expect(companies.size).toBeGreaterThan(1);
    const one = await csvOf(`${EXPORT}?company=2`, staff);
    const list = await get<S["PagedCreditTransaction"]>(`${LIST}?company=2`, staff);
    expect(parseCsv(one.text.slice(1)).slice(1)).toHaveLength(list.count);
  });
});
