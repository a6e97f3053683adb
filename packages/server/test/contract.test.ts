import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handlers } from "../src/areas/index.ts";
import { loadContract, type Operation } from "../src/http/contract.ts";
import { type TestServer, testServer } from "./harness.ts";
import { companyFingerprint, resolvers } from "./resolvers.ts";
import { sample } from "./sample.ts";

/**
 * Generated from openapi.yaml: every operation has a route, answers each of the four roles with a
 * status the contract allows and a body that matches it, and never lets a client of one company
 * reach another company's records.
 */

const contract = loadContract();

/**
 * Operations the server does not answer yet. The list must match exactly: a new operation without
 * a handler fails, and so does one that gained a handler but is still listed.
 */
const PENDING = new Set<string>([]);

const ROLES = {
  SUPER_ADMIN: "superadmin@example.com",
  ANALYST: "analyst@example.com",
  CLIENT_ADMIN: "admin@example.com",
  CLIENT: "member@example.com",
} as const;

const OWN_COMPANY = 1;
const OTHER_COMPANY = 2;

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await testServer();
  for (const [role, email] of Object.entries(ROLES)) tokens[role] = (await server.signIn(email)).access;
  // A bulk change of each company, so undo has something to name in both.
  const staff = await sql<{ id: number }>`select id from users where email = ${ROLES.SUPER_ADMIN}`.execute(
    server.services.db,
  );
  for (const company of [OWN_COMPANY, OTHER_COMPANY]) {
    await sql`insert into finding_batches (actor_id, company_ids, status, reason) values (${staff.rows[0]?.id}, array[${company}]::integer[], 'FIXING', '')`.execute(
      server.services.db,
    );
  }
});
afterAll(async () => {
  await server?.close();
});

const implemented = contract.operations.filter((op) => handlers[op.operationId]);

function pathOf(op: Operation, params: Record<string, number>): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => String(params[name] ?? 1));
}

function multipart(fields: Record<string, unknown>): { payload: string; contentType: string } {
  const boundary = "----contract-suite-boundary";
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
  );
  return { payload: `${parts.join("")}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function call(op: Operation, token: string | null, params: Record<string, number>) {
  const mediaType = op.bodyMediaType;
  const schema = mediaType
    ? (op.raw.requestBody as { content?: Record<string, { schema?: Record<string, unknown> }> } | undefined)
    : undefined;
  const resolved = schema ? contract.resolve(schema as Record<string, unknown>) : undefined;
  const bodySchema = (resolved?.content as Record<string, { schema?: Record<string, unknown> }> | undefined)?.[
    mediaType ?? ""
  ]?.schema;
  const body = bodySchema ? sample(bodySchema, contract.resolve) : undefined;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (op.validateHeaders) headers["idempotency-key"] = crypto.randomUUID();
  let payload: string | undefined;
  if (mediaType === "multipart/form-data" && body && typeof body === "object") {
    const form = multipart(body as Record<string, unknown>);
    payload = form.payload;
    headers["content-type"] = form.contentType;
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers["content-type"] = "application/json";
  }
  return await server.app.inject({
    method: op.method.toUpperCase() as "GET",
    url: pathOf(op, params),
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

it("has a handler for every operation of the contract, except those listed as pending", () => {
  const missing = contract.operations.filter((op) => !handlers[op.operationId]).map((op) => op.operationId);
  expect(missing.sort()).toEqual([...PENDING].sort());
  const unknown = Object.keys(handlers).filter((id) => !contract.byId.has(id));
  expect(unknown, "handlers for operations the contract does not have").toEqual([]);
});

it("has a resolver for every operation with path values", () => {
  const without = contract.operations.filter((op) => op.pathParams.length > 0 && !resolvers[op.operationId]);
  expect(without.map((op) => op.operationId)).toEqual([]);
});

/** What a well-formed call may be answered, besides success: refusals and rule violations, never a crash. */
const ALLOWED = new Set([400, 403, 404, 409, 422]);

describe("each operation as each role", () => {
  const sweep = implemented.filter((op) => !(op.raw.tags as string[] | undefined)?.includes("auth"));
  for (const op of sweep) {
    it(`${op.operationId} answers every role within the contract`, async () => {
      const params = op.pathParams.length ? await resolvers[op.operationId]?.(server.services.db, OWN_COMPANY) : {};
      expect(params, "the seed has a record for this operation").toBeTruthy();
      for (const role of Object.keys(ROLES)) {
        const res = await call(op, tokens[role] ?? null, params ?? {});
        const where = `${op.operationId} as ${role}: ${res.statusCode} ${res.body.slice(0, 300)}`;
        if (res.statusCode >= 200 && res.statusCode < 300) {
          const validate = contract.responseValidator(op, res.statusCode);
          if (validate && res.headers["content-type"]?.toString().includes("application/json")) {
            expect(validate(res.json()), `${where} ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
          }
        } else {
          expect(ALLOWED.has(res.statusCode), where).toBe(true);
          // The contract's ErrorBody: `detail`, `code` and field errors, each a string or a list of strings.
          const body = res.json() as Record<string, unknown>;
          expect(body, where).toBeTypeOf("object");
          expect(Object.keys(body).length, where).toBeGreaterThan(0);
          const wellFormed = Object.values(body).every(
            (v) => typeof v === "string" || (Array.isArray(v) && v.every((x) => typeof x === "string")),
          );
          expect(wellFormed, where).toBe(true);
        }
      }
    });
  }
});

describe("isolation: a client never reaches another company's records", () => {
  const scoped = implemented.filter((op) => op.pathParams.length > 0);
  let before: Record<string, string>;
  beforeAll(async () => {
    before = await companyFingerprint(server.services.db, OTHER_COMPANY);
  });
  for (const op of scoped) {
    it(`${op.operationId} answers 404 for company ${OTHER_COMPANY}'s record`, async () => {
      const params = await resolvers[op.operationId]?.(server.services.db, OTHER_COMPANY);
      expect(params, "the seed has a record of the other company for this operation").toBeTruthy();
      for (const role of ["CLIENT_ADMIN", "CLIENT"] as const) {
        const res = await call(op, tokens[role] ?? null, params ?? {});
        expect(res.statusCode, `${op.operationId} as ${role}: ${res.body.slice(0, 200)}`).toBe(404);
      }
    });
  }
  // Operations without path values that list a company's records: whatever `company` a client asks
  // for, every row is its own company's.
  it(`exportCreditTransactions gives a client only its own company's transactions, even with ?company=${OTHER_COMPANY}`, async () => {
    for (const role of ["CLIENT_ADMIN", "CLIENT"] as const) {
      const res = await server.app.inject({
        method: "GET",
        url: `/api/v1/credit/credit-transactions/export/?company=${OTHER_COMPANY}`,
        headers: { authorization: `Bearer ${tokens[role]}` },
      });
      expect(res.statusCode, role).toBe(200);
      const records = res.body
        .replace(/^\uFEFF/, "")
        .split("\r\n")
        .filter(Boolean)
        .slice(1);
      const ids = records.map((line) => Number(line.slice(line.lastIndexOf(",") + 1)));
      expect(ids.length, role).toBeGreaterThan(0);
      const owners = await sql<{ company_id: number }>`select distinct company_id from credit_transactions
                                                         where id = any(${ids}::int[])`.execute(server.services.db);
      expect(owners.rows, role).toEqual([{ company_id: OWN_COMPANY }]);
    }
  });
  it("left every row of the other company as it was", async () => {
    expect(await companyFingerprint(server.services.db, OTHER_COMPANY)).toEqual(before);
  });
});
