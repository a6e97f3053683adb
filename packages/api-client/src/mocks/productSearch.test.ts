import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "./index.ts";
import { server } from "./node.ts";
import { raw, signIn } from "./testing.ts";

interface ProductPage {
  count: number;
  results: { id: number; name: string; company: number }[];
}

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
beforeEach(() => db.resetAll());
afterAll(() => server.close());

async function products(token: string, query: Record<string, string>): Promise<ProductPage> {
  const r = await raw("GET", `/api/v1/asset/product/?${new URLSearchParams({ page_size: "100", ...query })}`, token);
  expect(r.status).toBe(200);
  return r.body as ProductPage;
}

describe("the product list's search (the findings page's product filter)", () => {
  it("keeps the products whose name holds the text, in any case, within the caller's scope", async () => {
    const staff = await signIn("superadmin@example.com");
    const all = await products(staff, {});
    // Every product on one page, so the expected matches below are all of them.
    expect(all.results).toHaveLength(all.count);
    const sample = all.results[0]?.name ?? "";
    const word = sample.split(" ")[0]?.toUpperCase() ?? "";
    expect(word).not.toBe("");
    const found = await products(staff, { search: word });
    const expected = all.results.filter((p) => p.name.toUpperCase().includes(word)).map((p) => p.id);
    expect(found.results.map((p) => p.id)).toEqual(expected);
    expect(found.count).toBeLessThan(all.count);

    // A client finds only their own company's products, whatever the text.
    const client = await signIn("admin@example.com");
    const own = await products(client, { search: word });
    expect(own.results.every((p) => p.company === own.results[0]?.company)).toBe(true);
    expect(own.count).toBeLessThanOrEqual(found.count);
  });

  it("answers an empty page for text no product name holds", async () => {
    const staff = await signIn("superadmin@example.com");
    const none = await products(staff, { search: "no product is called this" });
    expect(none).toMatchObject({ count: 0, results: [] });
  });
});
