import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { components } from "../generated/schema.ts";
import { db } from "./index.ts";
import { server } from "./node.ts";
import { raw, signIn } from "./testing.ts";

type S = components["schemas"];

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
beforeEach(() => db.resetAll());
afterAll(() => server.close());

async function ticketOf(token: string, status: S["TicketStatus"], company?: number): Promise<S["Ticket"]> {
  const query = `status=${status}&page_size=100${company === undefined ? "" : `&company=${company}`}`;
  const r = await raw("GET", `/api/v1/ticket/?${query}`, token);
  const found = (r.body as S["PagedTicket"]).results.find((t) => t.company !== null);
  if (!found) throw new Error(`no ${status} ticket`);
  return found;
}

const setStatus = (token: string, id: number, status: string) =>
  raw("POST", `/api/v1/ticket/${id}/status/`, token, { status });
const rate = (token: string, id: number, body: Record<string, unknown>) =>
  raw("POST", `/api/v1/ticket/${id}/rating/`, token, body);
const assign = (token: string, id: number, assignee: number | null) =>
  raw("POST", `/api/v1/ticket/${id}/assign/`, token, { assignee });

describe("ticket lifecycle in static mode", () => {
  it("lets a client close, rate and reopen their ticket, and the overview averages the ratings", async () => {
    const client = await signIn("member@example.com");
    const open = await ticketOf(client, "PROCESSING");
    const closed = await setStatus(client, open.id, "CLOSED");
    expect(closed.status).toBe(200);
    expect((closed.body as S["Ticket"]).status).toBe("CLOSED");
    expect((closed.body as S["Ticket"]).closed_at).not.toBeNull();

    const rated = await rate(client, open.id, { rating: 1, comment: "  Took a week to answer.  " });
    expect(rated.status).toBe(200);
    expect(rated.body).toMatchObject({ rating: 1, rating_comment: "Took a week to answer." });
    const overview = (await raw("GET", "/api/v1/dashboard/ticket/overview/", client)).body as S["TicketOverview"];
    const ratings = db
      .get()
      .tickets.filter((t) => t.company_id === open.company?.id && t.rating !== null)
      .map((t) => t.rating ?? 0);
    expect(ratings).toContain(1);
    expect(overview.average_rating).toBe(Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10);

    const reopened = await setStatus(client, open.id, "UNREAD");
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: "UNREAD", closed_at: null, rating: null, rating_comment: null });
  });

  it("refuses what a client may not do, with the reason", async () => {
    const client = await signIn("admin@example.com");
    const open = await ticketOf(client, "PROCESSING");
    expect(await setStatus(client, open.id, "PROCESSING")).toEqual({
      status: 403,
      body: { detail: "Only staff can mark a ticket as processing." },
    });
    expect(await setStatus(client, open.id, "UNREAD")).toEqual({
      status: 400,
      body: { status: ["Only a closed ticket can be reopened."] },
    });
    expect(await rate(client, open.id, { rating: 4 })).toEqual({
      status: 400,
      body: { non_field_errors: ["Only a closed ticket can be rated."] },
    });
    expect(await assign(client, open.id, null)).toEqual({
      status: 403,
      body: { detail: "Only staff can assign a ticket." },
    });
    const closed = await ticketOf(client, "CLOSED");
    expect(await setStatus(client, closed.id, "CLOSED")).toEqual({
      status: 400,
      body: { status: ["This ticket is already closed."] },
    });
    expect((await rate(client, closed.id, { rating: 6 })).body).toEqual({ rating: ["Must be <= 5."] });
    expect((await rate(client, closed.id, { rating: 2.5 })).body).toEqual({ rating: ["Must be of type integer."] });
    // Nothing refused changed the ticket.
    const after = (await raw("GET", `/api/v1/ticket/${open.id}/`, client)).body as S["Ticket"];
    expect(after).toMatchObject({ status: "PROCESSING", rating: null });
  });

  it("lets staff take up, close, reopen and assign a ticket, but not rate it", async () => {
    const staff = await signIn("analyst@example.com");
    const unread = await ticketOf(staff, "UNREAD");
    expect((await setStatus(staff, unread.id, "PROCESSING")).body).toMatchObject({ status: "PROCESSING" });
    expect((await setStatus(staff, unread.id, "CLOSED")).body).toMatchObject({ status: "CLOSED" });
    expect(await setStatus(staff, unread.id, "UNREAD")).toEqual({
      status: 400,
      body: { status: ["Staff cannot set a ticket to UNREAD. Set it to PROCESSING to reopen it."] },
    });
    expect(await rate(staff, unread.id, { rating: 5 })).toEqual({
      status: 403,
      body: { detail: "Only the client can rate a ticket." },
    });
    expect((await setStatus(staff, unread.id, "PROCESSING")).body).toMatchObject({
      status: "PROCESSING",
      closed_at: null,
    });

    const analysts = (await raw("GET", "/api/v1/user/analyst/", staff)).body as S["User"][];
    const analyst = analysts[0];
    if (!analyst) throw new Error("no analyst");
    const assigned = await assign(staff, unread.id, analyst.id);
    expect(assigned.status).toBe(200);
    expect((assigned.body as S["Ticket"]).assignee).toMatchObject({ id: analyst.id, email: analyst.email });
    const member = db.get().users.find((u) => u.role === "CLIENT");
    expect(await assign(staff, unread.id, member?.id ?? 0)).toEqual({
      status: 400,
      body: { assignee: ["Choose an active staff member (a super admin or analyst)."] },
    });
    expect((await assign(staff, unread.id, null)).body).toMatchObject({ assignee: null });
  });

  it("answers 404 for another company's ticket", async () => {
    const staff = await signIn("superadmin@example.com");
    const client = await signIn("admin@example.com");
    const own = await ticketOf(client, "PROCESSING");
    const other = db.get().tickets.find((t) => t.company_id !== null && t.company_id !== own.company?.id);
    if (!other) throw new Error("no other company's ticket");
    expect((await setStatus(client, other.id, "CLOSED")).status).toBe(404);
    expect((await rate(client, other.id, { rating: 3 })).status).toBe(404);
    expect((await assign(client, other.id, null)).status).toBe(404);
    expect((await setStatus(staff, other.id, other.status === "CLOSED" ? "PROCESSING" : "CLOSED")).status).toBe(200);
  });
});
