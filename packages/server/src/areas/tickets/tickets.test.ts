import { randomBytes, randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { SYSTEM, withScope } from "../../db/pool.ts";
import { loadContract } from "../../http/contract.ts";
import { contentDisposition } from "./service.ts";

let server: TestServer;
let member: string;
let admin: string;
let analyst: string;
let superadmin: string;
/** A seeded ticket of company 2 (another company than the client accounts'). */
let otherTicket: number;
/** An attachment of that ticket, given bytes here so only scope can refuse it. */
let otherAttachment: number;
/** A seeded attachment that only ever had an address. */
let seededAttachment: number;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("not really pixels"),
]);

beforeAll(async () => {
  server = await testServer();
  member = (await server.signIn("member@example.com")).access;
  admin = (await server.signIn("admin@example.com")).access;
  analyst = (await server.signIn("analyst@example.com")).access;
  superadmin = (await server.signIn("superadmin@example.com")).access;
  await withScope(server.services.db, SYSTEM, async (tx) => {
    const t = await sql<{ id: number }>`select id from tickets where company_id = 2 order by id limit 1`.execute(tx);
    otherTicket = t.rows[0]?.id ?? 0;
    const a = await sql<{ id: number }>`
      update attachments set content = 'secret of company 2', size = 19, content_type = 'text/plain'
       where id = (select min(id) from attachments where company_id = 2) returning id`.execute(tx);
    otherAttachment = a.rows[0]?.id ?? 0;
    const s = await sql<{ id: number }>`select min(id) as id from attachments where content is null`.execute(tx);
    seededAttachment = s.rows[0]?.id ?? 0;
  });
  expect(otherTicket).toBeGreaterThan(0);
  expect(otherAttachment).toBeGreaterThan(0);
  expect(seededAttachment).toBeGreaterThan(0);
});
afterAll(async () => {
  await server.close();
});

/** The path and query of an absolute URL the API gave, for `inject`. */
const target = (file: string) => {
  const url = new URL(file);
  return `${url.pathname}${url.search}`;
};

/** Checks an answer against the contract's schema of the operation's status. */
function conforms(operationId: string, res: LightMyRequestResponse) {
  const contract = loadContract();
  const op = contract.byId.get(operationId);
  if (!op) throw new Error(`no operation ${operationId}`);
  const validate = contract.responseValidator(op, res.statusCode);
  if (!validate) throw new Error(`${operationId} declares no JSON body for ${res.statusCode}`);
  const body = res.json();
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  return body;
}

interface FilePart {
  name: string;
  content: Buffer | string;
  type?: string;
  field?: string;
}

function form(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----sentinel${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? "attachments"}"; filename="${f.name}"\r\n` +
          `Content-Type: ${f.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function send(
  url: string,
  token: string,
  body: { payload: Buffer; contentType: string },
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return await server.app.inject({
    method: "POST",
    url,
    headers: { authorization: `Bearer ${token}`, "content-type": body.contentType, "idempotency-key": key },
    payload: body.payload,
  });
}

const newTicket = (fields: Partial<Record<string, string>> = {}, files: FilePart[] = []) =>
  form(
    Object.fromEntries(
      Object.entries({ name: "Export cuts off", category: "BUG", description: "Page 2 is empty.", ...fields }).filter(
        (e): e is [string, string] => typeof e[1] === "string",
      ),
    ),
    files,
  );

async function counts() {
  return await withScope(server.services.db, SYSTEM, async (tx) => {
    const r = await sql<{ tickets: number; messages: number; attachments: number; keys: number; audits: number }>`
      select (select count(*) from tickets) as tickets, (select count(*) from ticket_messages) as messages,
             (select count(*) from attachments) as attachments, (select count(*) from idempotency_keys) as keys,
             (select count(*) from audit_events) as audits`.execute(tx);
    return r.rows[0];
  });
}

describe("listing and reading", () => {
  it("shows a client only their company's tickets, newest first, in the contract's paged shape", async () => {
    const res = await server.call("GET", "/api/v1/ticket/?page_size=100", { token: member });
    expect(res.statusCode).toBe(200);
    const body = conforms("listTickets", res);
    expect(body.count).toBeGreaterThan(0);
    expect(body.results.every((t: { company: { id: number } | null }) => t.company?.id === 1)).toBe(true);
    const created = body.results.map((t: { created_at: string }) => t.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    // A client's ?company= is ignored: still their own company.
    const other = await server.call("GET", "/api/v1/ticket/?company=2", { token: member });
    expect(other.json().count).toBe(body.count);
  });

  it("shows staff every company, narrowed by ?company=, and filters by status and search", async () => {
    const all = conforms("listTickets", await server.call("GET", "/api/v1/ticket/?page_size=100", { token: analyst }));
    const two = conforms("listTickets", await server.call("GET", "/api/v1/ticket/?company=2", { token: analyst }));
    expect(all.count).toBeGreaterThan(two.count);
    expect(two.results.every((t: { company: { id: number } | null }) => t.company?.id === 2)).toBe(true);
    const unread = conforms(
      "listTickets",
      await server.call("GET", "/api/v1/ticket/?status=UNREAD", { token: analyst }),
    );
    expect(unread.results.every((t: { status: string }) => t.status === "UNREAD")).toBe(true);
    const first = all.results[0];
    const found = await server.call(
      "GET",
      `/api/v1/ticket/?search=${encodeURIComponent(first.ticket_id.toLowerCase())}`,
      {
        token: analyst,
      },
    );
    expect(found.json().results.map((t: { id: number }) => t.id)).toContain(first.id);
  });

  it("answers a finding status as a ticket filter with a field error", async () => {
    const res = await server.call("GET", "/api/v1/ticket/?status=ACTIVE", { token: member });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: ["Select a valid choice. ACTIVE is not one of the available choices."] });
  });

  it("answers 404 for another company's ticket, and staff read it", async () => {
    expect((await server.call("GET", `/api/v1/ticket/${otherTicket}/`, { token: member })).statusCode).toBe(404);
    const res = await server.call("GET", `/api/v1/ticket/${otherTicket}/`, { token: superadmin });
    expect(res.statusCode).toBe(200);
    const body = conforms("getTicket", res);
    expect(body.company.id).toBe(2);
    expect(body.lifetime).toMatch(/^(\d+ )?\d{2}:\d{2}:\d{2}$/);
    for (const a of body.attachments) {
      expect(a.file).toMatch(
        /\/api\/v1\/ticket\/attachments\/\d+\/download\/\?expires=\d+&user=\d+&signature=[\w-]{43}$/,
      );
    }
  });
});

describe("a client writes, staff answer", () => {
  it("creates a ticket with a file, staff read and reply, the client reads the answer and downloads the file", async () => {
    const before = await counts();
    const created = await send(
      "/api/v1/ticket/",
      member,
      newTicket({}, [{ name: "screen.png", content: PNG, type: "image/png" }]),
    );
    expect(created.statusCode).toBe(201);
    const ticket = conforms("createTicket", created);
    expect(ticket).toMatchObject({
      status: "UNREAD",
      category: "BUG",
      category_display: "Bug",
      company: { id: 1 },
      requestor: { email: "member@example.com" },
      messages: [],
      topup_amount: null,
      invoice_code: null,
      lifetime: "00:00:00",
    });
    expect(ticket.ticket_id).toMatch(new RegExp(`^TCK-${new Date().getUTCFullYear()}-\\d{4,}$`));
    expect(ticket.attachments).toHaveLength(1);
    expect(ticket.attachments[0].name).toBe("screen.png");
    const after = await counts();
    expect(after?.tickets).toBe((before?.tickets ?? 0) + 1);
    expect(after?.attachments).toBe((before?.attachments ?? 0) + 1);

    // Staff see it in their list and answer it.
    const list = await server.call("GET", "/api/v1/ticket/?status=UNREAD&company=1", { token: analyst });
    expect(list.json().results.map((t: { id: number }) => t.id)).toContain(ticket.id);
    const reply = await send(
      `/api/v1/ticket/${ticket.id}/messages/`,
      analyst,
      form({ message: "Looking into it." }, [{ name: "steps.txt", content: "1. open\n2. export\n" }]),
    );
    expect(reply.statusCode).toBe(201);
    const message = conforms("createTicketMessage", reply);
    expect(message).toMatchObject({ sender_type: "staff", is_self: true, message: "Looking into it." });
    expect(message.attachments).toHaveLength(1);

    // The client sees the answer, its sender (a staff user of no company), and the new status.
    const read = await server.call("GET", `/api/v1/ticket/${ticket.id}/`, { token: member });
    const thread = conforms("getTicket", read);
    expect(thread.status).toBe("PROCESSING");
    expect(thread.messages).toHaveLength(1);
    expect(thread.messages[0]).toMatchObject({
      sender_type: "staff",
      is_self: false,
      sender: { email: "analyst@example.com" },
    });

    // The client's own reply keeps the status and says client.
    const own = await send(`/api/v1/ticket/${ticket.id}/messages/`, admin, form({ message: "Thanks" }));
    expect(conforms("createTicketMessage", own)).toMatchObject({ sender_type: "client", is_self: true });

    // The file downloads as an attachment with its bytes.
    const url = new URL(ticket.attachments[0].file);
    const file = await server.call("GET", url.pathname, { token: member });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="screen.png"; filename*=UTF-8''screen.png`);
    const text = await server.call("GET", new URL(message.attachments[0].file).pathname, { token: admin });
    expect(text.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(text.body).toBe("1. open\n2. export\n");

    // Every change is audited in its transaction.
    const audits = await withScope(server.services.db, SYSTEM, async (tx) =>
      (
        await sql<{ action: string }>`select action from audit_events
          where (entity = 'ticket' and entity_id = ${ticket.id})
             or (entity = 'ticket_message' and entity_id in (${message.id}))
          order by id`.execute(tx)
      ).rows.map((r) => r.action),
    );
    expect(audits).toEqual(["ticket.create", "ticket_message.create", "ticket.status"]);
  });

  it("prices a top-up request and gives it an invoice code", async () => {
    const res = await send("/api/v1/ticket/", admin, newTicket({ category: "PAYMENT", topup_amount: "25" }));
    expect(res.statusCode).toBe(201);
    const body = conforms("createTicket", res);
    expect(body.topup_amount).toBe(25);
    expect(body.topup_price).toBe(250);
    expect(body.invoice_code).toMatch(/^INV-[A-Z2-9]{8}$/);
  });

  it("puts a staff member's ticket in no company, visible to staff only", async () => {
    const res = await send("/api/v1/ticket/", analyst, newTicket({ name: "Internal" }));
    const body = conforms("createTicket", res);
    expect(body.company).toBeNull();
    expect((await server.call("GET", `/api/v1/ticket/${body.id}/`, { token: superadmin })).statusCode).toBe(200);
    expect((await server.call("GET", `/api/v1/ticket/${body.id}/`, { token: admin })).statusCode).toBe(404);
  });

  it("accepts a JSON body without files, as static mode does", async () => {
    const res = await server.call("POST", "/api/v1/ticket/", {
      token: member,
      headers: { "idempotency-key": randomUUID() },
      body: { name: "No files", category: "OTHER", description: "" },
    });
    expect(res.statusCode).toBe(201);
    conforms("createTicket", res);
  });

  it("refuses a reply to a closed ticket", async () => {
    const created = conforms("createTicket", await send("/api/v1/ticket/", member, newTicket()));
    await withScope(server.services.db, SYSTEM, (tx) =>
      sql`update tickets set status = 'CLOSED', closed_at = now() where id = ${created.id}`.execute(tx),
    );
    const res = await send(`/api/v1/ticket/${created.id}/messages/`, member, form({ message: "Still broken" }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ["This ticket is closed. Open a new ticket to continue."] });
  });

  it("numbers tickets uniquely when many are sent at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send("/api/v1/ticket/", member, newTicket({ name: `Parallel ${i}` }))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    const numbers = answers.map((a) => a.json().ticket_id);
    expect(new Set(numbers).size).toBe(8);
  });
});

describe("isolation", () => {
  it("answers 404 to a reply to another company's ticket and stores nothing", async () => {
    const before = await counts();
    const res = await send(`/api/v1/ticket/${otherTicket}/messages/`, member, form({ message: "Hello" }));
    expect(res.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it("answers 404 to another company's attachment, and staff download it", async () => {
    const path = `/api/v1/ticket/attachments/${otherAttachment}/download/`;
    const res = await server.call("GET", path, { token: admin });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("secret");
    const staff = await server.call("GET", path, { token: analyst });
    expect(staff.statusCode).toBe(200);
    expect(staff.body).toBe("secret of company 2");
  });

  it("answers 404 for a demo file that was never uploaded", async () => {
    const res = await server.call("GET", `/api/v1/ticket/attachments/${seededAttachment}/download/`, {
      token: superadmin,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "This file is no longer available." });
  });

  it("asks for a token", async () => {
    const res = await server.call("GET", `/api/v1/ticket/attachments/${otherAttachment}/download/`);
    expect(res.statusCode).toBe(401);
  });
});

describe("signed download links", () => {
  /** A ticket of member's (company 1) with two files, as getTicket gives it to member. */
  async function memberFiles() {
    const created = conforms(
      "createTicket",
      await send(
        "/api/v1/ticket/",
        member,
        newTicket({ name: "Signed links" }, [
          { name: "screen.png", content: PNG, type: "image/png" },
          { name: "notes.txt", content: "second file" },
        ]),
      ),
    );
    const ticket = conforms("getTicket", await server.call("GET", `/api/v1/ticket/${created.id}/`, { token: member }));
    const [first, second] = ticket.attachments as Array<{ id: number; file: string }>;
    if (!first || !second) throw new Error("the ticket has no two files");
    return { ticket, first, second, memberId: ticket.requestor.id as number };
  }

  /** The link's URL with some of its query values replaced. */
  function altered(file: string, values: Record<string, string>, path?: string) {
    const url = new URL(file);
    for (const [k, v] of Object.entries(values)) url.searchParams.set(k, v);
    return `${path ?? url.pathname}?${url.searchParams}`;
  }

  const refusedLink = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toEqual({ detail: "This download link is invalid or has expired.", code: "link_not_valid" });
  };

  it("downloads the file of getTicket's URL without an Authorization header, for an hour, as its viewer", async () => {
    const { first, memberId } = await memberFiles();
    const url = new URL(first.file);
    expect(url.searchParams.get("user")).toBe(String(memberId));
    const expires = Number(url.searchParams.get("expires"));
    expect(Math.abs(expires - (Math.floor(Date.now() / 1000) + 3600))).toBeLessThanOrEqual(5);
    expect(url.searchParams.get("signature")).toMatch(/^[\w-]{43}$/);

    const res = await server.app.inject({ method: "GET", url: target(first.file) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="screen.png"; filename*=UTF-8''screen.png`);
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("refuses a tampered signature, another file's id, another user's id and a changed expiry", async () => {
    const { first, second } = await memberFiles();
    const signature = new URL(first.file).searchParams.get("signature") ?? "";
    const flipped = `${signature.slice(0, 10)}${signature[10] === "A" ? "B" : "A"}${signature.slice(11)}`;
    refusedLink(await server.call("GET", altered(first.file, { signature: flipped })));
    refusedLink(await server.call("GET", altered(first.file, { signature: signature.slice(0, -1) })));
    // The other file is member's too: only the signature refuses it.
    refusedLink(await server.call("GET", altered(first.file, {}, new URL(second.file).pathname)));
    // admin@ is of the same company and could see the file: the link is still not theirs.
    const adminId = await withScope(
      server.services.db,
      SYSTEM,
      async (tx) =>
        (await sql<{ id: number }>`select id from users where email = 'admin@example.com'`.execute(tx)).rows[0]?.id,
    );
    refusedLink(await server.call("GET", altered(first.file, { user: String(adminId) })));
    const later = Number(new URL(first.file).searchParams.get("expires")) + 3600;
    refusedLink(await server.call("GET", altered(first.file, { expires: String(later) })));
  });

  it("refuses an expired link, and a link without all three values asks for credentials", async () => {
    const { first, memberId } = await memberFiles();
    const stale = server.services.downloads.query(first.id, memberId, Date.now() - 3601_000);
    refusedLink(await server.call("GET", `${new URL(first.file).pathname}?${stale}`));
    const partial = new URL(first.file);
    partial.searchParams.delete("signature");
    const res = await server.call("GET", `${partial.pathname}${partial.search}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: "Authentication credentials were not provided.", code: "not_authenticated" });
  });

  it("stops working when its user is deactivated, and follows the user's company as it is now", async () => {
    const { first, memberId } = await memberFiles();
    const set = (change: ReturnType<typeof sql>) => withScope(server.services.db, SYSTEM, (tx) => change.execute(tx));
    try {
      await set(sql`update users set is_active = false where id = ${memberId}`);
      refusedLink(await server.call("GET", target(first.file)));
    } finally {
      await set(sql`update users set is_active = true where id = ${memberId}`);
    }
    expect((await server.call("GET", target(first.file))).statusCode).toBe(200);
    try {
      // Moved to another company, the user no longer sees company 1's ticket: the link finds nothing.
      await set(sql`update users set company_id = 2 where id = ${memberId}`);
      const moved = await server.call("GET", target(first.file));
      expect(moved.statusCode).toBe(404);
      expect(moved.rawPayload.includes(PNG)).toBe(false);
    } finally {
      await set(sql`update users set company_id = 1 where id = ${memberId}`);
    }
  });

  it("scopes a validly signed link to another company's file like the user's token: 404", async () => {
    const { memberId } = await memberFiles();
    const path = `/api/v1/ticket/attachments/${otherAttachment}/download/`;
    // A signature the server really made for member, on company 2's file: scope still refuses it.
    const own = await server.call(
      "GET",
      `${path}?${server.services.downloads.query(otherAttachment, memberId, Date.now())}`,
    );
    expect(own.statusCode).toBe(404);
    expect(own.body).not.toContain("secret");
    // Staff's genuine link for it works, and rewritten to name member it is refused.
    const analystId = await withScope(
      server.services.db,
      SYSTEM,
      async (tx) =>
        (await sql<{ id: number }>`select id from users where email = 'analyst@example.com'`.execute(tx)).rows[0]?.id ??
        0,
    );
    const staffLink = `${path}?${server.services.downloads.query(otherAttachment, analystId, Date.now())}`;
    const staff = await server.call("GET", staffLink);
    expect(staff.statusCode).toBe(200);
    expect(staff.body).toBe("secret of company 2");
    const rewritten = await server.call("GET", altered(`http://x${staffLink}`, { user: String(memberId) }));
    refusedLink(rewritten);
    expect(rewritten.body).not.toContain("secret");
  });
});

describe("Idempotency-Key", () => {
  it("answers a retry with the first answer and stores nothing new", async () => {
    const key = randomUUID();
    const body = newTicket({ name: "Retried" }, [{ name: "a.csv", content: "a,b\n1,2\n" }]);
    const first = await send("/api/v1/ticket/", member, body, key);
    expect(first.statusCode).toBe(201);
    const before = await counts();
    // The same request, encoded afresh (another multipart boundary).
    const again = await send(
      "/api/v1/ticket/",
      member,
      newTicket({ name: "Retried" }, [{ name: "a.csv", content: "a,b\n1,2\n" }]),
      key,
    );
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await counts()).toEqual(before);
  });

  it("answers 422 to the same key with another request, and keys are per user", async () => {
    const key = randomUUID();
    expect((await send("/api/v1/ticket/", member, newTicket({ name: "One" }), key)).statusCode).toBe(201);
    const before = await counts();
    const other = await send("/api/v1/ticket/", member, newTicket({ name: "Two" }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ detail: "This Idempotency-Key was already used with a different request." });
    const ticketId = (await server.call("GET", "/api/v1/ticket/", { token: member })).json().results[0].id;
    const elsewhere = await send(`/api/v1/ticket/${ticketId}/messages/`, member, newTicket({ name: "One" }), key);
    expect(elsewhere.statusCode).toBe(422);
    expect(await counts()).toEqual(before);
    // Another user's key of the same text is theirs.
    expect((await send("/api/v1/ticket/", admin, newTicket({ name: "Two" }), key)).statusCode).toBe(201);
  });

  it("answers 409 while the first send with the key is still being handled", async () => {
    const key = randomUUID();
    const userId = (await server.call("GET", "/api/v1/user/profile/", { token: member })).json().id;
    // Another process in the middle of the first send: its claim is inserted, not yet committed.
    const other = new pg.Client({ connectionString: server.databaseUrl });
    await other.connect();
    try {
      await other.query("begin");
      await other.query(
        "insert into idempotency_keys (user_id, key, target, fingerprint, status) values ($1, $2, 'POST /api/v1/ticket/', 'x', null)",
        [userId, key],
      );
      const res = await send("/api/v1/ticket/", member, newTicket(), key);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: "A request with this Idempotency-Key is still being handled." });
      await other.query("rollback");
    } finally {
      await other.end();
    }
    // The first one failed (rolled back): the key is free for the retry.
    expect((await send("/api/v1/ticket/", member, newTicket(), key)).statusCode).toBe(201);
  });

  it("does not remember a failed send: the corrected retry is handled afresh", async () => {
    const key = randomUUID();
    const bad = await send("/api/v1/ticket/", member, newTicket({ category: "NOPE" }), key);
    expect(bad.statusCode).toBe(400);
    const good = await send("/api/v1/ticket/", member, newTicket(), key);
    expect(good.statusCode).toBe(201);
  });

  it("requires the header", async () => {
    const body = newTicket();
    const res = await server.app.inject({
      method: "POST",
      url: "/api/v1/ticket/",
      headers: { authorization: `Bearer ${member}`, "content-type": body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(["idempotency-key"]);
  });
});

describe("form validation", () => {
  it("gives field errors for missing, blank and invalid fields, storing nothing", async () => {
    const before = await counts();
    const missing = await send("/api/v1/ticket/", member, form({ category: "BUG" }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ name: ["This field is required."], description: ["This field is required."] });
    const blank = await send(
      "/api/v1/ticket/",
      member,
      newTicket({ name: "   ", category: "NOPE", topup_amount: "-3" }),
    );
    expect(blank.json()).toEqual({
      name: ["This field may not be blank."],
      category: ['"NOPE" is not a valid choice.'],
      topup_amount: ["Enter a number greater than 0."],
    });
    const word = await send("/api/v1/ticket/", member, newTicket({ topup_amount: "ten" }));
    expect(word.json()).toEqual({ topup_amount: ["A valid number is required."] });
    const message = await send(`/api/v1/ticket/${otherTicket}/messages/`, analyst, form({ message: " " }));
    expect(message.json()).toEqual({ message: ["This field may not be blank."] });
    expect(await counts()).toEqual(before);
  });

  it("refuses files of other types, files whose content is not their type, and empty files", async () => {
    const before = await counts();
    const res = await send(
      "/api/v1/ticket/",
      member,
      newTicket({}, [
        { name: "tool.exe", content: "MZ..." },
        { name: "photo.png", content: "<html><script>alert(1)</script>" },
        { name: "empty.txt", content: "" },
        { name: "ok.pdf", content: "%PDF-1.7\n" },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      attachments: [
        '"tool.exe": this type of file is not accepted. Allowed: PNG, JPEG, PDF, TXT, CSV, ZIP.',
        '"photo.png" is not a valid PNG file.',
        "The submitted file is empty.",
      ],
    });
    expect(await counts()).toEqual(before);
  });

  it("refuses a file over 10 MB, more than 5 files, and files under another field", async () => {
    const before = await counts();
    const big = await send(
      "/api/v1/ticket/",
      member,
      newTicket({}, [{ name: "big.txt", content: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61) }]),
    );
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ attachments: ["Ensure each file is at most 10 MB."] });
    const many = await send(
      "/api/v1/ticket/",
      member,
      newTicket(
        {},
        Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.txt`, content: "x" })),
      ),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json()).toEqual({ attachments: ["Attach at most 5 files."] });
    const stray = await send(
      "/api/v1/ticket/",
      member,
      newTicket({}, [{ name: "a.txt", content: "x", field: "logo" }]),
    );
    expect(stray.json()).toEqual({ logo: ["Files are only accepted in attachments."] });
    expect(await counts()).toEqual(before);
  });
});

describe("Content-Disposition", () => {
  it("gives an ASCII fallback and the exact name in UTF-8", () => {
    expect(contentDisposition('rapport "final" été.pdf')).toBe(
      `attachment; filename="rapport _final_ _t_.pdf"; filename*=UTF-8''rapport%20%22final%22%20%C3%A9t%C3%A9.pdf`,
    );
  });
});
