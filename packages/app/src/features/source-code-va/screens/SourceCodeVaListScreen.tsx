import type { SourceCodeApplication } from "@sentinel/api-client";
import { Button, formatDateTime, Link, StatusBadge, UntrustedText } from "@sentinel/ui";
import { createPagedTableColumnHelper } from "@sentinel/ui/table";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { useCompanyListParams } from "../../../shared/companies/useCompanyListParams.ts";
import { CompanyListSection } from "../../../shared/patterns/CompanyListSection.tsx";
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
const columnsFor = (company: number | null) => helper.columns([mainColumn(company), ...otherColumns]);

/** Source code VA: the repositories registered for scanning, and adding one. */
export function SourceCodeVaListScreen() {
  usePageMeta({ title: "Source Code", breadcrumbs: [{ label: "Source Code" }] });
  const navigate = useNavigate();
  const list = useCompanyListParams();
  const { params, update, twinCompany } = list;
  const columns = useMemo(() => columnsFor(twinCompany), [twinCompany]);
  const [adding, setAdding] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const query = useSourceCodeApplications({
    page: params.page,
    pageSize: params.pageSize,
    search: params.search,
    company: list.filter.company,
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
      <CompanyListSection
        heading="Repositories"
        list={list}
        query={query}
        noun="the repositories"
        columns={columns}
        search={params.search}
        onSearchChange={(search) => update({ search })}
        searchLabel="Search repositories"
        searchPlaceholder="Repository, username or product"
        emptyMessages={{
          all: "No repositories yet. Add one to scan it.",
          company: "This company has no repositories.",
          search: "No repositories match the search.",
        }}
        onRowAction={(row) => navigate(detailHref(row.id, twinCompany))}
      />
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
