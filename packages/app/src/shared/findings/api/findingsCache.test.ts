import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import {
  findingDetailPaths,
  findingListPaths,
  findingSummaryPaths,
  patchFindingRows,
  refreshFindingViews,
  restoreFindingRows,
  showsFindingStatus,
} from "./findingsCache.ts";

const key = (path: string, init: object = { params: {} }) => ["get", path, init] as const;

function clientWith(paths: readonly string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const path of paths) client.setQueryData(key(path), { results: [{ id: 1, status: "ACTIVE" }] });
  return client;
}

const unrelated = [
  "/api/v1/company/",
  "/api/v1/ticket/",
  "/api/v1/dashboard/ticket/overview/",
  "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/services/",
];

describe("refreshFindingViews", () => {
  it("marks every list, detail and summary of findings stale, and nothing else", async () => {
    const showing = [...findingListPaths, ...findingDetailPaths, ...findingSummaryPaths];
    const client = clientWith([...showing, ...unrelated]);
    await refreshFindingViews(client);
    for (const path of showing) expect(client.getQueryState(key(path))?.isInvalidated, path).toBe(true);
    for (const path of unrelated) expect(client.getQueryState(key(path))?.isInvalidated, path).toBe(false);
  });

  it("covers the findings index and every area's list", () => {
    expect(showsFindingStatus(key("/api/v1/findings/", { params: { query: { severity: ["HIGH"] } } }))).toBe(true);
    expect(showsFindingStatus(key("/api/v1/sourcecode/scans/{id}/findings/"))).toBe(true);
    expect(showsFindingStatus(["post", "/api/v1/findings/"])).toBe(false);
  });
});

describe("patchFindingRows", () => {
  it("changes the rows on every cached list and restores them", async () => {
    const client = clientWith([...findingListPaths, ...findingSummaryPaths]);
    const snapshot = await patchFindingRows(client, new Map([[1, "FALSE_POSITIVE"]]));
    for (const path of findingListPaths) {
      expect(client.getQueryData<{ results: Array<{ status: string }> }>(key(path))?.results[0]?.status).toBe(
        "FALSE_POSITIVE",
      );
    }
    // Summaries are counted by the server; only refetching makes them right.
    expect(
      client.getQueryData<{ results: Array<{ status: string }> }>(key(findingSummaryPaths[0]))?.results[0]?.status,
    ).toBe("ACTIVE");
    restoreFindingRows(client, snapshot);
    expect(
      client.getQueryData<{ results: Array<{ status: string }> }>(key("/api/v1/findings/"))?.results[0]?.status,
    ).toBe("ACTIVE");
  });
});
