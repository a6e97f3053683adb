import type { NetworkScanConfiguration } from "@sentinel/api-client";
import {
  createPagedTableColumnHelper,
  formatDateTime,
  Link,
  PagedTable,
  StatusBadge,
  UntrustedText,
} from "@sentinel/ui";
import { useNavigate } from "react-router";
import { paths } from "../../../app/paths.ts";
import { Page } from "../../../components/Page.tsx";
import { loadErrorMessage } from "../../../lib/apiErrorMessage.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { useListParams } from "../../../lib/useListParams.ts";
import { useNetworkConfigs } from "../api/network.ts";
import * as styles from "../components/network.css.ts";
import { frequencyLabels, scheduleTypeLabels, targetTypeLabels } from "../components/schedule.ts";
import { summariseTargets } from "../components/targets.ts";

const helper = createPagedTableColumnHelper<NetworkScanConfiguration>();
const columns = helper.columns([
  helper.accessor((row) => summariseTargets(row.target), {
    id: "targets",
    header: "Targets",
    meta: { isRowHeader: true },
    cell: (info) => (
      <Link href={paths.network_va_detail.getHref({ id: info.row.original.id })}>
        <UntrustedText>{info.getValue()}</UntrustedText>
      </Link>
    ),
  }),
  helper.accessor("schedulle_type", {
    header: "Schedule type",
    cell: (info) => scheduleTypeLabels[info.getValue()] ?? info.row.original.schedulle_type_display,
  }),
  helper.accessor("frequency_type", {
    header: "Frequency",
    cell: (info) => {
      const value = info.getValue();
      return value ? frequencyLabels[value] : "—";
    },
  }),
  helper.accessor("target_type", {
    header: "Target type",
    cell: (info) => targetTypeLabels[info.getValue()] ?? info.row.original.target_type_display,
  }),
  helper.accessor("status", {
    header: "Status",
    cell: (info) => <StatusBadge kind="configuration" status={info.getValue()} />,
  }),
  helper.accessor("updated_at", {
    header: "Last updated",
    cell: (info) => formatDateTime(info.getValue()),
  }),
]);

/** Network VA: the scan configurations of the company's IP targets. */
export function NetworkVaListScreen() {
  usePageMeta({ title: "Network", breadcrumbs: [{ label: "Network" }] });
  const navigate = useNavigate();
  const [params, update] = useListParams();
  const query = useNetworkConfigs({ page: params.page, pageSize: params.pageSize });
  return (
    <Page title="Network" description="Scan configurations of your IP targets: their schedule and progress.">
      <section className={styles.section} aria-labelledby="network-configs-heading">
        <h2 id="network-configs-heading" className={styles.sectionHeading}>
          Scan configurations
        </h2>
        <PagedTable
          aria-label="Network scan configurations"
          columns={columns}
          page={query.data}
          isLoading={query.isPending}
          error={query.isError ? loadErrorMessage(query.error, "the scan configurations") : null}
          onRetry={() => query.refetch()}
          onPageChange={(page) => update({ page })}
          emptyMessage="No network scan configurations yet."
          onRowAction={(row) => navigate(paths.network_va_detail.getHref({ id: row.id }))}
        />
      </section>
    </Page>
  );
}
