import type { NetworkScanConfiguration } from "@sentinel/api-client";
import { Button, formatDateTime, Link, StatusBadge, toastQueue, UntrustedText } from "@sentinel/ui";
import { createPagedTableColumnHelper } from "@sentinel/ui/table";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { permissionOf } from "../../../lib/permissions.ts";
import { useRole } from "../../../lib/sessionQueries.ts";
import { useCompanyListParams } from "../../../shared/companies/useCompanyListParams.ts";
import { CompanyListSection } from "../../../shared/patterns/CompanyListSection.tsx";
import { frequencyLabels, scheduleTypeLabels } from "../../../shared/scans/schedule.ts";
import { useNetworkConfigs } from "../api/network.ts";
import { NewConfigurationDialog } from "../components/NewConfigurationDialog.tsx";
import * as styles from "../components/network.css.ts";
import { summariseTargets, targetTypeLabels } from "../components/targets.ts";

/** Staff who narrowed the list to one company open the company's twin route (company in the breadcrumbs). */
function detailHref(id: number, company: number | null): string {
  return company === null
    ? paths.network_va_detail.getHref({ id })
    : paths.network_va_company.getHref({ id, company_id: company });
}

const helper = createPagedTableColumnHelper<NetworkScanConfiguration>();
const mainColumn = (company: number | null) =>
  helper.accessor((row) => summariseTargets(row.target), {
    id: "targets",
    header: "Targets",
    meta: { isRowHeader: true },
    cell: (info) => (
      <Link href={detailHref(info.row.original.id, company)}>
        <UntrustedText>{info.getValue()}</UntrustedText>
      </Link>
    ),
  });
const otherColumns = helper.columns([
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
const columnsFor = (company: number | null) => helper.columns([mainColumn(company), ...otherColumns]);

/** Network VA: the scan configurations of the company's IP targets. */
export function NetworkVaListScreen() {
  usePageMeta({ title: "Network", breadcrumbs: [{ label: "Network" }] });
  const navigate = useNavigate();
  const list = useCompanyListParams();
  const { params, twinCompany } = list;
  const columns = useMemo(() => columnsFor(twinCompany), [twinCompany]);
  const query = useNetworkConfigs({ page: params.page, pageSize: params.pageSize, company: list.filter.company });
  // New configuration is offered only once the profile says the role may scan.
  const { allowed, refusal } = permissionOf(useRole().role, "scans");
  const [isCreating, setCreating] = useState(false);
  return (
    <Page
      title="Network"
      description="Scan configurations of your IP targets: their schedule and progress."
      actions={
        <Button
          onPress={() => setCreating(true)}
          isDisabled={!allowed}
          aria-describedby={refusal ? "network-new-note" : undefined}
        >
          New configuration
        </Button>
      }
    >
      {refusal ? (
        <p id="network-new-note" className={styles.muted}>
          {refusal}
        </p>
      ) : null}
      <CompanyListSection
        heading="Scan configurations"
        tableLabel="Network scan configurations"
        list={list}
        query={query}
        noun="the scan configurations"
        columns={columns}
        emptyMessages={{
          all: "No network scan configurations yet.",
          company: "This company has no network scan configurations.",
        }}
        onRowAction={(row) => navigate(detailHref(row.id, twinCompany))}
      />
      <NewConfigurationDialog
        isOpen={isCreating}
        onClose={() => setCreating(false)}
        onCreated={(config) => {
          toastQueue.add(
            { title: "Configuration created: its first scan is scheduled", tone: "positive" },
            { timeout: 5_000 },
          );
          navigate(paths.network_va_detail.getHref({ id: config.id }));
        }}
      />
    </Page>
  );
}
