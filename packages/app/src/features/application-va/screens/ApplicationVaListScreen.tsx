import type { Role, WebApplication } from "@sentinel/api-client";
import { TARGET_WRITE_REFUSAL } from "@sentinel/api-client/mocks/member-refusals";
import { Button, formatDateTime, Link, StatusBadge, toastQueue, UntrustedText } from "@sentinel/ui";
import { createPagedTableColumnHelper } from "@sentinel/ui/table";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { permissionFor } from "../../../lib/permissionFor.ts";
import { useRole } from "../../../lib/sessionQueries.ts";
import { useCompanyListParams } from "../../../shared/companies/useCompanyListParams.ts";
import { CompanyListSection } from "../../../shared/patterns/CompanyListSection.tsx";
import { useWebApplications } from "../api/applications.ts";
import * as styles from "../components/application.css.ts";
import { NewApplicationDialog } from "../components/overlays.tsx";

/** Members and analysts may not add targets (the server answers 403 in the same words). */
const addRefusal = (role: Role) => (role === "CLIENT" || role === "ANALYST" ? TARGET_WRITE_REFUSAL : undefined);

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

  // Offered only once the profile says the role may add targets.
  const { allowed, refusal } = permissionFor(useRole().role, addRefusal);
  const [isAdding, setAdding] = useState(false);

  return (
    <Page
      title="Application"
      description="Web applications scanned for vulnerabilities."
      actions={
        <Button
          onPress={() => setAdding(true)}
          isDisabled={!allowed}
          aria-describedby={refusal ? "application-new-note" : undefined}
        >
          New web application
        </Button>
      }
    >
      {refusal ? (
        <p id="application-new-note" className={styles.muted}>
          {refusal}
        </p>
      ) : null}
      <CompanyListSection
        heading="Web applications"
        list={list}
        query={query}
        noun="the applications"
        columns={columns}
        emptyMessages={{ all: "No applications yet.", company: "This company has no applications." }}
        onRowAction={(row) => navigate(detailHref(row.id, twinCompany))}
      />
      <NewApplicationDialog
        isOpen={isAdding}
        onClose={() => setAdding(false)}
        onCreated={(apps) => {
          toastQueue.add(
            {
              title:
                apps.length === 1
                  ? "Application added: its first scan is scheduled"
                  : `${apps.length} applications added: their first scans are scheduled`,
              tone: "positive",
            },
            { timeout: 5_000 },
          );
        }}
      />
    </Page>
  );
}
