import { DAY, HOUR, MINUTE } from "../clock.ts";
import type { Db } from "../db-types.ts";
import type { Rng } from "../prng.ts";
import { CREDIT_PRICE, TICKET_CATEGORIES, type TicketStatus } from "../schema-types.ts";
import { cycle, DEMO_COMPANY_ID, type SeedContext, takeId } from "./context.ts";
import { LONG_TICKET_THREAD, TICKET_MESSAGES, TICKET_SUBJECTS } from "./names.ts";
import { membersOf, staffAnalysts } from "./people.ts";

/** Older tickets are more often answered and closed. */
const ticketStatus = (rng: Rng, ageDays: number): TicketStatus =>
  ageDays < 3
    ? "UNREAD"
    : ageDays < 20
      ? rng.pick<TicketStatus>(["UNREAD", "PROCESSING"])
      : rng.chance(0.75)
        ? "CLOSED"
        : "PROCESSING";

/**
 * Support tickets: per company, tickets in every category (credit top-up requests among the payment
 * ones) with their message threads between a member and a staff analyst, and attachments.
 */
export function addTickets(ctx: SeedContext): void {
  const { rng, db, now, at } = ctx;
  const analysts = staffAnalysts(db);
  const file = (ticketId: string, name: string) => ({
    id: takeId(db, "attachments"),
    file: `https://files.example.com/tickets/${ticketId}/${name}`,
  });
  for (const company of db.companies) {
    const large = company.id === DEMO_COMPANY_ID;
    const members = membersOf(db, company.id).filter((u) => u.role !== "ANALYST");
    const count = large ? 40 : rng.int(3, 6);
    for (let i = 0; i < count; i++) {
      const category = cycle(TICKET_CATEGORIES, i + company.id);
      const topup = category === "PAYMENT" && i % 2 === 0;
      const ageDays = i === 0 ? 0 : rng.int(0, 360);
      const drawnMs = now - ageDays * DAY - rng.int(5, 600) * MINUTE;
      const longThread = large && i === 0;
      const dayStart = now - (now % DAY);
      const clock = (daysAgo: number, time: string) => {
        const [hh = 0, mm = 0] = time.split(":").map(Number);
        return dayStart - daysAgo * DAY + hh * HOUR + mm * MINUTE;
      };
      // The long thread's request was opened days ago, so its conversation has days to run over.
      const createdMs = longThread ? clock(4, "09:05") : drawnMs;
      const status: TicketStatus = i === 0 ? "PROCESSING" : ticketStatus(rng, ageDays);
      const id = takeId(db, "tickets");
      const ticketId = `TCK-${new Date(createdMs).getUTCFullYear()}-${String(id).padStart(4, "0")}`;
      const requestor =
        large && i < 3
          ? (db.users.find((u) => u.email === "admin@example.com") ?? rng.pick(members))
          : rng.pick(members);
      const staffMember = rng.pick(analysts);
      const subject = topup ? "Top-up credit request" : rng.pick(TICKET_SUBJECTS[category] ?? ["Question"]);
      const amount = topup ? rng.pick([500, 1000, 1500, 2500, 5000]) : null;
      const messages: Db["tickets"][number]["messages"] = [];
      let t = createdMs;
      const say = (side: "client" | "staff", message: string, attach = false) => {
        t = Math.min(now - MINUTE, t + rng.int(10, 600) * MINUTE);
        messages.push({
          id: takeId(db, "ticketMessages"),
          message,
          sender_id: side === "client" ? requestor.id : staffMember.id,
          sender_type: side,
          created_at: at(t),
          attachments: attach ? [file(ticketId, `attachment-${messages.length + 1}.png`)] : [],
        });
      };
      if (longThread) {
        for (const m of LONG_TICKET_THREAD) {
          t = clock(m.daysAgo, m.time);
          messages.push({
            id: takeId(db, "ticketMessages"),
            message: m.message,
            sender_id: m.side === "client" ? requestor.id : staffMember.id,
            sender_type: m.side,
            created_at: at(t),
            attachments: m.attach ? [file(ticketId, m.attach)] : [],
          });
        }
        // The thread used to take its times from the generator (twelve draws); drawing as many keeps
        // every record generated after it as it was.
        for (let k = 0; k < 12; k++) rng.int(10, 600);
      } else {
        say("client", rng.pick(TICKET_MESSAGES.client.slice(0, 5)), rng.chance(0.3));
        if (status !== "UNREAD") {
          const turns = rng.int(0, 4);
          for (let k = 0; k < turns; k++) {
            say(
              k % 2 === 0 ? "staff" : "client",
              rng.pick(k % 2 === 0 ? TICKET_MESSAGES.staff : TICKET_MESSAGES.client.slice(0, 5)),
              rng.chance(0.2),
            );
          }
          if (status === "CLOSED") say("staff", TICKET_MESSAGES.staff[4]);
        }
      }
      db.tickets.push({
        id,
        ticket_id: ticketId,
        requestor_id: requestor.id,
        company_id: company.id,
        name: large && i === 5 ? "Quarterly report export for the audit committee" : subject,
        status,
        category,
        description: topup
          ? `Please add ${amount} credits to our balance.`
          : large && i === 0
            ? "Our exported report shows odd characters instead of the finding names."
            : "Details are in the first message.",
        closed_at: status === "CLOSED" ? at(t + HOUR) : null,
        attachments: rng.chance(0.4)
          ? [file(ticketId, "screenshot.png"), file(ticketId, "report.pdf")].slice(0, rng.int(1, 2))
          : [],
        messages,
        created_at: at(createdMs),
        topup_amount: amount,
        invoice_code: topup ? ctx.invoice() : null,
        topup_price: amount === null ? null : amount * CREDIT_PRICE,
        first_response_due: at(createdMs + HOUR),
        rating: status === "CLOSED" ? rng.int(3, 5) : null,
        rating_comment: null,
        // Whoever answers a ticket has it; nobody has taken up an unread one yet.
        assignee_id: status === "UNREAD" ? null : staffMember.id,
      });
    }
  }
}
