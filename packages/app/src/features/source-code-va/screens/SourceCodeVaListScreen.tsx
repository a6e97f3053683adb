import type { SourceCodeApplication } from "@sentinel/api-client";
import { Button, formatDateTime, Heading, Link, Stack, StatusBadge, UntrustedText } from "@sentinel/ui";
import { createPagedTableColumnHelper, PagedTable } from "@sentinel/ui/table";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { loadErrorMessage } from "../../../lib/apiErrorMessage.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { useListParams } from "../../../lib/useListParams.ts";
import { CompanyFilter } from "../../../shared/companies/CompanyFilter.tsx";
import { useCompanyFilter } from "../../../shared/companies/useCompanyFilter.ts";
import { useSourceCodeApplications } from "../api/sourceCode.ts";
import { AddRepositoryDialog } from "../components/overlays.tsx";
import { gitProviderLabels } from "../components/providers.ts";
import * as styles from "../components/sourceCode.css.ts";

/** Staff who narrowed the list to one company open the company's twin route (company in the breadcrumbs). */
function detailHref(id: number, company: number | null): string {
  return company === null
    ? paths.source_code_va_detail.getHref({ id })
    : paths.source_code_va_company.getHref({ id, company_id: company });
}

const helper = createPagedTableColumnHelper<SourceCodeApplication>();
// Staff see every company's repositories, so their table says whose each one is.
const companyColumn = helper.accessor((row) => row.company.name, {
  id: "company",
  header: "Company",
  cell: (info) => <UntrustedText>{info.getValue()}</UntrustedText>,
});
const mainColumn = (company: number | null) =>
  helper.accessor("repository", {
    header: "Repository",
    meta: { isRowHeader: true },
    cell: (info) => (
      <Link href={detailHref(info.row.original.id, company)}>
        <UntrustedText>{info.getValue()}</UntrustedText>
      </Link>
    ),
  });
const otherColumns = helper.columns([
  helper.accessor("git_provider", { header: "Git provider", cell: (info) => gitProviderLabels[info.getValue()] }),
  helper.accessor("username", { header: "Username" }),
  helper.accessor((row) => row.product.name, { id: "product", header: "Product" }),
  helper.accessor("status", {
    header: "Status",
    cell: (info) => <StatusBadge kind="repositoryScan" status={info.getValue()} />,
  }),
  helper.accessor("last_scan", { header: "Last scan", cell: (info) => formatDateTime(info.getValue()) }),
]);
// The company goes right after the main cell, for staff only.
const columnsFor = (company: number | null, staff: boolean) =>
  helper.columns([mainColumn(company), ...(staff ? [companyColumn] : []), ...otherColumns]);

/** Source code VA: the repositories registered for scanning, and adding one. */
export function SourceCodeVaListScreen() {
  usePageMeta({ title: "Source Code", breadcrumbs: [{ label: "Source Code" }] });
  const navigate = useNavigate();
  const [params, update] = useListParams({ filters: ["company"] });
  const companyFilter = useCompanyFilter(params.filters.company);
  const { staff, company } = companyFilter;
  // Only staff open a company's twin route; a client's own records open on the plain one.
  const twinCompany = staff ? company : null;
  const columns = useMemo(() => columnsFor(twinCompany, staff), [twinCompany, staff]);
  const [adding, setAdding] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const query = useSourceCodeApplications({
    page: params.page,
    pageSize: params.pageSize,
    search: params.search,
    company,
  });
  return (
    <Page
      title="Source Code"
      description="Git repositories scanned for vulnerabilities, secrets and vulnerable dependencies."
      actions={
        <Button icon={<Plus />} onPress={() => setAdding(true)}>
          Add repository
        </Button>
      }
    >
      <p role="status" className={styles.announcement}>
        {announcement}
      </p>
      <Stack as="section" space="medium" aria-labelledby="repositories-heading">
        <Heading level={2} id="repositories-heading">
          Repositories
        </Heading>
        <PagedTable
          aria-labelledby="repositories-heading"
          columns={columns}
          page={query.data}
          isLoading={query.isPending}
          error={query.isError ? loadErrorMessage(query.error, "the repositories") : null}
          onRetry={() => query.refetch()}
          onPageChange={(page) => update({ page })}
          search={params.search}
          onSearchChange={(search) => update({ search })}
          searchLabel="Search repositories"
          searchPlaceholder="Repository, username or product"
          filters={
            staff ? (
              <CompanyFilter filter={companyFilter} onChange={(company) => update({ filters: { company } })} />
            ) : undefined
          }
          emptyMessage={
            params.search
              ? "No repositories match the search."
              : staff && company !== null
                ? "This company has no repositories."
                : "No repositories yet. Add one to scan it."
          }
          onRowAction={(row) => navigate(detailHref(row.id, twinCompany))}
        />
      </Stack>
      <AddRepositoryDialog
        isOpen={adding}
        onClose={() => setAdding(false)}
        onAdded={(repository) => {
          setAnnouncement(`${repository.repository} was added; its first scan is queued.`);
          update({ search: "", page: 1 });
        }}
      />
    </Page>
  );
}
