import type { Payment } from "@sentinel/api-client";
import { Button, Heading, Skeleton, Stack, Tab, TabList, TabPanel, Tabs } from "@sentinel/ui";
import { Plus } from "lucide-react";
import { lazy, Suspense, useCallback, useLayoutEffect, useRef, useState } from "react";
import { Page } from "../../../components/Page.tsx";
import { loadErrorMessage } from "../../../lib/apiErrorMessage.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { permissionOf } from "../../../lib/permissions.ts";
import { isStaff } from "../../../lib/roles.ts";
import { useRole } from "../../../lib/sessionQueries.ts";
import { useListParams } from "../../../lib/useListParams.ts";
import { CompanyFilter } from "../../../shared/companies/CompanyFilter.tsx";
import { useCompanyFilter } from "../../../shared/companies/useCompanyFilter.ts";
import { usePayment } from "../api/credits.ts";
import { BalanceCards } from "../components/BalanceCards.tsx";
import * as styles from "../components/credits.css.ts";
import { PaymentDrawer, TopupDialog } from "../components/overlays.tsx";
import { PaymentsTable } from "../components/PaymentsTable.tsx";
import { isCreditType, isTransactionAction, TransactionsTable } from "../components/TransactionsTable.tsx";

const CreditTransactionChart = lazy(() => import("../components/CreditTransactionChart.tsx"));

type TabId = "transactions" | "payments";

export function CreditsActivityScreen() {
  usePageMeta({ title: "Credits Activity", breadcrumbs: [{ label: "Credits Activity" }] });
  const session = useRole();
  // Credits are bought by a company's admins; staff have no company to buy for. Neither Request
  // top-up nor the reason shows until the profile says the role.
  const credits = permissionOf(session.role, "credits");
  const buyRefusal = credits.refusal;
  const canBuy = credits.allowed && !isStaff(session.role);
  const [params, setParams] = useListParams({ filters: ["tab", "action", "type", "scope", "company", "payment"] });
  const companyFilter = useCompanyFilter(params.filters.company);
  const staff = session.user !== null && isStaff(session.user.role);
  const company = staff ? companyFilter.company : null;
  const tab: TabId = params.filters.tab === "payments" ? "payments" : "transactions";
  const action = isTransactionAction(params.filters.action) ? params.filters.action : undefined;
  const type = isCreditType(params.filters.type) ? params.filters.type : undefined;
  const scope = params.filters.scope === "topup" ? "topup" : "all";
  // The open payment lives in the URL, so a transaction's invoice link (and a shared link) opens it.
  const paymentId = /^[1-9]\d{0,9}$/.test(params.filters.payment ?? "") ? Number(params.filters.payment) : null;
  const payment = usePayment(paymentId);
  const openPayment = (id: number | null) =>
    setParams({ page: params.page, filters: { payment: id === null ? null : String(id) } });
  // One opener for the screen's life: the payments table builds its columns (the Details buttons)
  // per opener, and the router's setter changes with every URL change, opening a payment included.
  // Rebuilt columns remount the Details button the drawer is taking focus from.
  const latestOpen = useRef(openPayment);
  useLayoutEffect(() => {
    latestOpen.current = openPayment;
  });
  const openPaymentRow = useCallback((row: Payment) => latestOpen.current(row.id), []);
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
        ) : buyRefusal ? (
          <p className={styles.refusal}>{buyRefusal}</p>
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
                showCompany={staff && company === null}
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
                onOpen={openPaymentRow}
              />
            </TabPanel>
          </Tabs>
        </Stack>
      </Stack>
      <PaymentDrawer
        isOpen={paymentId !== null}
        payment={payment.data}
        error={payment.isError ? loadErrorMessage(payment.error, "this payment") : null}
        onRetry={() => void payment.refetch()}
        onClose={() => openPayment(null)}
      />
      {canBuy ? (
        <TopupDialog
          isOpen={isBuying}
          onOpenChange={setBuying}
          onRequested={(created) => {
            setBuying(false);
            setParams({
              filters: { tab: "payments", scope: null, action: null, type: null, payment: String(created.id) },
            });
          }}
        />
      ) : null}
    </Page>
  );
}
