import type { WebApplication } from "@sentinel/api-client";
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
import { useWebApplications } from "../api/applications.ts";
import * as styles from "../components/application.css.ts";

/** Staff who narrowed the list to one company open the company's twin route (company in the breadcrumbs). */
function detailHref(id: number, company: number | null): string {
  return company === null
    ? paths.application_va_detail.getHref({ id })
    : paths.application_va_company.getHref({ id, company_id: company });
}

const helper = createPagedTableColumnHelper<WebApplication>();
// Staff see every company's applications, so their table says whose each one is.
const companyColumn = helper.accessor((row) => row.company.name, {
  id: "company",
  header: "Company",
  cell: (info) => <UntrustedText>{info.getValue()}</UntrustedText>,
});
const columnsFor = (company: number | null, staff: boolean) =>
  helper.columns([
    helper.accessor("application", {
      header: "Application",
      meta: { isRowHeader: true },
      cell: (info) => (
        <Link href={detailHref(info.row.original.id, company)}>
          <UntrustedText>{info.getValue()}</UntrustedText>
        </Link>
      ),
    }),
    ...(staff ? [companyColumn] : []),
    helper.accessor("target", {
      header: "Target",
      cell: (info) => (
        <span className={styles.mono}>
          <UntrustedText>{info.getValue()}</UntrustedText>
        </span>
      ),
    }),
    helper.accessor((row) => row.product.name, { id: "product", header: "Product" }),
    helper.accessor("status", {
      header: "Status",
      cell: (info) => <StatusBadge kind="scan" status={info.getValue()} />,
    }),
    helper.accessor("last_scan", { header: "Last scan", cell: (info) => formatDateTime(info.getValue()) }),
  ]);

/** Application VA: the web applications registered for scanning; staff can narrow to one company. */
export function ApplicationVaListScreen() {
  usePageMeta({ title: "Application", breadcrumbs: [{ label: "Application" }] });
  const navigate = useNavigate();
  const [params, update] = useListParams({ filters: ["company"] });
  const companyFilter = useCompanyFilter(params.filters.company);
  const { staff } = companyFilter;
  // Only staff open a company's twin route; a client's own records open on the plain one.
  const company = staff ? companyFilter.company : null;
  const columns = useMemo(() => columnsFor(company, staff), [company, staff]);
  const query = useWebApplications({ page: params.page, pageSize: params.pageSize, company: companyFilter.company });

  return (
    <Page title="Application" description="Web applications scanned for vulnerabilities.">
      <Stack as="section" space="medium" aria-labelledby="web-applications-heading">
        <Heading level={2} id="web-applications-heading">
          Web applications
        </Heading>
        <PagedTable
          aria-labelledby="web-applications-heading"
          columns={columns}
          page={query.data}
          isLoading={query.isPending}
          error={query.isError ? loadErrorMessage(query.error, "the applications") : null}
          onRetry={() => query.refetch()}
          onPageChange={(page) => update({ page })}
          filters={
            staff ? (
              <CompanyFilter filter={companyFilter} onChange={(company) => update({ filters: { company } })} />
            ) : undefined
          }
          emptyMessage={company !== null ? "This company has no applications." : "No applications yet."}
          onRowAction={(row) => navigate(detailHref(row.id, company))}
        />
      </Stack>
    </Page>
  );
}
