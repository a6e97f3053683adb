// Story-only sample data shaped like the ticket list endpoint.
import type { PagedList } from "./pagedList.ts";

export interface SampleTicket {
  id: number;
  ticket_id: string;
  name: string;
  category: "BUG" | "PAYMENT" | "REFUND" | "FEATURE" | "ACCOUNT" | "OTHER";
  status: "UNREAD" | "PROCESSING" | "CLOSED";
  requestor: string;
  created_at: string;
}

const categories = ["BUG", "PAYMENT", "REFUND", "FEATURE", "ACCOUNT", "OTHER"] as const;
const statuses = ["UNREAD", "PROCESSING", "CLOSED"] as const;
const subjects = [
  "Scan stuck in queue",
  "Top-up not credited",
  "Refund for cancelled scan",
  "Export findings as CSV",
  "Cannot enable 2FA",
  "Question about pricing",
];
const people = ["Ayu Lestari", "Budi Santoso", "Citra Dewi", "Dimas Pratama", "Eka Putri"];

/** 134 tickets, deterministic so screenshots are stable. */
export const sampleTickets: SampleTicket[] = Array.from({ length: 134 }, (_, i) => ({
  id: 1000 + i,
  ticket_id: `TCK-${String(1000 + i).padStart(5, "0")}`,
  name: subjects[i % subjects.length] ?? "",
  category: categories[i % categories.length] ?? "OTHER",
  status: statuses[(i * 7) % statuses.length] ?? "UNREAD",
  requestor: people[(i * 3) % people.length] ?? "",
  created_at: new Date(Date.UTC(2026, 0, 1 + (i % 28), 8 + (i % 9), (i * 13) % 60)).toISOString(),
}));

/** The API's paged wrapper around `rows`, for 1-based `page`. */
export function pageOf<T>(rows: readonly T[], page: number, pageSize = 10): PagedList<T> {
  const totalPages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(Math.max(1, page), totalPages);
  const start = (current - 1) * pageSize;
  const results = rows.slice(start, start + pageSize);
  return {
    count: rows.length,
    current_page: current,
    page_size: pageSize,
    total_pages: totalPages,
    start_index: results.length ? start + 1 : 0,
    end_index: start + results.length,
    pages: Array.from({ length: totalPages }, (_, i) => i + 1),
    results,
    next: current < totalPages ? `?page=${current + 1}` : null,
    previous: current > 1 ? `?page=${current - 1}` : null,
  };
}
