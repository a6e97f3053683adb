import { Card, ErrorState, formatBalance, formatPercent, LineAreaChart, Skeleton, StackedBarChart } from "@sentinel/ui";
import { serviceKeys, toCreditTransactionPoints } from "../../../lib/creditTransactionGraph.ts";
import {
  useCreditGraph,
  useCreditTransactionGraph,
  useMostUsedService,
  useTopSpendingCompanies,
} from "../api/dashboard.ts";
import type { DashboardWidget } from "../widgets.ts";
import * as styles from "./dashboard.css.ts";

const serviceSeries = serviceKeys.map(({ key, label }) => ({ key, label }));

function CreditGraph() {
  const query = useCreditGraph();
  return (
    <Card title="Credits by month" headingLevel={3}>
      <LineAreaChart
        title="Credits by month"
        description={
          query.data
            ? `Credits spent and topped up per month, ${query.data[0]?.month ?? ""} to ${query.data.at(-1)?.month ?? ""}.`
            : undefined
        }
        data={query.data ?? []}
        xKey="month"
        xLabel="Month"
        series={[
          { key: "spending", label: "Spending" },
          { key: "topup", label: "Top-up" },
        ]}
        variant="area"
        formatValue={formatBalance}
        isLoading={query.isPending}
        error={query.isError ? "We couldn't load the credit graph." : undefined}
        onRetry={() => void query.refetch()}
      />
    </Card>
  );
}

function MostUsedService() {
  const query = useMostUsedService();
  const data = query.data;
  return (
    <Card title="Most used service" headingLevel={3}>
      {query.isPending ? (
        <Skeleton variant="block" height="5rem" />
      ) : query.isError ? (
        <ErrorState
          headingLevel={4}
          message="We couldn't load the most used service."
          onRetry={() => void query.refetch()}
        />
      ) : data ? (
        <div className={styles.section}>
          <p className={styles.itemTitle}>{data.service_label}</p>
          <p className={styles.serviceValue}>{formatBalance(data.spending_amount)} credits</p>
          <p className={styles.meta}>
            {data.comparison === 0
              ? "Same as the previous period"
              : `${data.comparison > 0 ? "Up" : "Down"} ${formatPercent(Math.abs(data.comparison))} on the previous period`}
          </p>
        </div>
      ) : null}
    </Card>
  );
}

function TopSpendingCompanies() {
  const query = useTopSpendingCompanies();
  return (
    <Card title="Top spending companies" headingLevel={3}>
      <StackedBarChart
        title="Top spending companies"
        data={query.data ?? []}
        xKey="company_name"
        xLabel="Company"
        series={serviceSeries}
        orientation="horizontal"
        formatValue={formatBalance}
        isLoading={query.isPending}
        error={query.isError ? "We couldn't load the top spending companies." : undefined}
        onRetry={() => void query.refetch()}
        emptyMessage="No company has spent credits yet."
      />
    </Card>
  );
}

function CreditTransactionGraph() {
  const query = useCreditTransactionGraph();
  return (
    <Card title="Credit spending per service" headingLevel={3}>
      <LineAreaChart
        title="Credit spending per service"
        data={query.data ? toCreditTransactionPoints(query.data) : []}
        xKey="label"
        xLabel="Period"
        series={serviceSeries}
        formatValue={formatBalance}
        isLoading={query.isPending}
        error={query.isError ? "We couldn't load the credit transaction graph." : undefined}
        onRetry={() => void query.refetch()}
      />
    </Card>
  );
}

/**
 * Chart-heavy part of the dashboard, loaded as its own chunk (recharts is the largest dependency),
 * so the dashboard's cards and lists render before the charts arrive.
 */
export default function CreditWidgets({ widgets }: { widgets: ReadonlySet<DashboardWidget> }) {
  return (
    <section className={styles.section} aria-labelledby="dashboard-credits">
      <div className={styles.sectionHeader}>
        <h2 id="dashboard-credits" className={styles.sectionTitle}>
          Credits
        </h2>
      </div>
      <div className={styles.chartGrid}>
        {widgets.has("creditGraph") ? <CreditGraph /> : null}
        {widgets.has("mostUsedService") ? <MostUsedService /> : null}
        {widgets.has("topSpendingCompanies") ? <TopSpendingCompanies /> : null}
        {widgets.has("creditTransactionGraph") ? <CreditTransactionGraph /> : null}
      </div>
    </section>
  );
}
