import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "./index.ts";
import { server } from "./node.ts";
import { raw, signIn } from "./testing.ts";

const CONFIGS = "/api/v1/threat-inspection/scan-configuration";

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
beforeEach(() => db.resetAll());
afterAll(() => server.close());

const ids = (body: unknown) => (body as Array<{ id: number }>).map((c) => c.id);

describe("discarding a draft threat inspection purchase in static mode", () => {
  it("removes the company's draft: 204, gone from the un-paid list, then 404", async () => {
    const token = await signIn("member@example.com");
    const drafts = ids((await raw("GET", `${CONFIGS}/un-paid/`, token)).body);
    const draft = drafts[0];
    if (draft === undefined) throw new Error("no draft in the seed");
    expect(await raw("DELETE", `${CONFIGS}/${draft}/`, token)).toEqual({ status: 204, body: undefined });
    expect(ids((await raw("GET", `${CONFIGS}/un-paid/`, token)).body)).toEqual(drafts.slice(1));
    expect((await raw("DELETE", `${CONFIGS}/${draft}/`, token)).status).toBe(404);
  });

  it("refuses a paid configuration with 409 and keeps it", async () => {
    const token = await signIn("admin@example.com");
    const paid = db.get().threatConfigs.find((c) => c.company_id === 1 && c.paid_invoice !== null);
    if (!paid) throw new Error("no paid configuration");
    expect(await raw("DELETE", `${CONFIGS}/${paid.id}/`, token)).toEqual({
      status: 409,
      body: { detail: "This purchase is paid and cannot be discarded." },
    });
    expect(db.get().threatConfigs.some((c) => c.id === paid.id)).toBe(true);
  });

  it("answers 404 for another company's draft, which stays", async () => {
    const token = await signIn("admin@example.com");
    const other = db.get().threatConfigs.find((c) => c.company_id !== 1 && c.paid_invoice === null);
    if (!other) throw new Error("no other company's draft");
    expect((await raw("DELETE", `${CONFIGS}/${other.id}/`, token)).status).toBe(404);
    expect(db.get().threatConfigs.some((c) => c.id === other.id)).toBe(true);
  });
});
