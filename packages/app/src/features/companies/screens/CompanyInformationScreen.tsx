import { isUsableId } from "@sentinel/api-client";
import { EmptyState, ErrorState, Link, Skeleton, Stack } from "@sentinel/ui";
import { useState } from "react";
import { useParams } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { useRole } from "../../../lib/sessionQueries.ts";
import { useCompany } from "../api/companies.ts";
import { CompanyDetails } from "../components/CompanyDetails.tsx";
import { CompanyViews } from "../components/CompanyViews.tsx";
import { FindingSlaCard } from "../components/FindingSlaCard.tsx";
import { MembersSection } from "../components/MembersSection.tsx";
import { CompanyFormDialog } from "../components/overlays.tsx";
import { ScanScopeCard } from "../components/ScanScopeCard.tsx";
import { canManageCompany } from "../members.ts";

export function CompanyInformationScreen() {
  const params = useParams();
  const id = Number(params.id);
  const valid = isUsableId(id);
  const query = useCompany(valid ? id : 0);
  const company = query.data;
  const { user, role } = useRole();
  const canManage = valid && canManageCompany(user, id);
  const [isEditing, setEditing] = useState(false);
  usePageMeta({
    title: "Company Information",
    breadcrumbs: [
      { label: "Company Directory", href: paths.company_directory.getHref() },
      { label: company?.name ?? `Company #${params.id ?? ""}` },
    ],
  });

  if (!valid || (query.isError && query.error.status === 404)) {
    return (
      <Page title="Company not found">
        <EmptyState
          headingLevel={2}
          title="This company doesn't exist"
          description="It may have been removed, or the link is wrong."
          action={<Link href={paths.company_directory.getHref()}>Back to the company directory</Link>}
        />
      </Page>
    );
  }

  return (
    <Page title={company?.name ?? "Company Information"} description={company ? company.email : undefined}>
      {query.isPending ? (
        <Stack space="xxlarge" aria-busy="true">
          <Skeleton variant="block" height="14rem" />
          <Skeleton variant="block" height="20rem" />
        </Stack>
      ) : query.isError ? (
        <ErrorState headingLevel={2} message="We couldn't load this company." onRetry={() => void query.refetch()} />
      ) : company ? (
        <Stack space="xxlarge">
          <CompanyDetails company={company} onEdit={canManage ? () => setEditing(true) : undefined} />
          <MembersSection companyId={company.id} canManage={canManage} />
          <FindingSlaCard companyId={company.id} canEdit={canManage} />
          <ScanScopeCard companyId={company.id} canEdit={role === "SUPER_ADMIN"} />
          <CompanyViews companyId={company.id} />
          {canManage ? <CompanyFormDialog company={company} isOpen={isEditing} onOpenChange={setEditing} /> : null}
        </Stack>
      ) : null}
    </Page>
  );
}
