import type { NetworkScanConfiguration } from "@sentinel/api-client";
import { formatDateTime, Heading, Link, Stack, StatusBadge, UntrustedText } from "@sentinel/ui";
import { createPagedTableColumnHelper, PagedTable } from "@sentinel/ui/table";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { loadErrorMessage } from "../../../lib/apiErrorMessage.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { useListParams } from "../../../lib/useListParams.ts";
import { CompanyFilter } from "../../../shared/companies/CompanyFilter.tsx";
import { useCompanyFilter } from "../../../shared/companies/useCompanyFilter.ts";
import { useNetworkConfigs } from "../api/network.ts";
import { frequencyLabels, scheduleTypeLabels, targetTypeLabels } from "../components/schedule.ts";
import { summariseTargets } from "../components/targets.ts";

/** Staff who narrowed the list to one company open the company's twin route (company in the breadcrumbs). */
function detailHref(id: number, company: number | null): string {
  return company === null
    ? paths.network_va_detail.getHref({ id })
    : paths.network_va_company.getHref({ id, company_id: company });
}

const helper = createPagedTableColumnHelper<NetworkScanConfiguration>();
// Staff see every company's configurations, so their table says whose each one is.
const companyColumn = helper.accessor((row) => row.company.name, {
  id: "company",
  header: "Company",
  cell: (info) => <UntrustedText>{info.getValue()}</UntrustedText>,
});
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
// The company goes right after the main cell, for staff only.
const columnsFor = (company: number | null, staff: boolean) =>
  helper.columns([mainColumn(company), ...(staff ? [companyColumn] : []), ...otherColumns]);

/** Network VA: the scan configurations of the company's IP targets. */
export function NetworkVaListScreen() {
  usePageMeta({ title: "Network", breadcrumbs: [{ label: "Network" }] });
  const navigate = useNavigate();
  const [params, update] = useListParams({ filters: ["company"] });
  const companyFilter = useCompanyFilter(params.filters.company);
  const { staff, company } = companyFilter;
  // Only staff open a company's twin route; a client's own records open on the plain one.
  const twinCompany = staff ? company : null;
  const columns = useMemo(() => columnsFor(twinCompany, staff), [twinCompany, staff]);
  const query = useNetworkConfigs({ page: params.page, pageSize: params.pageSize, company });
  return (
    <Page title="Network" description="Scan configurations of your IP targets: their schedule and progress.">
      <Stack as="section" space="medium" aria-labelledby="network-configs-heading">
        <Heading level={2} id="network-configs-heading">
          Scan configurations
        </Heading>
        <PagedTable
          aria-label="Network scan configurations"
          columns={columns}
          page={query.data}
          isLoading={query.isPending}
          error={query.isError ? loadErrorMessage(query.error, "the scan configurations") : null}
          onRetry={() => query.refetch()}
          onPageChange={(page) => update({ page })}
          filters={
            staff ? (
              <CompanyFilter filter={companyFilter} onChange={(company) => update({ filters: { company } })} />
            ) : undefined
          }
          emptyMessage={
            staff && company !== null
              ? "This company has no network scan configurations."
              : "No network scan configurations yet."
          }
          onRowAction={(row) => navigate(detailHref(row.id, twinCompany))}
        />
      </Stack>
    </Page>
  );
}
