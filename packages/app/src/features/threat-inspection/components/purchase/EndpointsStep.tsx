import type { EndpointSelectionItem, ThreatInspectionConfiguration } from "@sentinel/api-client";
import {
  Badge,
  Button,
  EmptyState,
  ErrorState,
  formatCredits,
  formatDateTime,
  formatNumber,
  SearchField,
  Skeleton,
  UntrustedText,
} from "@sentinel/ui";
import { createDataGridColumnHelper, DataGrid } from "@sentinel/ui/table";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useEndpointSelection, useExposureScans, useExposureTargets, useUpdateEndpoints } from "../../api/purchase.ts";
import {
  applyGridSelection,
  assignedIds,
  deselect,
  filterEndpoints,
  sameSelection,
  selectAll,
  selectionPayload,
  selectNew,
  summariseSelection,
} from "../../model/endpointSelection.ts";
import { apiErrorMessage } from "../../model/errors.ts";
import { expectedCredits } from "../../model/pricing.ts";
import { FormMessage } from "./FormMessage.tsx";
import * as styles from "./purchase.css.ts";
import { StepSection } from "./StepSection.tsx";

const helper = createDataGridColumnHelper<EndpointSelectionItem>();
const columns = helper.columns([
  helper.accessor("name", {
    header: "Endpoint",
    meta: { isRowHeader: true, width: "2fr" },
    cell: (info) => (
      <span className={styles.hostCell}>
        <span className={styles.hostName}>
          <UntrustedText>{info.getValue()}</UntrustedText>
        </span>
        {info.row.original.is_new ? <Badge tone="info" label="New" /> : null}
      </span>
    ),
  }),
  helper.accessor((row) => row.country ?? "", {
    id: "country",
    header: "Country",
    cell: (info) => <UntrustedText>{info.getValue() || "—"}</UntrustedText>,
  }),
  helper.accessor((row) => row.services.map((s) => `${s.port}/${s.protocol}`).join(", "), {
    id: "services",
    header: "Services",
    enableSorting: false,
    meta: { width: "2fr" },
  }),
  helper.accessor("service_count", {
    header: "Service count",
    meta: { align: "end" },
    cell: (info) => formatNumber(info.getValue()),
  }),
]);

/** The search param holding the endpoint search, so a reload keeps what the user narrowed to. */
const searchParam = "endpoint_search";

export interface EndpointsStepProps {
  heading: string;
  config: ThreatInspectionConfiguration;
  onBack: () => void;
  onSaved: () => void;
}

/**
 * Step 2: choose the endpoints to inspect from the newest completed exposure scan of the target.
 * The choice is saved (PUT update-endpoint) only when the user continues.
 */
export function EndpointsStep({ heading, config, onBack, onSaved }: EndpointsStepProps) {
  const exposureConfigs = useExposureTargets();
  const exposureConfig = exposureConfigs.data?.results.find((c) => c.target.id === config.exposure_detection_target.id);
  const scans = useExposureScans(exposureConfig?.id);
  const scan = useMemo(
    () =>
      [...(scans.data?.results ?? [])]
        .filter((s) => s.status === "COMPLETED")
        .sort((a, b) => (b.start_scan ?? "").localeCompare(a.start_scan ?? ""))[0],
    [scans.data],
  );
  const selection = useEndpointSelection(config.id, scan?.id);
  const update = useUpdateEndpoints(config.id);

  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get(searchParam) ?? "";
  const setSearch = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value.trim()) next.set(searchParam, value);
        else next.delete(searchParam);
        return next;
      },
      { replace: true },
    );

  const endpoints = selection.data?.endpoints ?? [];
  const saved = useMemo(() => assignedIds(selection.data?.endpoints ?? []), [selection.data]);
  // null until the user changes something: until then the saved selection is the selection.
  const [edited, setEdited] = useState<Set<number> | null>(null);
  const selected = edited ?? saved;
  const shown = useMemo(() => filterEndpoints(endpoints, search), [endpoints, search]);
  const shownKeys = useMemo(() => shown.filter((e) => selected.has(e.id)).map((e) => String(e.id)), [shown, selected]);
  const summary = summariseSelection(endpoints, selected);
  const newCount = endpoints.filter((e) => e.is_new).length;

  const loadError = exposureConfigs.error ?? scans.error ?? selection.error;
  const retry = () => {
    if (exposureConfigs.isError) exposureConfigs.refetch();
    if (scans.isError) scans.refetch();
    if (selection.isError) selection.refetch();
  };
  const loading =
    exposureConfigs.isPending ||
    (exposureConfig !== undefined && scans.isPending) ||
    (scan !== undefined && selection.isPending);
  const noScan = !loading && !loadError && (exposureConfig === undefined || scan === undefined);

  const next = () => {
    if (summary.endpoints === 0 || update.isPending) return;
    if (sameSelection(selected, saved)) {
      onSaved();
      return;
    }
    update.mutate(selectionPayload(endpoints, selected), { onSuccess: () => onSaved() });
  };

  // The draft stays among the unpaid purchases; a changed selection is kept for when it is resumed.
  const later = () => {
    if (summary.endpoints === 0 || sameSelection(selected, saved)) {
      onBack();
      return;
    }
    update.mutate(selectionPayload(endpoints, selected), { onSuccess: () => onBack() });
  };

  const saveError = update.error ? apiErrorMessage(update.error, "The selection could not be saved.") : null;

  return (
    <StepSection
      heading={heading}
      description={
        scan
          ? `Endpoints found on ${config.exposure_detection_target.name} by the exposure scan of ${formatDateTime(scan.start_scan)}.`
          : `Endpoints found on ${config.exposure_detection_target.name}.`
      }
      actions={
        <>
          <Button variant="ghost" onPress={later} isDisabled={update.isPending}>
            Finish later
          </Button>
          <Button
            onPress={next}
            isDisabled={summary.endpoints === 0 || loading}
            isPending={update.isPending}
            pendingLabel="Saving the selection"
          >
            Continue to estimate
          </Button>
        </>
      }
    >
      {loadError ? (
        <ErrorState message="The endpoints could not be loaded." onRetry={retry} />
      ) : loading ? (
        <Skeleton variant="block" height="12rem" />
      ) : noScan ? (
        <EmptyState
          title="No endpoints to inspect yet"
          description="This target has no completed exposure detection scan. Endpoints appear here once a scan finishes."
        />
      ) : (
        <>
          <dl className={styles.stats}>
            <div className={styles.stat}>
              <dt className={styles.statLabel}>Endpoints found</dt>
              <dd className={styles.statValue}>{formatNumber(selection.data?.endpoints_count ?? 0)}</dd>
            </div>
            <div className={styles.stat}>
              <dt className={styles.statLabel}>Services</dt>
              <dd className={styles.statValue}>{formatNumber(selection.data?.services_count ?? 0)}</dd>
            </div>
            <div className={styles.stat}>
              <dt className={styles.statLabel}>New since the previous scan</dt>
              <dd className={styles.statValue}>{formatNumber(newCount)}</dd>
            </div>
          </dl>
          <div className={styles.toolbar}>
            <SearchField
              className={styles.grow}
              label="Search endpoints"
              placeholder="Host, country or port"
              value={search}
              onChange={setSearch}
            />
            <Button variant="outline" onPress={() => setEdited(selectAll(selected, shown))}>
              {search ? "Select all shown" : "Select all"}
            </Button>
            <Button
              variant="outline"
              onPress={() => setEdited(selectNew(selected, shown))}
              isDisabled={!shown.some((e) => e.is_new)}
            >
              Select new
            </Button>
            <Button
              variant="ghost"
              onPress={() => setEdited(deselect(selected, shown))}
              isDisabled={shownKeys.length === 0}
            >
              Clear selection
            </Button>
          </div>
          <p className={styles.muted} aria-live="polite">
            {formatNumber(summary.endpoints)} of {formatNumber(endpoints.length)} endpoints selected,{" "}
            {formatNumber(summary.services)} services, {formatCredits(expectedCredits(summary.endpoints))} credits.
          </p>
          <DataGrid
            aria-label="Endpoints to inspect"
            columns={columns}
            rows={shown}
            selectionMode="multiple"
            selectedKeys={shownKeys}
            onSelectionChange={(keys) => setEdited(applyGridSelection(selected, shown, keys === "all" ? "all" : keys))}
            emptyMessage={search ? "No endpoint matches the search." : "No endpoints found."}
            height={Math.min(440, 40 * (shown.length + 1) + 2)}
          />
          {saveError ? <FormMessage tone="critical">{saveError}</FormMessage> : null}
        </>
      )}
    </StepSection>
  );
}
