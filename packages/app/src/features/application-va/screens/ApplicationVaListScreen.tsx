import type { WebApplication } from "@sentinel/api-client";
import {
  createPagedTableColumnHelper,
  formatDateTime,
  Link,
  PagedTable,
  Select,
  StatusBadge,
  UntrustedText,
} from "@sentinel/ui";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { paths } from "../../../app/paths.ts";
import { Page } from "../../../components/Page.tsx";
import { loadErrorMessage } from "../../../lib/apiErrorMessage.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { isStaff } from "../../../lib/roles.ts";
import { useSession } from "../../../lib/SessionContext.tsx";
import { useListParams } from "../../../lib/useListParams.ts";
import { useCompanyOptions, useWebApplications } from "../api/applications.ts";
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
  const { user } = useSession();
  const staff = isStaff(user?.role);
  const [params, update] = useListParams({ filters: ["company"] });
  const company =
    staff && params.filters.company && /^\d+$/.test(params.filters.company) ? Number(params.filters.company) : null;
  const companies = useCompanyOptions(staff);
  const columns = useMemo(() => columnsFor(company), [company]);
  const query = useWebApplications({ page: params.page, pageSize: params.pageSize, company });

  const companyItems = [
    { id: "all", label: "All companies" },
    ...(companies.data?.results ?? []).map((c) => ({ id: String(c.id), label: c.name })),
  ];

  return (
    <Page title="Application" description="Web applications scanned for vulnerabilities.">
      <section className={styles.section} aria-labelledby="web-applications-heading">
        <h2 id="web-applications-heading" className={styles.sectionHeading}>
          Web applications
        </h2>
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
              <Select
                label="Company"
                items={companyItems}
                selectedKey={company === null ? "all" : String(company)}
                isDisabled={companies.isPending}
                onSelectionChange={(key) => update({ filters: { company: key === "all" ? null : String(key) } })}
                {...(companies.isError ? { description: "The company list could not be loaded." } : {})}
              />
            ) : undefined
          }
          emptyMessage={company !== null ? "This company has no applications." : "No applications yet."}
          onRowAction={(row) => navigate(detailHref(row.id, company))}
        />
      </section>
    </Page>
  );
}
