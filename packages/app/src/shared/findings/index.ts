/**
 * # Shared finding detail
 *
 * One finding view for every area that has findings: network VA, source code VA, web application VA
 * and threat inspection. Every field of the API's `Finding` is shown; all of its text is rendered as
 * React text (scanned targets control it) and references are links only when they are http(s).
 *
 * ## Which locator
 * A `FindingLocator` says where a finding lives; build it with `findingLocators`:
 *
 * | Area               | Builder                                                      | Designed PATCH on                                   |
 * | ------------------ | ------------------------------------------------------------ | --------------------------------------------------- |
 * | Network            | `findingLocators.network({ configId, scanId, endpointId, findingId })` | `/networkva/…/scan-endpoints/{endpointId}/findings/{findingId}/` |
 * | Source code        | `findingLocators.sourceCode({ scanId, findingId })`          | `/sourcecode/scans/{id}/findings/{findingId}/`      |
 * | Web application    | `findingLocators.webApp({ scanId, findingId })`              | `/webapp/scans/{id}/findings/{findingId}/`          |
 * | Threat inspection  | `findingLocators.threatInspection({ findingId })`            | `/threat-inspection/scan-configuration/findings/{id}/` |
 *
 * ## A findings table with a drawer
 * ```tsx
 * const { findingId, open, close } = useFindingParam();          // `?finding=123` in the URL
 * <PagedTable … onRowAction={(row) => open(row.id)} />
 * <FindingDrawer
 *   locator={findingId === null ? null : findingLocators.threatInspection({ findingId })}
 *   onClose={close}
 * />
 * ```
 * Esc, the close button or an outside click closes it, and react-aria returns focus to the row.
 * Screens pass no paths: a status change patches the finding's rows on every cached finding list
 * (area lists and the findings index) at once, rolls them back on failure, and then refreshes every
 * view of finding statuses and counts through `refreshFindingViews` (api/findingsCache.ts, the
 * one owner of those rules; its path lists say what is refreshed).
 *
 * ## A full page
 * `<FindingView locator={…} headingLevel={2} />` loads and shows one finding with loading and error
 * states; the page's own h1 names it (read the name from `useFinding(locator).data`).
 *
 * ## Lower-level pieces
 * - `FindingDetail` (`finding`, optional `onStatusChange`) renders a loaded finding.
 * - `FindingStatusChange` is the status form (ACTIVE, FIXING, MITIGATED, TOLERATED, FALSE_POSITIVE
 *   plus a message). It keeps the draft and shows the API's error when the change fails.
 * - `useFindingStatusMutation({ locator })` is the optimistic PATCH. Views pass status and message;
 *   it sends the version of the cached finding (the one on screen), and a 409 stores the conflict's
 *   `current` finding, so the view shows at once what changed. `applyStatusChange` is its pure
 *   updater (unit-tested). Bulk changes and undos go through `useBulkStatusMutation` and
 *   `useUndoBatchMutation`; each mutation owns the cache updates it causes (api/findingQueries.ts).
 * - `FindingTimeline` shows `finding_log_status`: old → new, message, actor (or System) and time.
 * - `CodeSnippet` shows `"42 | code"` lines with the affected line highlighted and `aria-current`.
 * - `FindingReferences` links only http(s) references (see `safeHttpUrl` in `src/lib`).
 */

export type { ApiGetPath, FindingDetailPath, FindingLocator } from "./api/findingLocator.ts";
export { findingIdOf, findingLocators } from "./api/findingLocator.ts";
export type { FindingStatusMutationOptions, StatusChangeRequest } from "./api/findingQueries.ts";
export { findingQueryKey, findingQueryOptions, useFinding, useFindingStatusMutation } from "./api/findingQueries.ts";
export { applyStatusChange, isPendingLogEntry, patchListStatus } from "./api/statusChange.ts";
export type { CodeSnippetProps } from "./CodeSnippet.tsx";
export { CodeSnippet } from "./CodeSnippet.tsx";
export type { SnippetLine } from "./codeSnippet.ts";
export { parseSnippetLines } from "./codeSnippet.ts";
export type { FindingDetailProps } from "./FindingDetail.tsx";
export { FindingDetail } from "./FindingDetail.tsx";
export type { FindingDrawerProps } from "./FindingDrawer.tsx";
export { FindingDrawer } from "./FindingDrawer.tsx";
export type { SeverityOverviewProps, StatusOverviewProps } from "./FindingOverviews.tsx";
export { SeverityOverview, StatusOverview } from "./FindingOverviews.tsx";
export type { FindingReferencesProps } from "./FindingReferences.tsx";
export { FindingReferences } from "./FindingReferences.tsx";
export type { FindingStatusChangeProps } from "./FindingStatusChange.tsx";
export { FindingStatusChange } from "./FindingStatusChange.tsx";
export type { FindingTimelineProps } from "./FindingTimeline.tsx";
export { actorName, FindingTimeline } from "./FindingTimeline.tsx";
export type { FindingViewProps } from "./FindingView.tsx";
export { FindingView } from "./FindingView.tsx";
export {
  findingStatuses,
  findingStatusLabels,
  formatPort,
  formatScore,
  isFindingStatus,
  severities,
  severityLabels,
} from "./labels.ts";
export type { SeverityCountsProps, StatusCountsProps } from "./SeverityCounts.tsx";
export { SeverityCounts, StatusCounts } from "./SeverityCounts.tsx";
export { findingParam, useFindingParam } from "./useFindingParam.ts";
