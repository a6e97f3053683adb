import { HOUR, iso, now } from "../clock.ts";
import { getDb, newId, newInvoiceCode } from "../db.ts";
import type { Db, DbTicket } from "../db-types.ts";
import { byId, newestFirst } from "../lookup.ts";
import { type Attachment, CREDIT_PRICE, TICKET_CATEGORIES, TICKET_STATUSES } from "../schema-types.ts";
import { canSee, companyScope, inScope, isStaff, matches } from "../scope.ts";
import { fullName, ticket, ticketMessage } from "../serialize.ts";
import { reply, typedHttp, type Viewer } from "../typed.ts";
import { BLANK, choiceError, choiceFilter, oneOf, REQUIRED } from "../validate.ts";

/**
 * The ticket forms are multipart (files); a JSON body is accepted too, so a client without
 * attachments can stay simple. Returns plain fields plus the uploaded files.
 */
async function readForm(request: Request): Promise<{ fields: Record<string, string>; files: File[] } | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) {
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => null);
    if (!body || typeof body !== "object") return null;
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(body))
      if (typeof v === "string" || typeof v === "number") fields[k] = String(v);
    return { fields, files: [] };
  }
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  if (!form) return null;
  const fields: Record<string, string> = {};
  const files: File[] = [];
  form.forEach((value, key) => {
    if (typeof value === "string") {
      if (key !== "attachments") fields[key] = value;
    } else files.push(value);
  });
  return { fields, files };
}

/** DRF's FileField refuses an empty upload with this message, under the field's name. */
const EMPTY_FILE = "The submitted file is empty.";

function stored(ticketId: string, files: File[]): Attachment[] {
  return files.map((f) => ({
    id: newId("attachments"),
    file: `https://files.example.com/tickets/${ticketId}/${encodeURIComponent(f.name || "attachment")}`,
  }));
}

function visibleTicket(db: Db, viewer: Viewer, id: number): DbTicket | undefined {
  const t = byId(db.tickets, id);
  if (!t) return undefined;
  // A staff-less ticket (company null) is visible to staff and to its requestor.
  return canSee(viewer, t.company_id) || t.requestor_id === viewer.user.id ? t : undefined;
}

export const ticketHandlers = [
  typedHttp.get("/api/v1/ticket/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const status = choiceFilter("status", ctx.query("status"), TICKET_STATUSES);
    if (!status.ok) return status.error;
    const search = ctx.query("search");
    const rows = newestFirst(
      db.tickets.filter(
        (t) =>
          (inScope(scope, t.company_id) || t.requestor_id === ctx.viewer.user.id) &&
          (status.value === null || t.status === status.value) &&
          matches(search, t.name, t.ticket_id, t.description, ...requestorNames(db, t)),
      ),
      (t) => t.created_at,
    );
    const at = now();
    return ctx.paged(rows.map((t) => ticket(db, t, ctx.viewer.user.id, at)));
  }),

  typedHttp.post(
    "/api/v1/ticket/",
    async (ctx) => {
      const db = getDb();
      const form = await readForm(ctx.request);
      if (!form) return reply.nonField("Invalid data. Expected a form.");
      const { fields, files } = form;
      const errors: Record<string, string[]> = {};
      for (const key of ["name", "category", "description"]) {
        if (fields[key] === undefined) errors[key] = [REQUIRED];
        else if (key !== "description" && !fields[key]?.trim()) errors[key] = [BLANK];
      }
      if (fields.category !== undefined && !oneOf(fields.category, TICKET_CATEGORIES)) {
        errors.category = [choiceError(fields.category)];
      }
      const amount =
        fields.topup_amount === undefined || fields.topup_amount === "" ? null : Number(fields.topup_amount);
      if (amount !== null && !(Number.isFinite(amount) && amount > 0))
        errors.topup_amount = ["Enter a number greater than 0."];
      if (files.some((f) => f.size === 0)) errors.attachments = [EMPTY_FILE];
      if (Object.keys(errors).length) return reply.badRequest(errors);

      const createdMs = now();
      const id = newId("tickets");
      const ticketId = `TCK-${new Date(createdMs).getUTCFullYear()}-${String(id).padStart(4, "0")}`;
      const row: DbTicket = {
        id,
        ticket_id: ticketId,
        requestor_id: ctx.viewer.user.id,
        company_id: isStaff(ctx.viewer.user) ? null : ctx.viewer.user.company_id,
        name: String(fields.name).trim(),
        status: "UNREAD",
        category: fields.category as DbTicket["category"],
        description: String(fields.description),
        closed_at: null,
        attachments: stored(ticketId, files),
        messages: [],
        created_at: iso(createdMs),
        topup_amount: amount,
        invoice_code: amount === null ? null : newInvoiceCode(),
        topup_price: amount === null ? null : amount * CREDIT_PRICE,
        first_response_due: iso(createdMs + HOUR),
        rating: null,
      };
      db.tickets.push(row);
      return ctx.created(ticket(db, row, ctx.viewer.user.id, createdMs));
    },
    { idempotent: true },
  ),

  typedHttp.get("/api/v1/ticket/{id}/", (ctx) => {
    const db = getDb();
    const t = visibleTicket(db, ctx.viewer, ctx.params.id);
    return t ? ctx.ok(ticket(db, t, ctx.viewer.user.id, now())) : reply.notFound();
  }),

  typedHttp.post(
    "/api/v1/ticket/{id}/messages/",
    async (ctx) => {
      const db = getDb();
      const t = visibleTicket(db, ctx.viewer, ctx.params.id);
      if (!t) return reply.notFound();
      const form = await readForm(ctx.request);
      if (!form) return reply.nonField("Invalid data. Expected a form.");
      const message = form.fields.message;
      if (message === undefined) return reply.field("message", REQUIRED);
      if (!message.trim()) return reply.field("message", BLANK);
      if (form.files.some((f) => f.size === 0)) return reply.field("attachments", EMPTY_FILE);
      if (t.status === "CLOSED") return reply.nonField("This ticket is closed. Open a new ticket to continue.");
      const staff = isStaff(ctx.viewer.user);
      const row: DbTicket["messages"][number] = {
        id: newId("ticketMessages"),
        message,
        sender_id: ctx.viewer.user.id,
        sender_type: staff ? "staff" : "client",
        created_at: iso(now()),
        attachments: stored(t.ticket_id, form.files),
      };
      t.messages.push(row);
      // A staff reply means someone is on it.
      if (staff && t.status === "UNREAD") t.status = "PROCESSING";
      return ctx.created(ticketMessage(db, row, ctx.viewer.user.id));
    },
    { idempotent: true },
  ),
];

function requestorNames(db: Db, t: DbTicket): string[] {
  const u = byId(db.users, t.requestor_id);
  return u ? [fullName(u), u.email] : [];
}
