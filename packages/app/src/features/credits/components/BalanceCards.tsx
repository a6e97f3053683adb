import { ErrorState, formatBalance, Heading, Stack, StatCard } from "@sentinel/ui";
import { useCreditBalanceDetail } from "../api/credits.ts";
import * as styles from "./credits.css.ts";

const balanceCards = [
  { key: "balance_network_va", label: "Network VA" },
  { key: "balance_application_va", label: "Web Application VA" },
  { key: "balance_source_code", label: "Source Code" },
  { key: "balance_threat_inspection", label: "Threat Inspection" },
  { key: "balance_exposure_detection", label: "Exposure Detection" },
] as const;

export interface BalanceCardsProps {
  /**
   * Whose balance: `own` (a client's company), `company` (the company staff chose) or `none`
   * (staff with no company chosen: they have no balance of their own, so a prompt shows instead),
   * or `unknown` while the profile has not said the role (the cards wait, asking nothing).
   * @default "own"
   */
  holder?: "own" | "company" | "none" | "unknown";
  /** The company staff chose (with `holder="company"`). @default null */
  company?: number | null;
}

/** One card per credit type and the total the top bar shows, which is exactly the cards' sum. */
export function BalanceCards({ holder = "own", company = null }: BalanceCardsProps) {
  const query = useCreditBalanceDetail(company, holder !== "none" && holder !== "unknown");
  const data = query.data;
  return (
    <Stack as="section" space="medium" aria-labelledby="credits-balance">
      <Heading level={2} id="credits-balance">
        {holder === "company" ? "Balance of the selected company" : "Balance"}
      </Heading>
      {holder === "none" ? (
        <p>Credit balances belong to companies. Choose a company above to see its balance.</p>
      ) : query.isError ? (
        <ErrorState
          message={
            holder === "company" ? "We couldn't load this company's balance." : "We couldn't load your credit balance."
          }
          onRetry={() => void query.refetch()}
        />
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
    </Stack>
  );
}
