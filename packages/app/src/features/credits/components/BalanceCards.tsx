import { ErrorState, formatBalance, StatCard } from "@sentinel/ui";
import { useCreditBalanceDetail } from "../api/credits.ts";
import * as styles from "./credits.css.ts";

const balanceCards = [
  { key: "balance_network_va", label: "Network VA" },
  { key: "balance_application_va", label: "Application VA" },
  { key: "balance_source_code", label: "Source Code" },
  { key: "balance_threat_inspection", label: "Threat Inspection" },
] as const;

/**
 * One card per credit type and the total the top bar shows. The total can exceed the four
 * cards: it also holds exposure-detection credits, which have no field of their own.
 */
export function BalanceCards() {
  const query = useCreditBalanceDetail();
  const data = query.data;
  return (
    <section className={styles.section} aria-labelledby="credits-balance">
      <h2 id="credits-balance" className={styles.sectionTitle}>
        Balance
      </h2>
      {query.isError ? (
        <ErrorState message="We couldn't load your credit balance." onRetry={() => void query.refetch()} />
      ) : (
        <div className={styles.cardGrid}>
          <StatCard
            label="Total balance"
            value={data ? formatBalance(data.balance) : undefined}
            isLoading={query.isPending}
          />
          {balanceCards.map((card) => (
            <StatCard
              key={card.key}
              label={card.label}
              value={data ? formatBalance(data[card.key]) : undefined}
              isLoading={query.isPending}
            />
          ))}
        </div>
      )}
    </section>
  );
}
