import type { ExposureDetectionConfiguration } from "@sentinel/api-client";
import { Button, formatDateTime, Link, StatusBadge, toastQueue, UntrustedText } from "@sentinel/ui";
import { createPagedTableColumnHelper } from "@sentinel/ui/table";
import { lazy, useState } from "react";
import { useNavigate } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { LazyOverlay } from "../../../lib/LazyOverlay.tsx";
import { useNow } from "../../../lib/NowContext.tsx";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { permissionFor } from "../../../lib/permissionFor.ts";
import { useRole } from "../../../lib/sessionQueries.ts";
import { useCompanyListParams } from "../../../shared/companies/useCompanyListParams.ts";
import { CompanyListSection } from "../../../shared/patterns/CompanyListSection.tsx";
import { useExposureConfigurations } from "../api/exposure.ts";
import { targetRefusal } from "../targetRights.ts";
import * as styles from "./exposure.css.ts";
import { scheduledScanText } from "./scheduledScan.ts";

// Loaded when the dialog first opens: its date picker and selects are not needed to show the list.
const NewConfigurationDialog = lazy(async () => ({
  default: (await import("../components/NewConfigurationDialog.tsx")).NewConfigurationDialog,
}));

const overviewHref = (row: ExposureDetectionConfiguration) =>
  paths.exposure_detection_target_overview.getHref({ id: row.id, target_id: row.target.id });

const helper = createPagedTableColumnHelper<ExposureDetectionConfiguration>();
function ScheduledScan({ value }: { value: string | null }) {
  // Minutes do not matter to a schedule days away: the clock ticks every minute.
  return scheduledScanText(value, useNow(60_000));
}

const columns = helper.columns([
  // The target is named after its main domain: one column says it, and the domain only when it
  // differs (issue 28: "Target" and "Domain" showed the same text).
  helper.accessor((row) => row.target.name, {
    id: "target",
    header: "Target",
    meta: { isRowHeader: true },
    cell: (info) => (
      <>
        <Link href={overviewHref(info.row.original)}>
          <UntrustedText>{info.getValue()}</UntrustedText>
        </Link>
        {info.row.original.domain !== info.getValue() ? (
          <>
            {" "}
            <UntrustedText>{`(${info.row.original.domain})`}</UntrustedText>
          </>
        ) : null}
      </>
    ),
  }),
  helper.accessor("status", {
    header: "Status",
    cell: (info) => <StatusBadge kind="configuration" status={info.getValue()} />,
  }),
  helper.accessor("scheduled_scan", {
    header: "Scheduled scan",
    cell: (info) => <ScheduledScan value={info.getValue()} />,
  }),
  helper.accessor("last_scanned", {
    header: "Last scanned",
    cell: (info) => (info.getValue() ? formatDateTime(info.getValue()) : "Never"),
  }),
]);

/** `/exposure-detection`: the domains watched for exposed hosts and services. */
export function ExposureDetectionListScreen() {
  usePageMeta({ title: "Exposure Detection", breadcrumbs: [{ label: "Exposure Detection" }] });
  const navigate = useNavigate();
  const list = useCompanyListParams();
  const query = useExposureConfigurations(list.params.page, list.params.pageSize, list.filter.company);
  // Offered only once the profile says the role may add targets.
  const { allowed, refusal } = permissionFor(useRole().role, targetRefusal);
  const [isCreating, setCreating] = useState(false);
  return (
    <Page
      title="Exposure Detection"
      description="Hosts, services and domains discovered on the internet for your targets."
      actions={
        <Button
          onPress={() => setCreating(true)}
          isDisabled={!allowed}
          aria-describedby={refusal ? "exposure-new-note" : undefined}
        >
          New configuration
        </Button>
      }
    >
      {refusal ? (
        <p id="exposure-new-note" className={styles.muted}>
          {refusal}
        </p>
      ) : null}
      <CompanyListSection
        heading="Configurations"
        tableLabel="Exposure detection configurations"
        list={list}
        query={query}
        noun="the configurations"
        columns={columns}
        emptyMessages={{
          all: "No exposure detection configurations yet.",
          company: "This company has no exposure detection configurations.",
        }}
        onRowAction={(row) => navigate(overviewHref(row))}
        rowActions={(row) => [{ id: "overview", label: "Open target overview", href: overviewHref(row) }]}
      />
      <LazyOverlay isOpen={isCreating}>
        <NewConfigurationDialog
          isOpen={isCreating}
          onClose={() => setCreating(false)}
          onCreated={(configs) =>
            toastQueue.add(
              {
                title:
                  configs.length === 1
                    ? "Configuration created: it is first in the list"
                    : `${configs.length} configurations created: they are first in the list`,
                tone: "positive",
              },
              { timeout: 5_000 },
            )
          }
        />
      </LazyOverlay>
    </Page>
  );
}
