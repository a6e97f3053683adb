import { EmptyState, Link } from "@sentinel/ui";
import { Construction } from "lucide-react";
import { paths } from "../config/paths.ts";

/** The honest body of a screen whose feature has not landed yet. */
export function ComingSoon({ feature }: { feature: string }) {
  return (
    <EmptyState
      icon={<Construction aria-hidden="true" />}
      title="Coming soon"
      headingLevel={2}
      description={`This screen is coming with ${feature}.`}
      action={<Link href={paths.dashboard.getHref()}>Back to the dashboard</Link>}
    />
  );
}
