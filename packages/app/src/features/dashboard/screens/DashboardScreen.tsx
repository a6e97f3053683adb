import { Skeleton, Stack } from "@sentinel/ui";
import { lazy, Suspense } from "react";
import { Page } from "../../../components/Page.tsx";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { isStaff } from "../../../lib/roles.ts";
import { useSession } from "../../../lib/SessionContext.tsx";
import { useRole } from "../../../lib/sessionQueries.ts";
import { GrowthCards } from "../components/GrowthCards.tsx";
import { OpenFindings } from "../components/OpenFindings.tsx";
import { ScanSummaries } from "../components/ScanSummaries.tsx";
import { TicketWidgets } from "../components/TicketWidgets.tsx";
import { dashboardWidgetsFor } from "../widgets.ts";

// recharts is the heaviest dependency; the cards and lists render while it loads.
const CreditWidgets = lazy(() => import("../components/CreditWidgets.tsx"));

function DashboardSkeleton() {
  return (
    <Stack space="xxlarge" aria-busy="true">
      <Skeleton variant="block" height="7rem" />
      <Skeleton variant="block" height="18rem" />
      <Skeleton variant="block" height="14rem" />
    </Stack>
  );
}

export function DashboardScreen() {
  usePageMeta({ title: "Dashboard", breadcrumbs: [{ label: "Dashboard" }] });
  const session = useSession();
  const { role } = useRole();
  const staff = isStaff(role);
  const widgets = dashboardWidgetsFor(role);
  const description = !role
    ? undefined
    : staff
      ? "Platform overview across every client company."
      : `Overview of ${session.company?.name ?? "your company"}.`;

  return (
    <Page title="Dashboard" description={description}>
      {role ? (
        <Stack space="xxlarge">
          <GrowthCards widgets={widgets} />
          {widgets.has("openFindings") ? <OpenFindings /> : null}
          <Suspense fallback={<Skeleton variant="block" height="18rem" />}>
            <CreditWidgets widgets={widgets} />
          </Suspense>
          <TicketWidgets widgets={widgets} />
          {widgets.has("scanSummaries") ? <ScanSummaries showCompany={staff} /> : null}
        </Stack>
      ) : (
        // The role decides which calls to make; wait for the profile rather than guess (the shell
        // shows an error with Retry in place of the page if it fails).
        <DashboardSkeleton />
      )}
    </Page>
  );
}
