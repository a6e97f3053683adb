import type { ApiError, Finding } from "@sentinel/api-client";
import { ErrorState, Skeleton, Stack } from "@sentinel/ui";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { visuallyHidden } from "../../components/visuallyHidden.css.ts";
import { permissionOf } from "../../lib/permissions.ts";
import { useRole } from "../../lib/sessionQueries.ts";
import { type FindingLocator, findingIdOf } from "./api/findingLocator.ts";
import { useFinding, useFindingStatusMutation } from "./api/findingQueries.ts";
import { useAssigneeCandidates, useFindingAssignMutation } from "./api/ownership.ts";
import { useIndexedFinding } from "./api/useIndexedFindingLocator.ts";
import { FindingAssignee } from "./FindingAssignee.tsx";
import { FindingDetail } from "./FindingDetail.tsx";

export interface FindingViewProps {
  locator: FindingLocator;
  /** @default 3 */
  headingLevel?: 2 | 3 | 4;
  /**
   * Hides the status change form (read-only viewers).
   * @default false
   */
  readOnly?: boolean;
  /** Extra area fields, rendered inside the detail after its text sections. */
  children?: (finding: Finding) => ReactNode;
}

/** Loads one finding and shows it with the optimistic status change; loading and error states included. */
export function FindingView(props: FindingViewProps) {
  const query = useFinding(props.locator);
  return <LoadedFindingView {...props} query={query} />;
}

/**
 * The view over a finding query its parent already holds: the drawer reads the same query for its
 * title, and passing it down keeps the finding to one subscription and one fetch.
 */
export function LoadedFindingView({
  locator,
  query,
  headingLevel = 3,
  readOnly = false,
  children,
}: FindingViewProps & { query: UseQueryResult<Finding, ApiError> }) {
  const mutation = useFindingStatusMutation({ locator });
  const assign = useFindingAssignMutation(locator);
  // Who may be assigned depends on the finding's company, which its index row names.
  const company = useIndexedFinding(findingIdOf(locator))?.company.id ?? null;
  // A member sees why the status cannot be changed here, instead of a form the server would refuse;
  // until the profile says the role, neither the form nor the reason shows.
  const triage = permissionOf(useRole().role, "triage");
  const refusal = readOnly ? undefined : triage.refusal;
  const mayAssign = !readOnly && triage.allowed;
  const candidates = useAssigneeCandidates(mayAssign ? company : null);
  if (query.isPending) {
    return (
      <Stack space="large" aria-busy="true">
        <span className={visuallyHidden}>Loading the finding</span>
        <Skeleton variant="block" height="2rem" width="40%" />
        <Skeleton lines={4} />
        <Skeleton lines={3} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        headingLevel={headingLevel}
        title="We couldn't load this finding."
        message={query.error.status === 404 ? "It does not exist or you cannot see it." : query.error.message}
        onRetry={() => query.refetch()}
      />
    );
  }
  const finding = query.data;
  return (
    <FindingDetail
      finding={finding}
      headingLevel={headingLevel}
      {...(mayAssign ? { onStatusChange: mutation.mutateAsync } : {})}
      {...(refusal ? { statusRefusal: refusal } : {})}
      {...(mayAssign
        ? {
            assigneeControl: (
              <FindingAssignee
                finding={finding}
                candidates={candidates.data}
                onAssign={(assignee) => assign.mutateAsync({ assignee })}
              />
            ),
          }
        : {})}
    >
      {children?.(finding)}
    </FindingDetail>
  );
}
