import type { ThreatInspectionConfiguration } from "@sentinel/api-client";
import { Button, EmptyState, formatNumber, Link, StatusBadge, UntrustedText } from "@sentinel/ui";
import { createPagedTableColumnHelper } from "@sentinel/ui/table";
import { useNavigate } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { isStaff } from "../../../lib/roles.ts";
import { useRole } from "../../../lib/sessionQueries.ts";
import { useCompanyListParams } from "../../../shared/companies/useCompanyListParams.ts";
import { CompanyListSection } from "../../../shared/patterns/CompanyListSection.tsx";
import { useThreatConfigurations, useUnpaidConfigurations } from "../api/configurations.ts";
import { PurchaseFlow } from "../components/purchase/LazyPurchaseFlow.tsx";
import { usePurchaseNavigation } from "../components/purchase/usePurchaseNavigation.ts";
import { UnpaidPurchases } from "../components/UnpaidPurchases.tsx";
import { purchaseSearch, resumeStep } from "../model/purchaseSteps.ts";

const overviewHref = (row: ThreatInspectionConfiguration) =>
  paths.threat_inspection_target_overview.getHref({ id: row.id });

const helper = createPagedTableColumnHelper<ThreatInspectionConfiguration>();
const columns = helper.columns([
  helper.accessor("name", {
    header: "Name",
    meta: { isRowHeader: true },
    cell: (info) => (
      <Link href={overviewHref(info.row.original)}>
        <UntrustedText>{info.getValue()}</UntrustedText>
      </Link>
    ),
  }),
  helper.accessor("status", {
    header: "Status",
    cell: (info) => <StatusBadge kind="configuration" status={info.getValue()} />,
  }),
  helper.accessor("targets_count", {
    header: "Targets",
    meta: { align: "end" },
    cell: (info) => formatNumber(info.getValue()),
  }),
  helper.accessor("services_count", {
    header: "Services",
    meta: { align: "end" },
    cell: (info) => formatNumber(info.getValue()),
  }),
  helper.accessor((row) => row.scan_frequency_display ?? "—", { id: "scan_frequency", header: "Scan frequency" }),
  helper.accessor((row) => row.domain_target ?? "—", { id: "domain_target", header: "Domain target" }),
  helper.accessor((row) => row.exposure_detection_target.name, {
    id: "exposure_detection_target",
    header: "Exposure detection target",
  }),
]);

/**
 * `/threat-inspection`: paid configurations, unpaid purchases to resume, and the purchase flow
 * itself when the URL carries `?purchase=` (see `purchaseSteps.ts`).
 */
export function ThreatInspectionListScreen() {
  const { state } = usePurchaseNavigation();
  return state.kind === "none" ? <ConfigurationList /> : <PurchasePage state={state} />;
}

function PurchasePage({ state }: { state: Parameters<typeof PurchaseFlow>[0]["state"] }) {
  const { user } = useRole();
  const title = state.kind === "new" ? "New Threat Inspection" : "Threat Inspection Purchase";
  usePageMeta({
    title,
    breadcrumbs: [{ label: "Threat Inspection", href: paths.threat_inspection.getHref() }, { label: "Purchase" }],
  });
  return <Page title={title}>{user && isStaff(user.role) ? <StaffNotice /> : <PurchaseFlow state={state} />}</Page>;
}

function StaffNotice() {
  return (
    <EmptyState
      headingLevel={2}
      title="Purchases are made by the company"
      description="Threat inspection is paid from a company's own credit balance, so its members buy it. Staff can follow every company's configurations here."
      action={<Link href={paths.threat_inspection.getHref()}>Back to threat inspection</Link>}
    />
  );
}

function ConfigurationList() {
  usePageMeta({ title: "Threat Inspection", breadcrumbs: [{ label: "Threat Inspection" }] });
  const navigate = useNavigate();
  const { user } = useRole();
  const canBuy = Boolean(user) && !isStaff(user?.role);
  const { go } = usePurchaseNavigation();
  const list = useCompanyListParams();
  const query = useThreatConfigurations(list.params.page, list.params.pageSize, list.filter.company);
  // An unpaid purchase belongs to the company that started it and only its people can pay it, so
  // staff, who buy nothing, are not shown every company's drafts.
  const unpaid = useUnpaidConfigurations(canBuy);

  return (
    <Page
      title="Threat Inspection"
      description="Reputation of your endpoints and domains across about 50 blocklist engines."
      actions={canBuy ? <Button onPress={() => go({ kind: "new", target: null })}>New threat inspection</Button> : null}
    >
      {canBuy ? (
        <UnpaidPurchases
          configurations={unpaid.data}
          isLoading={unpaid.isPending}
          isError={unpaid.isError}
          onRetry={() => unpaid.refetch()}
          resumeHref={(c) =>
            `${paths.threat_inspection.getHref()}${purchaseSearch({ kind: "config", id: c.id, step: resumeStep(c), frequency: c.scan_frequency })}`
          }
        />
      ) : null}
      <CompanyListSection
        heading="Configurations"
        tableLabel="Threat inspection configurations"
        list={list}
        query={query}
        noun="the configurations"
        columns={columns}
        emptyMessages={{
          all: "No threat inspection configurations yet.",
          company: "This company has no threat inspection configurations.",
        }}
        onRowAction={(row) => navigate(overviewHref(row))}
        rowActions={(row) => [{ id: "overview", label: "Open target overview", href: overviewHref(row) }]}
      />
    </Page>
  );
}
