import { EmptyState, ErrorState, Link, Skeleton, Stack } from "@sentinel/ui";
import { useState } from "react";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { isStaff } from "../../../lib/roles.ts";
import { useRole } from "../../../lib/sessionQueries.ts";
import { useMyCompany } from "../api/companies.ts";
import { CompanyDetails } from "../components/CompanyDetails.tsx";
import { MembersSection } from "../components/MembersSection.tsx";
import { CompanyFormDialog } from "../components/overlays.tsx";
import { ScanScopeCard } from "../components/ScanScopeCard.tsx";
import { canManageCompany } from "../members.ts";

/** The signed-in user's own company. Client admins manage it; members read it. */
export function CompanyManagementScreen() {
  usePageMeta({ title: "Company", breadcrumbs: [{ label: "Company" }] });
  const { user, role } = useRole();
  const staff = isStaff(role);
  const query = useMyCompany(role !== undefined && !staff);
  const company = query.data;
  const canManage = company ? canManageCompany(user, company.id) : false;
  const [isEditing, setEditing] = useState(false);

  if (staff) {
    return (
      <Page title="Company">
        <EmptyState
          headingLevel={2}
          title="Staff accounts don't belong to a company"
          description="Client companies and their members are in the company directory."
          action={<Link href={paths.company_directory.getHref()}>Open the company directory</Link>}
        />
      </Page>
    );
  }

  return (
    <Page
      title={company?.name ?? "Company"}
      description={
        canManage ? "Your company's details and the people who can sign in for it." : "Your company and its members."
      }
    >
      {!role || query.isPending ? (
        <Stack space="xxlarge" aria-busy="true">
          <Skeleton variant="block" height="14rem" />
          <Skeleton variant="block" height="20rem" />
        </Stack>
      ) : query.isError ? (
        <ErrorState headingLevel={2} message="We couldn't load your company." onRetry={() => void query.refetch()} />
      ) : company ? (
        <Stack space="xxlarge">
          <CompanyDetails company={company} onEdit={canManage ? () => setEditing(true) : undefined} />
          <MembersSection companyId={company.id} canManage={canManage} />
          {/* Read-only: the admin sees why a private target is refused; staff change it. */}
          {canManage ? <ScanScopeCard companyId={company.id} canEdit={false} /> : null}
          {canManage ? <CompanyFormDialog company={company} isOpen={isEditing} onOpenChange={setEditing} /> : null}
        </Stack>
      ) : null}
    </Page>
  );
}
