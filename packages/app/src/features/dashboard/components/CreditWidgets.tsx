import { Card, formatBalance, Heading, Inline, Stack, StatCard } from "@sentinel/ui";
import { BarChart, LineAreaChart, StackedBarChart } from "@sentinel/ui/charts";
import { serviceKeys, toCreditTransactionPoints } from "../../../lib/creditTransactionGraph.ts";
import {
  useCreditGraph,
  useCreditTransactionGraph,
  useMostUsedService,
  useTopSpendingCompanies,
} from "../api/dashboard.ts";
import type { DashboardWidget } from "../widgets.ts";
import { Tiles } from "./Tiles.tsx";

const serviceSeries = serviceKeys.map(({ key, label }) => ({ key, label }));

function CreditGraph() {
  const query = useCreditGraph();
  return (
    <Card title="Credits by month" headingLevel={3}>
      {/* Bars: a month's top-up is one lump sum, which a line would smear into the months around it. */}
      <BarChart
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
        formatValue={formatBalance}
        isLoading={query.isPending}
        error={query.isError ? "We couldn't load the credit graph." : undefined}
        onRetry={() => void query.refetch()}
      />
    </Card>
  );
}

/**
 * The most used service and the period's totals, as figures above the charts: on their own card the
 * service's three lines left a chart-sized card mostly empty.
 */
function CreditFigures({ showMostUsed }: { showMostUsed: boolean }) {
  const mostUsed = useMostUsedService(showMostUsed);
  const graph = useCreditGraph();
  const months = graph.data ?? [];
  // No months (a company with no history yet) names no period rather than "the last 0 months".
  const period = months.length === 0 ? null : months.length === 1 ? "this month" : `the last ${months.length} months`;
  const total = (key: "spending" | "topup") => months.reduce((sum, month) => sum + (month[key] ?? 0), 0);
  // No Retry here: the credit graph below reads the same call and offers it, and one press settles all three.
  const graphState = { isLoading: graph.isPending, error: graph.isError ? "Couldn't load" : undefined };
  const service = mostUsed.data;
  // With nothing spent the API still names a service; no service is "most used" by zero credits.
  const spent = service !== undefined && service.spending_amount > 0;
  return (
    <Tiles>
      {showMostUsed ? (
        <StatCard
          label={spent ? `Most used service: ${service.service_label}` : "Most used service"}
          value={spent ? `${formatBalance(service.spending_amount)} credits` : service ? "None yet" : undefined}
          growth={spent ? service.comparison : undefined}
          isLoading={mostUsed.isPending}
          error={mostUsed.isError ? "Couldn't load" : undefined}
          onRetry={() => void mostUsed.refetch()}
        />
      ) : null}
      <StatCard
        label={period ? `Credits spent in ${period}` : "Credits spent"}
        value={graph.data ? formatBalance(total("spending")) : undefined}
        {...graphState}
      />
      <StatCard
        label={period ? `Credits topped up in ${period}` : "Credits topped up"}
        value={graph.data ? formatBalance(total("topup")) : undefined}
        {...graphState}
      />
    </Tiles>
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
    <Stack as="section" space="medium" aria-labelledby="dashboard-credits">
      <Inline space="small" align="spaceBetween" alignY="baseline">
        <Heading level={2} id="dashboard-credits">
          Credits
        </Heading>
      </Inline>
      {widgets.has("creditGraph") ? <CreditFigures showMostUsed={widgets.has("mostUsedService")} /> : null}
      <Tiles density="wide">
        {widgets.has("creditGraph") ? <CreditGraph /> : null}
        {widgets.has("creditTransactionGraph") ? <CreditTransactionGraph /> : null}
        {widgets.has("topSpendingCompanies") ? <TopSpendingCompanies /> : null}
      </Tiles>
    </Stack>
  );
}
