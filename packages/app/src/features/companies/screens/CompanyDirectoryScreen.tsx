import type { Company } from "@sentinel/api-client";
import { Button, formatBalance, formatDateTime, Link, UntrustedText } from "@sentinel/ui";
import { createPagedTableColumnHelper } from "@sentinel/ui/table";
import { Plus } from "lucide-react";
import { useState } from "react";
import { VisuallyHidden } from "react-aria-components";
import { useNavigate } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { useRole } from "../../../lib/sessionQueries.ts";
import { useListParams } from "../../../lib/useListParams.ts";
import { QueryPagedTable } from "../../../shared/patterns/QueryPagedTable.tsx";
import { companyPageSize, useCompanies } from "../api/companies.ts";
import * as styles from "../components/companies.css.ts";
import { CompanyFormDialog } from "../components/overlays.tsx";
import { memberName } from "../members.ts";

const helper = createPagedTableColumnHelper<Company>();
const columns = helper.columns([
  helper.accessor("name", {
    header: "Name",
    meta: { isRowHeader: true },
    cell: (info) => (
      <Link href={paths.company_information.getHref({ id: info.row.original.id })}>
        <span className={styles.text}>
          <UntrustedText>{info.getValue()}</UntrustedText>
        </span>
      </Link>
    ),
  }),
  helper.accessor("email", {
    header: "E-mail",
    cell: (info) => (
      <span className={styles.text}>
        <UntrustedText>{info.getValue()}</UntrustedText>
      </span>
    ),
  }),
  helper.accessor("members_count", {
    header: "Members",
    meta: { align: "end" },
    cell: (info) => <span className={styles.numeric}>{formatBalance(info.getValue())}</span>,
  }),
  helper.accessor("client_admin", {
    header: "Client admins",
    cell: (info) => (
      <span className={styles.text}>
        {info.getValue().length ? info.getValue().map(memberName).join(", ") : "None"}
      </span>
    ),
  }),
  helper.accessor("created_at", { header: "Created", cell: (info) => formatDateTime(info.getValue()) }),
]);

export function CompanyDirectoryScreen() {
  usePageMeta({ title: "Company Directory", breadcrumbs: [{ label: "Company Directory" }] });
  const navigate = useNavigate();
  const session = useRole();
  const canCreate = session.user?.role === "SUPER_ADMIN";
  const [params, setParams] = useListParams({ defaultPageSize: companyPageSize });
  const query = useCompanies({ page: params.page, search: params.search });
  const [editing, setEditing] = useState<{ company: Company | null } | null>(null);
  const open = (company: Company) => void navigate(paths.company_information.getHref({ id: company.id }));

  return (
    <Page
      title="Company Directory"
      description="Every client company, its client admins and its members."
      actions={
        canCreate ? (
          <Button variant="solid" onPress={() => setEditing({ company: null })}>
            <Plus aria-hidden="true" />
            New company
          </Button>
        ) : undefined
      }
    >
      {/* The table's own empty and error headings are h3; this keeps the outline without repeating the h1. */}
      <VisuallyHidden elementType="h2">All companies</VisuallyHidden>
      <QueryPagedTable
        aria-label="Companies"
        columns={columns}
        query={query}
        noun="the companies"
        onPageChange={(page) => setParams({ page })}
        search={params.search}
        onSearchChange={(search) => setParams({ search })}
        searchLabel="Search companies"
        searchPlaceholder="Name, e-mail or description"
        emptyMessage={params.search ? "No companies match this search." : "No companies yet."}
        onRowAction={open}
        rowActions={(company) => [
          { id: "open", label: "Open", onAction: () => open(company) },
          ...(canCreate ? [{ id: "edit", label: "Edit", onAction: () => setEditing({ company }) }] : []),
        ]}
        paginationLabel="Company pages"
      />
      {canCreate ? (
        <CompanyFormDialog
          company={editing?.company ?? null}
          isOpen={editing !== null}
          onOpenChange={(isOpen) => {
            if (!isOpen) setEditing(null);
          }}
          onSaved={(company) => {
            if (!editing?.company) open(company);
          }}
        />
      ) : null}
    </Page>
  );
}
