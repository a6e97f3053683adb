import type { ExposureDetectionConfiguration } from "@sentinel/api-client";
import { formatDateTime, Heading, Link, Stack, StatusBadge, UntrustedText } from "@sentinel/ui";
import { createPagedTableColumnHelper, PagedTable } from "@sentinel/ui/table";
import { useNavigate } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { useListParams } from "../../../lib/useListParams.ts";
import { CompanyFilter } from "../../../shared/companies/CompanyFilter.tsx";
import { useCompanyFilter } from "../../../shared/companies/useCompanyFilter.ts";
import { useExposureConfigurations } from "../api/exposure.ts";
import { rowKey } from "../model/rowKey.ts";

const overviewHref = (row: ExposureDetectionConfiguration) =>
  paths.exposure_detection_target_overview.getHref({ id: row.id, target_id: row.target.id });

const helper = createPagedTableColumnHelper<ExposureDetectionConfiguration>();
// Staff see every company's configurations, so their table says whose each one is.
const companyColumn = helper.accessor((row) => row.company.name, {
  id: "company",
  header: "Company",
  cell: (info) => <UntrustedText>{info.getValue()}</UntrustedText>,
});
const columns = helper.columns([
  helper.accessor((row) => row.target.name, {
    id: "target",
    header: "Target",
    meta: { isRowHeader: true },
    cell: (info) => (
      <Link href={overviewHref(info.row.original)}>
        <UntrustedText>{info.getValue()}</UntrustedText>
      </Link>
    ),
  }),
  helper.accessor("domain", { header: "Domain" }),
  helper.accessor("status", {
    header: "Status",
    cell: (info) => <StatusBadge kind="configuration" status={info.getValue()} />,
  }),
  helper.accessor("scheduled_scan", {
    header: "Scheduled scan",
    cell: (info) => (info.getValue() ? formatDateTime(info.getValue()) : "Not scheduled"),
  }),
  helper.accessor("last_scanned", {
    header: "Last scanned",
    cell: (info) => (info.getValue() ? formatDateTime(info.getValue()) : "Never"),
  }),
]);
// The company goes right after the main cell, for staff only.
const staffColumns = [...columns.slice(0, 1), companyColumn, ...columns.slice(1)];

/** `/exposure-detection`: the domains watched for exposed hosts and services. */
export function ExposureDetectionListScreen() {
  usePageMeta({ title: "Exposure Detection", breadcrumbs: [{ label: "Exposure Detection" }] });
  const navigate = useNavigate();
  const [params, setParams] = useListParams({ filters: ["company"] });
  const companyFilter = useCompanyFilter(params.filters.company);
  const { staff, company } = companyFilter;
  const list = useExposureConfigurations(params.page, params.pageSize, company);
  return (
    <Page
      title="Exposure Detection"
      description="Hosts, services and domains discovered on the internet for your targets."
    >
      <Stack as="section" space="small" aria-labelledby="exposure-configurations">
        <Heading level={2} id="exposure-configurations">
          Configurations
        </Heading>
        <PagedTable
          getRowId={rowKey}
          aria-label="Exposure detection configurations"
          columns={staff ? staffColumns : columns}
          page={list.data}
          isLoading={list.isPending}
          error={list.isError ? "The configurations could not be loaded." : null}
          onRetry={() => list.refetch()}
          onPageChange={(page) => setParams({ page })}
          filters={
            staff ? (
              <CompanyFilter filter={companyFilter} onChange={(company) => setParams({ filters: { company } })} />
            ) : undefined
          }
          emptyMessage={
            staff && company !== null
              ? "This company has no exposure detection configurations."
              : "No exposure detection configurations yet."
          }
          onRowAction={(row) => navigate(overviewHref(row))}
          rowActions={(row) => [{ id: "overview", label: "Open target overview", href: overviewHref(row) }]}
        />
      </Stack>
    </Page>
  );
}
