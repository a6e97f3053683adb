import type { Paged, WebFindingListItem } from "@sentinel/api-client";
import { describe, expect, it } from "vitest";
import { makeFinding } from "../testing/findingFixture.ts";
import { applyStatusChange, isPendingLogEntry, patchListStatus } from "./statusChange.ts";

const actor = { id: 4, username: "analyst", email: "analyst@example.com", fullname: "Ana Lyst" };
const at = "2026-11-21T12:00:00.000Z";

describe("applyStatusChange", () => {
  it("sets the status, its label, the latest message and the actor", () => {
    const next = applyStatusChange(makeFinding(), { status: "FIXING", message: "Update to fixing" }, actor, at);
    expect(next.status).toBe("FIXING");
    expect(next.status_display).toBe("Fixing");
    expect(next.message).toBe("Update to fixing");
    expect(next.modified_by).toEqual(actor);
  });

  it("moves the version on, as the server does, so a second change sends the version it will have", () => {
    const next = applyStatusChange(makeFinding({ version: 4 }), { status: "FIXING", message: "x" }, actor, at);
    expect(next.version).toBe(5);
  });

  it("appends old → new to the end of the oldest-first log as a pending entry", () => {
    const before = makeFinding();
    const next = applyStatusChange(
      before,
      { status: "FALSE_POSITIVE", message: "Scanner misread the banner" },
      actor,
      at,
    );
    expect(next.finding_log_status).toHaveLength(2);
    expect(next.finding_log_status[0]).toEqual(before.finding_log_status[0]);
    const entry = next.finding_log_status[1];
    expect(entry).toMatchObject({
      old_status: "ACTIVE",
      new_status: "FALSE_POSITIVE",
      new_status_display: "False Positive",
      message: "Scanner misread the banner",
      modified_by: actor,
      created_at: at,
    });
    expect(entry && isPendingLogEntry(entry)).toBe(true);
  });

  it("gives consecutive pending entries distinct ids and chains their statuses", () => {
    const once = applyStatusChange(makeFinding(), { status: "FIXING", message: "a" }, actor, at);
    const twice = applyStatusChange(once, { status: "MITIGATED", message: "b" }, actor, at);
    const [, first, second] = twice.finding_log_status;
    expect(first?.id).not.toBe(second?.id);
    expect(second?.old_status).toBe("FIXING");
    expect(second?.new_status).toBe("MITIGATED");
  });

  it("does not mutate the cached finding, so a rollback can restore it", () => {
    const before = makeFinding();
    const copy = structuredClone(before);
    applyStatusChange(before, { status: "TOLERATED", message: "Accepted risk" }, null, at);
    expect(before).toEqual(copy);
  });

  it("records a change without a signed-in user as the system's", () => {
    const next = applyStatusChange(makeFinding(), { status: "FIXING", message: "x" }, null, at);
    expect(next.finding_log_status.at(-1)?.modified_by).toBeNull();
  });
});

describe("patchListStatus", () => {
  const page: Paged<WebFindingListItem> = {
    next: null,
    previous: null,
    base_link: "/api/v1/webapp/scans/1/findings/",
    pages: [1],
    count: 2,
    current_page: 1,
    start_index: 1,
    end_index: 2,
    page_size: 10,
    total_pages: 1,
    results: [
      { id: 1, name: "a", severity: "HIGH", status: "ACTIVE" },
      { id: 2, name: "b", severity: "LOW", status: "ACTIVE" },
    ],
  };

  it("changes only the matching row", () => {
    const next = patchListStatus(page, 2, "FIXING");
    expect(next.results.map((r) => r.status)).toEqual(["ACTIVE", "FIXING"]);
    expect(page.results[1]?.status).toBe("ACTIVE");
  });

  it("returns the same object when the row is not on the page", () => {
    expect(patchListStatus(page, 99, "FIXING")).toBe(page);
  });

  it("leaves data that is not a paged list alone", () => {
    expect(patchListStatus(undefined, 1, "FIXING")).toBeUndefined();
    const other = { detail: "x" };
    expect(patchListStatus(other, 1, "FIXING")).toBe(other);
  });
});
