import type { AssetGrowth } from "@sentinel/api-client";
import { ErrorState, formatBalance, Heading, Inline, Stack, StatCard } from "@sentinel/ui";
import { useAssetGrowth, useCompanyGrowth, useUserGrowth } from "../api/dashboard.ts";
import type { DashboardWidget } from "../widgets.ts";
import { Tiles } from "./Tiles.tsx";

const assetCards: ReadonlyArray<{
  key: keyof AssetGrowth & string;
  growth: keyof AssetGrowth & string;
  label: string;
}> = [
  { key: "totals", growth: "totals_growth", label: "Total assets" },
  { key: "networkva", growth: "networkva_growth", label: "Network" },
  { key: "exposure_detection", growth: "exposure_detection_growth", label: "Exposure Detection" },
  { key: "threat_inspection", growth: "threat_inspection_growth", label: "Threat Inspection" },
  { key: "web", growth: "web_growth", label: "Web Application" },
  { key: "sourcecode", growth: "sourcecode_growth", label: "Source Code" },
];

/** Asset counts per area, plus platform users and companies for staff; each with its growth. */
export function GrowthCards({ widgets }: { widgets: ReadonlySet<DashboardWidget> }) {
  const assets = useAssetGrowth(widgets.has("assetGrowth"));
  const users = useUserGrowth(widgets.has("userGrowth"));
  const companies = useCompanyGrowth(widgets.has("companyGrowth"));

  return (
    <Stack as="section" space="medium" aria-labelledby="dashboard-growth">
      <Inline space="small" align="spaceBetween" alignY="baseline">
        <Heading level={2} id="dashboard-growth">
          Growth
        </Heading>
      </Inline>
      {assets.isError ? (
        <ErrorState message="We couldn't load the asset counts." onRetry={() => void assets.refetch()} />
      ) : null}
      <Tiles>
        {assets.isError
          ? null
          : assetCards.map((card) => (
              <StatCard
                key={card.key}
                label={card.label}
                value={assets.data ? formatBalance(assets.data[card.key]) : undefined}
                growth={assets.data?.[card.growth]}
                isLoading={assets.isPending}
              />
            ))}
        {widgets.has("userGrowth") ? (
          <StatCard
            label="Users"
            value={users.data ? formatBalance(users.data.user_total) : undefined}
            growth={users.data?.user_growth}
            isLoading={users.isPending}
            error={users.isError ? "Couldn't load" : undefined}
            onRetry={() => void users.refetch()}
          />
        ) : null}
        {widgets.has("companyGrowth") ? (
          <StatCard
            label="Companies"
            value={companies.data ? formatBalance(companies.data.company_total) : undefined}
            growth={companies.data?.company_growth}
            isLoading={companies.isPending}
            error={companies.isError ? "Couldn't load" : undefined}
            onRetry={() => void companies.refetch()}
          />
        ) : null}
      </Tiles>
    </Stack>
  );
}
