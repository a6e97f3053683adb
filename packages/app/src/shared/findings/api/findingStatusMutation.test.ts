import { ApiError, type ErrorBody, type Finding, type FindingStatusUpdate } from "@sentinel/api-client";
import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { makeFinding } from "../testing/findingFixture.ts";
import { findingLocators } from "./findingLocator.ts";
import { findingQueryKey, findingStatusMutationOptions, withShownVersion } from "./findingQueries.ts";

const locator = findingLocators.webApp({ scanId: 4, findingId: 501 });
const detailKey = findingQueryKey(locator);
const indexKey = ["get", "/api/v1/findings/", { params: { query: { page: 1 } } }];
const path = "/api/v1/webapp/scans/4/findings/501/";

/**
 * The status mutation over a cache that holds the drawer's finding (ACTIVE, version 2) and an index
 * page with its row. The server is `answer`; nothing observes the queries, so no refetch replaces
 * what the mutation itself wrote.
 */
function setUp(answer: (body: FindingStatusUpdate) => Promise<Finding>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const shown = makeFinding({ status: "ACTIVE", status_display: "Active", version: 2 });
  queryClient.setQueryData(detailKey, shown);
  queryClient.setQueryData(indexKey, { results: [{ id: 501, status: "ACTIVE" }] });
  const sent: FindingStatusUpdate[] = [];
  const observer = new MutationObserver(queryClient, {
    ...findingStatusMutationOptions(queryClient, locator, null),
    mutationFn: (body: FindingStatusUpdate) => {
      sent.push(body);
      return answer(body);
    },
  });
  const change = (status: FindingStatusUpdate["status"]) =>
    observer.mutate(withShownVersion(queryClient, locator, { status, message: "WAF rule deployed" }));
  const detail = () => queryClient.getQueryData<Finding>(detailKey);
  const rowStatus = () =>
    queryClient.getQueryData<{ results: Array<{ status: string }> }>(indexKey)?.results[0]?.status;
  return { shown, sent, change, detail, rowStatus };
}

describe("the finding status mutation", () => {
  it("sends the version of the finding the view shows; the view passes status and message only", async () => {
    const { sent, change } = setUp(async (body) => makeFinding({ status: body.status, version: 3 }));
    await change("FIXING");
    expect(sent).toEqual([{ status: "FIXING", message: "WAF rule deployed", version: 2 }]);
  });

  it("shows the change at once on the detail and on the rows, and stores the server's finding", async () => {
    let seenMeanwhile: { status?: string; row?: string } = {};
    const saved = makeFinding({ status: "MITIGATED", status_display: "Mitigated", version: 3 });
    const { change, detail, rowStatus } = setUp(async () => {
      seenMeanwhile = { status: detail()?.status, row: rowStatus() };
      return saved;
    });
    await change("MITIGATED");
    expect(seenMeanwhile).toEqual({ status: "MITIGATED", row: "MITIGATED" });
    expect(detail()).toEqual(saved);
  });

  it("after a 409 shows the finding as it is now (the conflict's current), not the one the user saw", async () => {
    const current = makeFinding({
      status: "FIXING",
      status_display: "Fixing",
      version: 3,
      modified_by: { id: 7, username: "rina", email: "rina@example.com", fullname: "Rina Hartono" },
    });
    const conflict = { detail: "Changed since you loaded it.", code: "version_conflict", current };
    const { change, detail, rowStatus } = setUp(() =>
      Promise.reject(new ApiError(409, conflict as unknown as ErrorBody, path)),
    );
    await expect(change("MITIGATED")).rejects.toBeInstanceOf(ApiError);
    expect(detail()).toEqual(current);
    expect(rowStatus()).toBe("FIXING");
  });

  it("after any other failure puts back exactly what was cached", async () => {
    const { shown, change, detail, rowStatus } = setUp(() =>
      Promise.reject(new ApiError(500, { detail: "Server error." }, path)),
    );
    await expect(change("MITIGATED")).rejects.toBeInstanceOf(ApiError);
    expect(detail()).toEqual(shown);
    expect(rowStatus()).toBe("ACTIVE");
  });

  it("sends no version when no finding is cached, so nothing is checked", () => {
    const queryClient = new QueryClient();
    expect(withShownVersion(queryClient, locator, { status: "FIXING", message: "x" })).toEqual({
      status: "FIXING",
      message: "x",
    });
  });
});
