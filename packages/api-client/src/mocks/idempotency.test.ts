import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { components } from "../generated/schema.ts";
import { db } from "./index.ts";
import { server } from "./node.ts";
import { raw, signIn } from "./testing.ts";

type S = components["schemas"];

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
beforeEach(() => db.resetAll());
afterAll(() => server.close());

const openTicket = () => {
  const ticket = db.get().tickets.find((t) => t.company_id === 1 && t.status !== "CLOSED");
  if (!ticket) throw new Error("no open ticket of the demo company");
  return ticket;
};

function replyForm(message: string, file?: File): FormData {
  const form = new FormData();
  form.set("message", message);
  if (file) form.append("attachments", file);
  return form;
}

const key = (value: string) => ({ "Idempotency-Key": value });

describe("Idempotency-Key on sends", () => {
  it("answers a retried reply with the first answer and stores the message once", async () => {
    const token = await signIn("admin@example.com");
    const ticket = openTicket();
    const before = ticket.messages.length;
    const path = `/api/v1/ticket/${ticket.id}/messages/`;
    const log = () => new File(["line 1"], "scan.log", { type: "text/plain" });

    const first = await raw("POST", path, token, replyForm("Any news?", log()), key("reply-1"));
    // The answer is lost; the client sends the same draft again with the same key.
    const retry = await raw("POST", path, token, replyForm("Any news?", log()), key("reply-1"));

    expect(first.status).toBe(201);
    expect(retry).toEqual(first);
    const thread = (await raw("GET", `/api/v1/ticket/${ticket.id}/`, token)).body as S["Ticket"];
    expect(thread.messages.filter((m) => m.message === "Any news?")).toHaveLength(1);
    expect(thread.messages).toHaveLength(before + 1);
  });

  it("stores a second send with a new key", async () => {
    const token = await signIn("admin@example.com");
    const ticket = openTicket();
    const path = `/api/v1/ticket/${ticket.id}/messages/`;
    expect((await raw("POST", path, token, replyForm("Ping"), key("a"))).status).toBe(201);
    expect((await raw("POST", path, token, replyForm("Ping"), key("b"))).status).toBe(201);
    const thread = (await raw("GET", `/api/v1/ticket/${ticket.id}/`, token)).body as S["Ticket"];
    expect(thread.messages.filter((m) => m.message === "Ping")).toHaveLength(2);
  });

  it("refuses a key reused for another request, and a send without a key", async () => {
    const token = await signIn("admin@example.com");
    const ticket = openTicket();
    const path = `/api/v1/ticket/${ticket.id}/messages/`;
    expect((await raw("POST", path, token, replyForm("First"), key("k"))).status).toBe(201);
    expect(await raw("POST", path, token, replyForm("Edited"), key("k"))).toEqual({
      status: 422,
      body: { detail: "This Idempotency-Key was already used with a different request." },
    });
    expect(await raw("POST", path, token, replyForm("No key"))).toEqual({
      status: 400,
      body: { detail: "The Idempotency-Key header is required." },
    });
  });

  it("keeps keys apart per user, and forgets a failed send", async () => {
    const admin = await signIn("admin@example.com");
    const member = await signIn("member@example.com");
    const ticket = openTicket();
    const path = `/api/v1/ticket/${ticket.id}/messages/`;
    expect((await raw("POST", path, admin, replyForm("From the admin"), key("same"))).status).toBe(201);
    expect((await raw("POST", path, member, replyForm("From the member"), key("same"))).status).toBe(201);
    // A blank message fails validation; fixed, the same key sends it.
    expect((await raw("POST", path, admin, replyForm("   "), key("fix"))).status).toBe(400);
    expect((await raw("POST", path, admin, replyForm("Fixed"), key("fix"))).status).toBe(201);
  });

  it("creates a retried ticket once", async () => {
    const token = await signIn("admin@example.com");
    const form = () => {
      const f = new FormData();
      f.set("name", "Export cuts off the findings table");
      f.set("category", "BUG");
      f.set("description", "Page 2 of the PDF is empty.");
      return f;
    };
    const count = db.get().tickets.length;
    const first = await raw("POST", "/api/v1/ticket/", token, form(), key("ticket-1"));
    const retry = await raw("POST", "/api/v1/ticket/", token, form(), key("ticket-1"));
    expect(first.status).toBe(201);
    expect(retry).toEqual(first);
    expect(db.get().tickets).toHaveLength(count + 1);
  });
});
