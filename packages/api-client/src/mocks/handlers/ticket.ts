import type { components } from "../../generated/schema.ts";
import { HOUR, iso, now } from "../clock.ts";
import { getDb, newId, newInvoiceCode } from "../db.ts";
import type { Db, DbTicket, DbUser } from "../db-types.ts";
import { byId, newestFirst } from "../lookup.ts";
import { type Attachment, CREDIT_PRICE, TICKET_CATEGORIES, TICKET_STATUSES } from "../schema-types.ts";
import { canSee, companyScope, inScope, isStaff, matches } from "../scope.ts";
import { fullName, ticket, ticketMessage } from "../serialize.ts";
import { reply, typedHttp } from "../typed.ts";
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
    name: f.name || "attachment",
  }));
}

/** A stored file's name: the one uploaded, else the last segment of the address the demo data gave it. */
function fileName(a: Attachment): string {
  if (a.name) return a.name;
  const last = (a.file.split(/[?#]/)[0] ?? "").split("/").filter(Boolean).pop() ?? "";
  try {
    return decodeURIComponent(last) || "attachment";
  } catch {
    return last || "attachment";
  }
}

/** Static mode has no key to sign with: its links carry this in place of the server's HMAC. */
const STATIC_SIGNATURE = "unsigned-static-mode";

/**
 * On the wire a file's URL is the designed download operation's, signed for the viewer for an hour
 * (the server's shape), so a link in static mode reaches the handler below without a token.
 */
function linkFiles(files: readonly Attachment[], origin: string, viewerId: number): Attachment[] {
  const link = new URLSearchParams({
    expires: String(Math.floor((now() + HOUR) / 1000)),
    user: String(viewerId),
    signature: STATIC_SIGNATURE,
  });
  return files.map((a) => ({
    id: a.id,
    file: `${origin}/api/v1/ticket/attachments/${a.id}/download/?${link}`,
    name: fileName(a),
  }));
}

function linked(t: components["schemas"]["Ticket"], origin: string, viewerId: number): components["schemas"]["Ticket"] {
  return {
    ...t,
    attachments: linkFiles(t.attachments, origin, viewerId),
    messages: t.messages.map((m) => ({ ...m, attachments: linkFiles(m.attachments, origin, viewerId) })),
  };
}

/** RFC 6266 / 5987, as the server writes it: an ASCII fallback and the exact name in UTF-8. */
function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** A one-page PDF saying what it stands in for (ASCII only, so lengths are byte counts). */
function placeholderPdf(text: string): string {
  const line = text.replace(/[^\x20-\x7e]/g, "?").replace(/[()\\]/g, "\\$&");
  const stream = `BT /F1 14 Tf 72 770 Td (${line}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return out;
}

/**
 * Static mode stores no bytes: a download answers a small generated stand-in (a 1x1 PNG, a one-page
 * PDF, or a text note named after the file) so the link opens something real.
 */
function placeholderFile(name: string): { body: BodyInit; type: string; name: string } {
  const note = `Static mode: a stand-in for "${name}". The demo data keeps no file contents.`;
  if (/\.png$/i.test(name)) {
    return { body: Uint8Array.from(atob(PNG_1X1), (c) => c.charCodeAt(0)), type: "image/png", name };
  }
  if (/\.pdf$/i.test(name)) return { body: placeholderPdf(note), type: "application/pdf", name };
  return {
    body: `${note}\n`,
    type: "text/plain; charset=utf-8",
    name: /\.(txt|log|csv)$/i.test(name) ? name : `${name}.txt`,
  };
}

function visibleTicket(db: Db, user: DbUser, id: number): DbTicket | undefined {
  const t = byId(db.tickets, id);
  if (!t) return undefined;
  // A staff-less ticket (company null) is visible to staff and to its requestor.
  return canSee({ user }, t.company_id) || t.requestor_id === user.id ? t : undefined;
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
    return ctx.paged(
      rows.map((t) => linked(ticket(db, t, ctx.viewer.user.id, at), ctx.url.origin, ctx.viewer.user.id)),
    );
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
        rating_comment: null,
        assignee_id: null,
      };
      db.tickets.push(row);
      return ctx.created(linked(ticket(db, row, ctx.viewer.user.id, createdMs), ctx.url.origin, ctx.viewer.user.id));
    },
    { idempotent: true },
  ),

  typedHttp.get("/api/v1/ticket/{id}/", (ctx) => {
    const db = getDb();
    const t = visibleTicket(db, ctx.viewer.user, ctx.params.id);
    return t
      ? ctx.ok(linked(ticket(db, t, ctx.viewer.user.id, now()), ctx.url.origin, ctx.viewer.user.id))
      : reply.notFound();
  }),

  typedHttp.get(
    "/api/v1/ticket/attachments/{id}/download/",
    (ctx) => {
      const db = getDb();
      // A bearer token, or a link's user: static mode cannot check the signature, only its expiry and user.
      let reader = ctx.viewer?.user;
      if (!reader) {
        const expires = ctx.query("expires");
        const user = ctx.query("user");
        if (expires === null || user === null || ctx.query("signature") === null) {
          return reply.unauthorized("Authentication credentials were not provided.");
        }
        reader = Number(expires) * 1000 > now() ? byId(db.users, Number(user)) : undefined;
        if (!reader) return reply.unauthorized("This download link is invalid or has expired.");
      }
      const owner = db.tickets.find((t) =>
        [...t.attachments, ...t.messages.flatMap((m) => m.attachments)].some((a) => a.id === ctx.params.id),
      );
      // Scoped like the ticket: another company's file is as absent as a missing one.
      const t = owner && visibleTicket(db, reader, owner.id);
      const file =
        t && [...t.attachments, ...t.messages.flatMap((m) => m.attachments)].find((a) => a.id === ctx.params.id);
      if (!file) return reply.notFound();
      const stand = placeholderFile(fileName(file));
      const response = new Response(stand.body, {
        status: 200,
        headers: {
          "Content-Type": stand.type,
          "Content-Disposition": contentDisposition(stand.name),
          "X-Content-Type-Options": "nosniff",
        },
      });
      // A file, not a JSON reply: the route's success type has no body to check.
      return response as unknown as ReturnType<typeof ctx.ok>;
    },
    // The contract's `security: [{bearerAuth: []}, {}]`: a token when sent, else the signed link.
    { auth: "public" },
  ),

  typedHttp.post(
    "/api/v1/ticket/{id}/messages/",
    async (ctx) => {
      const db = getDb();
      const t = visibleTicket(db, ctx.viewer.user, ctx.params.id);
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
      const wire = ticketMessage(db, row, ctx.viewer.user.id);
      return ctx.created({ ...wire, attachments: linkFiles(wire.attachments, ctx.url.origin, ctx.viewer.user.id) });
    },
    { idempotent: true },
  ),
];

/** Why a status change is refused, as the server words it; null when the caller may make it. */
export function statusChangeRefusal(
  staff: boolean,
  from: DbTicket["status"],
  to: DbTicket["status"],
): { status: 400 | 403; message: string } | null {
  // What the role may never set comes first: it is refused whatever the ticket's status.
  if (!staff && to === "PROCESSING") return { status: 403, message: "Only staff can mark a ticket as processing." };
  // Staff reopen a ticket by taking it up again; UNREAD is the client's reopen (it waits for staff).
  if (staff && to === "UNREAD") {
    return { status: 400, message: "Staff cannot set a ticket to UNREAD. Set it to PROCESSING to reopen it." };
  }
  if (to === "UNREAD" && from !== "CLOSED") return { status: 400, message: "Only a closed ticket can be reopened." };
  if (to === from) {
    return {
      status: 400,
      message: `This ticket is ${to === "CLOSED" ? "already closed" : "already being processed"}.`,
    };
  }
  return null;
}

const LIFECYCLE_ERRORS = {
  staff: "Only the client can rate a ticket.",
  notClosed: "Only a closed ticket can be rated.",
  assignStaffOnly: "Only staff can assign a ticket.",
  notStaff: "Choose an active staff member (a super admin or analyst).",
};

/** The answer every lifecycle write gives: the ticket as it now is, with its links signed for the viewer. */
function ticketAnswer(db: Db, t: DbTicket, origin: string, viewerId: number) {
  return linked(ticket(db, t, viewerId, now()), origin, viewerId);
}

export const ticketLifecycleHandlers = [
  typedHttp.post("/api/v1/ticket/{id}/status/", async (ctx) => {
    const db = getDb();
    const t = visibleTicket(db, ctx.viewer.user, ctx.params.id);
    if (!t) return reply.notFound();
    const body = await ctx.body();
    if (!body) return reply.nonField("Invalid data. Expected a JSON object.");
    if (body.status === undefined) return reply.field("status", REQUIRED);
    if (!oneOf(body.status, TICKET_STATUSES))
      return reply.field("status", `Must be one of: ${TICKET_STATUSES.join(", ")}.`);
    const refusal = statusChangeRefusal(isStaff(ctx.viewer.user), t.status, body.status);
    if (refusal)
      return refusal.status === 403 ? reply.forbidden(refusal.message) : reply.field("status", refusal.message);
    if (body.status === "CLOSED") t.closed_at = iso(now());
    else if (t.status === "CLOSED") {
      // A reopened ticket is no longer finished: the rating its closure got goes with the closure.
      t.closed_at = null;
      t.rating = null;
      t.rating_comment = null;
    }
    t.status = body.status;
    return ctx.ok(ticketAnswer(db, t, ctx.url.origin, ctx.viewer.user.id));
  }),

  typedHttp.post("/api/v1/ticket/{id}/assign/", async (ctx) => {
    const db = getDb();
    const t = visibleTicket(db, ctx.viewer.user, ctx.params.id);
    if (!t) return reply.notFound();
    if (!isStaff(ctx.viewer.user)) return reply.forbidden(LIFECYCLE_ERRORS.assignStaffOnly);
    const body = await ctx.body();
    if (!body) return reply.nonField("Invalid data. Expected a JSON object.");
    if (body.assignee === undefined) return reply.field("assignee", REQUIRED);
    if (body.assignee === null) {
      t.assignee_id = null;
    } else {
      const staffUser = typeof body.assignee === "number" ? byId(db.users, body.assignee) : undefined;
      if (!staffUser || !isStaff(staffUser)) return reply.field("assignee", LIFECYCLE_ERRORS.notStaff);
      t.assignee_id = staffUser.id;
    }
    return ctx.ok(ticketAnswer(db, t, ctx.url.origin, ctx.viewer.user.id));
  }),

  typedHttp.post("/api/v1/ticket/{id}/rating/", async (ctx) => {
    const db = getDb();
    const t = visibleTicket(db, ctx.viewer.user, ctx.params.id);
    if (!t) return reply.notFound();
    if (isStaff(ctx.viewer.user)) return reply.forbidden(LIFECYCLE_ERRORS.staff);
    const body = await ctx.body();
    if (!body) return reply.nonField("Invalid data. Expected a JSON object.");
    const { rating, comment } = body;
    if (rating === undefined) return reply.field("rating", REQUIRED);
    if (typeof rating !== "number" || !Number.isInteger(rating))
      return reply.field("rating", "Must be of type integer.");
    if (rating < 1) return reply.field("rating", "Must be >= 1.");
    if (rating > 5) return reply.field("rating", "Must be <= 5.");
    if (comment !== undefined && typeof comment !== "string") return reply.field("comment", "Must be of type string.");
    if (typeof comment === "string" && comment.length > 1000)
      return reply.field("comment", "Ensure this field has no more than 1000 characters.");
    if (t.status !== "CLOSED") return reply.nonField(LIFECYCLE_ERRORS.notClosed);
    t.rating = rating;
    t.rating_comment = typeof comment === "string" && comment.trim() ? comment.trim() : null;
    return ctx.ok(ticketAnswer(db, t, ctx.url.origin, ctx.viewer.user.id));
  }),
];

function requestorNames(db: Db, t: DbTicket): string[] {
  const u = byId(db.users, t.requestor_id);
  return u ? [fullName(u), u.email] : [];
}
