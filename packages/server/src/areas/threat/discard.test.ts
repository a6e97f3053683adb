import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";

const CONFIGS = "/api/v1/threat-inspection/scan-configuration";
let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await testServer();
  for (const email of ["admin@example.com", "member@example.com", "analyst@example.com"]) {
    tokens[email] = (await server.signIn(email)).access;
  }
});
afterAll(async () => {
  await server.close();
});

const discard = (email: string, id: number) => server.call("DELETE", `${CONFIGS}/${id}/`, { token: tokens[email] });

/** A fresh draft of `company` (created, endpoints chosen, priced, never paid). */
async function draftOf(company: number): Promise<number> {
  const rows = await sql<{ id: number }>`
    insert into threat_configs (company_id, name, exposure_target_id, selected_host_ids, estimate)
    select ea.company_id, 'Draft to discard', ea.target_id, '{}',
           '{"invoice_number": "INV-DRAFT", "grand_total": 10}'::jsonb
      from exposure_assets ea where ea.company_id = ${company} order by ea.id limit 1
    returning id`.execute(server.services.db);
  const id = rows.rows[0]?.id;
  if (!id) throw new Error("no draft inserted");
  return id;
}

async function paidOf(company: number): Promise<number> {
  const rows = await sql<{ id: number }>`
    select id from threat_configs where company_id = ${company} and paid_invoice is not null order by id limit 1`.execute(
    server.services.db,
  );
  const id = rows.rows[0]?.id;
  if (!id) throw new Error("no paid configuration");
  return id;
}

const exists = async (id: number) =>
  (await sql`select 1 from threat_configs where id = ${id}`.execute(server.services.db)).rows.length > 0;
const audits = async (id: number) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from audit_events
                              where entity = 'threat_config' and entity_id = ${id} and action = 'threat.config.discard'`.execute(
      server.services.db,
    )
  ).rows[0]?.n ?? 0;

describe("discarding a draft threat inspection purchase", () => {
  it("removes a client's draft (204), which leaves the un-paid list and then answers 404", async () => {
    for (const email of ["admin@example.com", "member@example.com"]) {
      const id = await draftOf(1);
      const res = await discard(email, id);
      expect(res.statusCode, res.body).toBe(204);
      expect(res.body).toBe("");
      expect(await exists(id)).toBe(false);
      expect(await audits(id)).toBe(1);
      const unpaid = await server.call("GET", `${CONFIGS}/un-paid/`, { token: tokens[email] });
      expect(unpaid.json().map((c: { id: number }) => c.id)).not.toContain(id);
      expect((await discard(email, id)).statusCode).toBe(404);
    }
  });

  it("lets staff discard any company's draft", async () => {
    const id = await draftOf(2);
    expect((await discard("analyst@example.com", id)).statusCode).toBe(204);
    expect(await exists(id)).toBe(false);
  });

  it("refuses a paid configuration with 409 and a clear message, changing nothing", async () => {
    const id = await paidOf(1);
    const before = await sql`select * from threat_configs where id = ${id}`.execute(server.services.db);
    const res = await discard("admin@example.com", id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: "This purchase is paid and cannot be discarded." });
    expect((await sql`select * from threat_configs where id = ${id}`.execute(server.services.db)).rows).toEqual(
      before.rows,
    );
    expect((await discard("analyst@example.com", id)).statusCode).toBe(409);
    expect(await audits(id)).toBe(0);
  });

  it("answers 404 for another company's draft and paid configuration, which stay", async () => {
    const draft = await draftOf(2);
    const paid = await paidOf(2);
    for (const email of ["admin@example.com", "member@example.com"]) {
      expect((await discard(email, draft)).statusCode).toBe(404);
      // A paid configuration of another company is as absent as a missing one: 404, not 409.
      expect((await discard(email, paid)).statusCode).toBe(404);
    }
    expect(await exists(draft)).toBe(true);
    expect(await exists(paid)).toBe(true);
  });
});
