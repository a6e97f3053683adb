import type { Payment } from "@sentinel/api-client";
import { Button, Heading, Skeleton, Stack, Tab, TabList, TabPanel, Tabs } from "@sentinel/ui";
import { Plus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Page } from "../../../components/Page.tsx";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { isStaff } from "../../../lib/roles.ts";
import { useSession } from "../../../lib/SessionContext.tsx";
import { useListParams } from "../../../lib/useListParams.ts";
import { CompanyFilter } from "../../../shared/companies/CompanyFilter.tsx";
import { useCompanyFilter } from "../../../shared/companies/useCompanyFilter.ts";
import { BalanceCards } from "../components/BalanceCards.tsx";
import { PaymentDrawer, TopupDialog } from "../components/overlays.tsx";
import { PaymentsTable } from "../components/PaymentsTable.tsx";
import { isCreditType, isTransactionAction, TransactionsTable } from "../components/TransactionsTable.tsx";

const CreditTransactionChart = lazy(() => import("../components/CreditTransactionChart.tsx"));

type TabId = "transactions" | "payments";

export function CreditsActivityScreen() {
  usePageMeta({ title: "Credits Activity", breadcrumbs: [{ label: "Credits Activity" }] });
  const session = useSession();
  // Credits are bought by a company's users; staff have no company to buy for.
  const canBuy = session.user !== null && !isStaff(session.user.role);
  const [params, setParams] = useListParams({ filters: ["tab", "action", "type", "scope", "company"] });
  const companyFilter = useCompanyFilter(params.filters.company);
  const staff = session.user !== null && isStaff(session.user.role);
  const company = staff ? companyFilter.company : null;
  const tab: TabId = params.filters.tab === "payments" ? "payments" : "transactions";
  const action = isTransactionAction(params.filters.action) ? params.filters.action : undefined;
  const type = isCreditType(params.filters.type) ? params.filters.type : undefined;
  const scope = params.filters.scope === "topup" ? "topup" : "all";
  const [openPayment, setOpenPayment] = useState<Payment | null>(null);
  const [isBuying, setBuying] = useState(false);

  return (
    <Page
      title="Credits Activity"
      description={
        // Until the profile says the role, neither staff's nor a client's wording.
        session.user === null
          ? "Credit balances, spending and payments."
          : staff
            ? "Credit balances, spending and payments of every company, or of the company you choose."
            : "Your credit balance, where credits went, and the payments that bought them."
      }
      actions={
        canBuy ? (
          <Button variant="solid" onPress={() => setBuying(true)}>
            <Plus aria-hidden="true" />
            Request top-up
          </Button>
        ) : staff ? (
          // Staff have no company: where a client buys credits, they choose whose credits to see.
          <CompanyFilter filter={companyFilter} onChange={(company) => setParams({ filters: { company } })} />
        ) : undefined
      }
    >
      <Stack space="xxlarge">
        <BalanceCards
          holder={session.user === null ? "unknown" : staff ? (company === null ? "none" : "company") : "own"}
          company={company}
        />
        <Stack as="section" space="medium" aria-labelledby="credits-graph">
          <Heading level={2} id="credits-graph">
            Spending over time
          </Heading>
          <Suspense fallback={<Skeleton variant="block" height="20rem" />}>
            <CreditTransactionChart company={company} />
          </Suspense>
        </Stack>
        <Stack as="section" space="medium" aria-labelledby="credits-activity">
          <Heading level={2} id="credits-activity">
            Activity
          </Heading>
          <Tabs
            selectedKey={tab}
            onSelectionChange={(key) =>
              setParams({
                filters: { tab: key === "payments" ? "payments" : null, action: null, type: null, scope: null },
              })
            }
          >
            <TabList aria-label="Activity">
              <Tab id="transactions">Transactions</Tab>
              <Tab id="payments">Payments</Tab>
            </TabList>
            <TabPanel id="transactions">
              <TransactionsTable
                page={params.page}
                pageSize={params.pageSize}
                action={action}
                type={type}
                company={company}
                onChange={(change) =>
                  setParams({
                    ...(change.page !== undefined ? { page: change.page } : {}),
                    ...(change.action !== undefined || change.type !== undefined
                      ? {
                          filters: {
                            ...(change.action !== undefined ? { action: change.action } : {}),
                            ...(change.type !== undefined ? { type: change.type } : {}),
                          },
                        }
                      : {}),
                  })
                }
              />
            </TabPanel>
            <TabPanel id="payments">
              <PaymentsTable
                page={params.page}
                pageSize={params.pageSize}
                scope={scope}
                showCompany={staff}
                company={company}
                onChange={(change) =>
                  setParams({
                    ...(change.page !== undefined ? { page: change.page } : {}),
                    ...(change.scope !== undefined ? { filters: { scope: change.scope } } : {}),
                  })
                }
                onOpen={setOpenPayment}
              />
            </TabPanel>
          </Tabs>
        </Stack>
      </Stack>
      <PaymentDrawer payment={openPayment} onClose={() => setOpenPayment(null)} />
      {canBuy ? (
        <TopupDialog
          isOpen={isBuying}
          onOpenChange={setBuying}
          onRequested={(payment) => {
            setBuying(false);
            setParams({ filters: { tab: "payments", scope: null, action: null, type: null } });
            setOpenPayment(payment);
          }}
        />
      ) : null}
    </Page>
  );
}
