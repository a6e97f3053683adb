import type { WebApplication } from "@sentinel/api-client";
import { formatDateTime, Link, StatusBadge, UntrustedText } from "@sentinel/ui";
import { createPagedTableColumnHelper } from "@sentinel/ui/table";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { useCompanyListParams } from "../../../shared/companies/useCompanyListParams.ts";
import { CompanyListSection } from "../../../shared/patterns/CompanyListSection.tsx";
import { useWebApplications } from "../api/applications.ts";
import * as styles from "../components/application.css.ts";

/** Staff who narrowed the list to one company open the company's twin route (company in the breadcrumbs). */
function detailHref(id: number, company: number | null): string {
  return company === null
    ? paths.application_va_detail.getHref({ id })
    : paths.application_va_company.getHref({ id, company_id: company });
}

const helper = createPagedTableColumnHelper<WebApplication>();
const columnsFor = (company: number | null) =>
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
  const list = useCompanyListParams();
  const { params, twinCompany } = list;
  const columns = useMemo(() => columnsFor(twinCompany), [twinCompany]);
  const query = useWebApplications({ page: params.page, pageSize: params.pageSize, company: list.filter.company });

  return (
    <Page title="Application" description="Web applications scanned for vulnerabilities.">
      <CompanyListSection
        heading="Web applications"
        list={list}
        query={query}
        noun="the applications"
        columns={columns}
        emptyMessages={{ all: "No applications yet.", company: "This company has no applications." }}
        onRowAction={(row) => navigate(detailHref(row.id, twinCompany))}
      />
    </Page>
  );
}
