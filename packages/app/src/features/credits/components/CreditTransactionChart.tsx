import { Card, formatBalance } from "@sentinel/ui";
import { LineAreaChart } from "@sentinel/ui/charts";
import { serviceKeys, toCreditTransactionPoints } from "../../../lib/creditTransactionGraph.ts";
import { useCreditTransactionGraph } from "../api/credits.ts";

const series = serviceKeys.map(({ key, label }) => ({ key, label }));

/** Credits spent per service over time; its own chunk, because recharts is the heaviest dependency. */
/** `company`: staff's chosen company (null: the viewer's own, or every company for staff). */
export default function CreditTransactionChart({ company = null }: { company?: number | null }) {
  const query = useCreditTransactionGraph(company);
  return (
    <Card aria-label="Credit spending per service">
      <LineAreaChart
        title="Credit spending per service"
        data={query.data ? toCreditTransactionPoints(query.data) : []}
        xKey="label"
        xLabel="Period"
        series={series}
        formatValue={formatBalance}
        isLoading={query.isPending}
        error={query.isError ? "We couldn't load the credit transaction graph." : undefined}
        onRetry={() => void query.refetch()}
        emptyMessage="No credits spent yet."
      />
    </Card>
  );
}
