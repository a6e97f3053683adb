import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "./index.ts";
import { server } from "./node.ts";
import { raw, signIn } from "./testing.ts";

interface Page {
  count: number;
  results: Record<string, unknown>[];
}

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
beforeEach(() => db.resetAll());
afterAll(() => server.close());

async function list(path: string, token: string, company?: number): Promise<Page> {
  const query = new URLSearchParams({ page_size: "100" });
  if (company !== undefined) query.set("company", String(company));
  const r = await raw("GET", `${path}?${query}`, token);
  if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Page;
}

/** The company id a row names: a `CompanyRef` on most rows, a bare id on a product. */
function companyIdOf(row: Record<string, unknown>): number | null {
  const company = row.company;
  if (typeof company === "number") return company;
  if (company && typeof company === "object" && "id" in company) return Number(company.id);
  return null;
}

// Every list staff see across companies (issue 14), with the company its rows name.
const lists = [
  "/api/v1/networkva/scan-configuration/",
  "/api/v1/webapp/applications/",
  "/api/v1/sourcecode/applications/",
  "/api/v1/exposure-detection/scan-configuration/",
  "/api/v1/threat-inspection/scan-configuration/",
  "/api/v1/asset/product/",
  "/api/v1/ticket/",
  "/api/v1/payment/",
  "/api/v1/payment/topup-credit/",
] as const;

describe("the company filter of the staff lists", () => {
  it.each(lists)("%s: every row names its company, and staff narrow to one with ?company=", async (path) => {
    const staff = await signIn("superadmin@example.com");
    const all = await list(path, staff);
    const ids = all.results.map(companyIdOf);
    expect(ids.every((id) => id !== null && id >= 1)).toBe(true);
    const companies = [...new Set(ids)];
    // Across companies: the unfiltered list holds more than one company's rows.
    expect(companies.length).toBeGreaterThan(1);
    const chosen = companies[0] ?? 0;
    const one = await list(path, staff, chosen);
    expect(one.count).toBeGreaterThan(0);
    expect(one.count).toBeLessThan(all.count);
    expect(one.results.every((row) => companyIdOf(row) === chosen)).toBe(true);
  });

  it.each(lists)("%s: a client's ?company= is ignored; they get their own company's rows", async (path) => {
    const member = await signIn("member@example.com");
    const own = await list(path, member);
    const ownCompany = db.get().users.find((u) => u.email === "member@example.com")?.company_id;
    const other = db.get().companies.find((c) => c.id !== ownCompany)?.id ?? 0;
    const asked = await list(path, member, other);
    expect(asked.count).toBe(own.count);
    expect(asked.results.every((row) => companyIdOf(row) === ownCompany)).toBe(true);
  });

  it("scopes the credit balance, the transactions and the spending graph to the chosen company", async () => {
    const staff = await signIn("superadmin@example.com");
    const member = await signIn("member@example.com");
    const ownCompany = db.get().users.find((u) => u.email === "member@example.com")?.company_id ?? 0;
    const balance = "/api/v1/credit/credit-transactions/credit-balance/";
    const own = (await raw("GET", balance, member)).body;
    expect((await raw("GET", `${balance}?company=${ownCompany}`, staff)).body).toEqual(own);
    const transactions = "/api/v1/credit/credit-transactions/";
    const ownTransactions = await list(transactions, member);
    expect((await list(transactions, staff, ownCompany)).count).toBe(ownTransactions.count);
    expect((await list(transactions, staff)).count).toBeGreaterThan(ownTransactions.count);
    const graph = "/api/v1/credit/credit-transactions/credit-transaction-graph/";
    expect((await raw("GET", `${graph}?company=${ownCompany}`, staff)).body).toEqual(
      (await raw("GET", graph, member)).body,
    );
  });
});
