import { EmptyState, ErrorState, formatDateTime, Heading, Skeleton } from "@sentinel/ui";
import { createDataGridColumnHelper, DataGrid } from "@sentinel/ui/table";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import {
  type EngineSort,
  engineRows,
  parseEngineSort,
  type Reputation,
  reputationSubject,
  serialiseEngineSort,
} from "../model/engineMatrix.ts";
import { EngineMatrix } from "./EngineMatrix.tsx";
import { formatRate } from "./numbers.ts";
import * as styles from "./ReputationPanel.css.ts";

interface SubjectRow {
  id: string;
  subject: string;
  detections: number;
  detection_rate: number;
  scan_time: string;
  engines: number;
}

const helper = createDataGridColumnHelper<SubjectRow>();
const subjectColumns = (label: string) =>
  helper.columns([
    helper.accessor("subject", { header: label, meta: { isRowHeader: true, width: "3fr" } }),
    helper.accessor("detections", {
      header: "Detections",
      meta: { align: "end" },
      cell: (info) => `${info.getValue()} / ${info.row.original.engines}`,
    }),
    helper.accessor("detection_rate", {
      header: "Detection rate",
      meta: { align: "end" },
      cell: (info) => formatRate(info.getValue()),
    }),
    helper.accessor("scan_time", { header: "Checked", cell: (info) => formatDateTime(info.getValue()) }),
  ]);
const domainSubjectColumns = subjectColumns("Domain");
const endpointSubjectColumns = subjectColumns("Endpoint");

export interface ReputationPanelProps {
  kind: "domain" | "endpoint";
  reputations: readonly Reputation[] | undefined;
  isLoading: boolean;
  error: Error | null;
  onRetry: () => void;
}

/**
 * Detections per domain or endpoint, and the engine matrix of the one chosen. The chosen subject,
 * the "only detected" filter and the matrix sort live in the URL (`subject`, `detected`, `engine_sort`).
 */
export function ReputationPanel({ kind, reputations, isLoading, error, onRetry }: ReputationPanelProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const rows = useMemo<SubjectRow[]>(
    () =>
      (reputations ?? []).map((r) => ({
        id: String(r.value.id),
        subject: reputationSubject(r),
        detections: r.value.detections,
        detection_rate: r.value.detection_rate,
        scan_time: r.value.scan_time,
        engines: engineRows(r).length,
      })),
    [reputations],
  );
  const chosenId = searchParams.get("subject");
  const chosen = reputations?.find((r) => String(r.value.id) === chosenId) ?? reputations?.[0];
  const engines = useMemo(() => (chosen ? engineRows(chosen) : []), [chosen]);
  const detectedOnly = searchParams.get("detected") === "1";
  const sort = parseEngineSort(searchParams.get("engine_sort"));

  const update = (changes: Record<string, string | null>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  if (error) return <ErrorState message={`The ${kind} reputation could not be loaded.`} onRetry={onRetry} />;
  if (isLoading) return <Skeleton variant="block" height="12rem" />;
  if (!reputations?.length) {
    return (
      <EmptyState
        title={`No ${kind} reputation yet`}
        description="Reputation results appear once the scan has checked its endpoints."
      />
    );
  }
  const label = kind === "domain" ? "Domain reputation" : "Endpoint reputation";
  return (
    <div className={styles.panel}>
      <DataGrid
        aria-label={label}
        columns={kind === "domain" ? domainSubjectColumns : endpointSubjectColumns}
        rows={rows}
        selectionMode="single"
        selectedKeys={chosen ? [String(chosen.value.id)] : []}
        onSelectionChange={(keys) => {
          if (keys === "all") return;
          const [first] = [...keys];
          if (first !== undefined) update({ subject: String(first) });
        }}
        height={Math.min(280, 40 * (rows.length + 1) + 2)}
      />
      {chosen ? (
        <section className={styles.matrix} aria-label={`Engines for ${reputationSubject(chosen)}`}>
          <Heading level={3}>Engines for {reputationSubject(chosen)}</Heading>
          <EngineMatrix
            kind={kind}
            subject={reputationSubject(chosen)}
            rows={engines}
            onlyDetected={detectedOnly}
            onOnlyDetectedChange={(value) => update({ detected: value ? "1" : null })}
            sort={sort}
            onSortChange={(next: EngineSort) => update({ engine_sort: serialiseEngineSort(next) })}
          />
        </section>
      ) : null}
    </div>
  );
}
